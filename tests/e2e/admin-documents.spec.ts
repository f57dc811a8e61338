import { expect, test } from "@playwright/test";
import { fixtureDocument } from "../support/fixtures";

test.beforeEach(async ({ page }) => {
  await page.goto("/api/login");
  await page.getByLabel("Email").fill("admin@clinic.test");
  await page.getByLabel("Password").fill("e2e-admin-password");
  await page.getByRole("button", { name: "Sign In", exact: true }).last().click();
  await expect(page).toHaveURL(/\/$/);
});

test("the admin uploads a PDF in the Documents tab and watches it complete", async ({ page }) => {
  await page.goto("/admin");
  // The dashboard opens on Overview; the Documents tab is one click away.
  await page.getByRole("tab", { name: "Documents" }).click();
  await expect(page.getByTestId("retrieval-mode")).toContainText("lexical only");
  await expect(page.getByTestId("processing-console")).toContainText("Ready for document upload...");
  await expect(page.getByText("No documents uploaded yet")).toBeVisible();

  await page.getByTestId("file-input").setInputFiles(fixtureDocument("mmwr-unhealthy-housing_us-024.pdf"));
  await expect(page.getByText("Upload Started", { exact: true })).toBeVisible();
  await expect(page.getByRole("button", { name: "Select Files" })).toBeDisabled();
  await expect(page.getByText("Processing Complete", { exact: true })).toBeVisible({ timeout: 30_000 });
  await expect(page.getByTestId("processing-console")).toContainText("Completed");

  const list = page.getByTestId("document-list");
  await expect(list).toContainText("mmwr-unhealthy-housing_us-024.pdf");
  await expect(list).toContainText("6 pages");
  await expect(list).toContainText("KB");
  await expect(page.getByTestId("document-count")).toHaveText("1 of 1 documents");

  // Filters
  await page.getByPlaceholder("Title, filename or author").fill("no such thing");
  await expect(page.getByText("No documents match the current filters")).toBeVisible();
  await page.getByRole("button", { name: "Clear All Filters" }).click();
  await expect(page.getByTestId("document-count")).toHaveText("1 of 1 documents");

  // Console Clear
  await page.getByRole("button", { name: "Clear", exact: true }).click();
  await expect(page.getByTestId("processing-console")).toHaveText("Ready for document upload...");

  // Delete with its confirm
  await page.getByRole("button", { name: /^Delete / }).click();
  await expect(page.getByRole("alertdialog")).toContainText("chunks and embeddings");
  await page.getByRole("alertdialog").getByRole("button", { name: "Delete" }).click();
  await expect(page.getByText("Document Deleted", { exact: true })).toBeVisible();
  await expect(page.getByText("No documents uploaded yet")).toBeVisible();
});

test("a non-admin cannot open /admin", async ({ page }) => {
  await page.goto("/api/logout");
  await page.goto("/admin");
  await expect(page).toHaveURL(/\/api\/login/);
});
