import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { expect, test, type Page } from "@playwright/test";
import { fixtureDocument } from "../support/fixtures";
import { byText as toast, originOf, signIn } from "../support/e2e-session";

/**
 * Uploads that tell the truth, in the admin Documents tab: a folder holding a file twice (under two
 * names) uploads it once and says the other was skipped; a damaged PDF stays listed as failed with its
 * reason, under the Failed filter, and Retry runs it again. (That the retry of a file whose failure has
 * gone away completes is tested over HTTP in tests/integration/uploads.test.ts: making the failure go
 * away needs the server's data folder, which this shared browser server keeps to itself.)
 */

const NOTES = "Cefovecin in cats\n\nCefovecin is a long-acting cephalosporin given at 8 mg/kg by subcutaneous injection.\n";
const OTHER = "Robenacoxib in dogs\n\nRobenacoxib is given to dogs at 1 mg/kg orally once daily.\n";

async function openDocumentsTab(page: Page) {
  await page.goto("/admin");
  await page.getByRole("tab", { name: "Documents" }).click();
  await expect(page.getByTestId("processing-console")).toContainText("Ready for document upload...");
}

/** Deletes what a test added to the shared knowledge base, so the specs after it see the library as they left it. */
async function removeDocuments(page: Page, filenames: string[]) {
  const docs = (await (await page.request.get("/api/admin/documents")).json()) as Array<{ id: string; filename: string }>;
  for (const d of docs.filter((d) => filenames.includes(d.filename))) {
    await page.request.delete(`/api/admin/documents/${d.id}`, { headers: originOf(page) });
  }
}

test.beforeEach(async ({ page }) => {
  await signIn(page, "admin@clinic.test", "e2e-admin-password");
});

test("a folder upload skips a file already in the library and says so for that file", async ({ page }) => {
  const folder = fs.mkdtempSync(path.join(os.tmpdir(), "e2e-folder-"));
  try {
    fs.writeFileSync(path.join(folder, "cefovecin.txt"), NOTES);
    fs.writeFileSync(path.join(folder, "robenacoxib.txt"), OTHER);
    fs.writeFileSync(path.join(folder, "cefovecin copy.txt"), NOTES);
    await openDocumentsTab(page);
    await page.getByTestId("folder-input").setInputFiles(folder);
    await expect(toast(page, "Folder Processing Complete")).toBeVisible({ timeout: 30_000 });

    const results = page.getByTestId("upload-results").getByRole("listitem");
    await expect(results).toHaveCount(3);
    // Whichever of the two copies came second is the one skipped.
    const skipped = results.filter({ hasText: "Skipped: already in the library as" });
    await expect(skipped).toHaveCount(1);
    await expect(skipped).toContainText(/^cefovecin( copy)?\.txt: Skipped: already in the library as /);
    await expect(results.filter({ hasText: "Completed" })).toHaveCount(2);
    await expect(page.getByText(/2 succeeded, 1 skipped \(already in the library\), 0 failed/).first()).toBeVisible();

    const list = page.getByTestId("document-list");
    await expect(list.getByText(/^cefovecin( copy)?\.txt ·/)).toHaveCount(1);
    await expect(list).toContainText("robenacoxib.txt");
  } finally {
    fs.rmSync(folder, { recursive: true, force: true });
    await removeDocuments(page, ["cefovecin.txt", "cefovecin copy.txt", "robenacoxib.txt"]);
  }
});

test("a failed upload is listed with its reason under Failed, and Retry runs it again", async ({ page }) => {
  try {
    await openDocumentsTab(page);
    await page.getByTestId("file-input").setInputFiles({ name: "damaged.pdf", mimeType: "application/pdf", buffer: fs.readFileSync(fixtureDocument("malformed_invalid-header-only.pdf")) });
    await expect(toast(page, "Processing Failed")).toBeVisible({ timeout: 30_000 });

    const row = page.getByTestId("document-list").getByRole("listitem").filter({ hasText: "damaged.pdf" });
    await expect(row).toContainText("failed");
    const reason = row.getByTestId("document-error");
    await expect(reason).toHaveText(/^Failed: .*(damaged|cannot be read|not a valid PDF)/i);
    const reasonText = await reason.textContent();

    // The Failed filter shows it (it is no longer always empty).
    await page.getByRole("combobox", { name: /^Status/ }).selectOption("failed");
    await expect(page.getByTestId("document-list").getByRole("listitem")).toHaveCount(1);
    await expect(page.getByTestId("document-count")).toHaveText(/^1 of \d+ documents$/);

    await row.getByRole("button", { name: /^Retry / }).click();
    await expect(toast(page, "Retry Started")).toBeVisible();
    await expect(page.getByTestId("processing-console")).toContainText("Retrying damaged...");
    // It ran again (a new session, the server's console says so) and failed again, for the same reason.
    await expect
      .poll(async () => {
        const docs = (await (await page.request.get("/api/admin/documents")).json()) as Array<{ filename: string; processingStatus: string }>;
        return docs.find((d) => d.filename === "damaged.pdf")?.processingStatus;
      })
      .toBe("failed");
    await expect(reason).toHaveText(reasonText!);
    await expect(row.getByRole("button", { name: /^Retry / })).toBeVisible();
  } finally {
    await removeDocuments(page, ["damaged.pdf"]);
  }
});
