import { expect, test } from "@playwright/test";
import { approvedUser, byText as toast, signIn } from "../support/e2e-session";
import { fixtureDocument } from "../support/fixtures";

/**
 * The private document library end to end: a newly approved user opens /documents, uploads a
 * PDF, watches it complete, asks the chat a question that cites it, and deletes it.
 */

const PDF_NAME = "mmwr-unhealthy-housing_us-024.pdf";
const PDF_TITLE = "Inadequate and Unhealthy Housing, 2007 and 2009";
const QUESTION = "What are examples of moderate physical problems in inadequate housing units?";
const PASSWORD = "a good long password";
const email = `library-${Date.now()}@clinic.test`;

test.beforeAll(async ({ browser }) => {
  await approvedUser(browser, email, PASSWORD);
});

test("an approved user uploads a PDF to their library, watches it complete, gets it cited in the chat, and deletes it", async ({ page }) => {
  test.setTimeout(90_000);
  await signIn(page, email, PASSWORD);

  // The account page leads to the library and states the quota.
  await page.goto("/account");
  await expect(page.getByTestId("account-library-count")).toHaveText("0 of 20 documents used");
  await page.getByRole("link", { name: "Open Document Library" }).click();
  await expect(page).toHaveURL(/\/documents$/);

  await expect(page.getByRole("link", { name: "Back to Chat" })).toBeVisible();
  await expect(page.getByRole("link", { name: "Account" })).toBeVisible();
  await expect(page.getByRole("link", { name: "Logout" })).toBeVisible();
  await expect(page.getByText("PDF, DOC, DOCX (max 50MB each)")).toBeVisible();
  await expect(page.getByTestId("library-quota")).toHaveText("0 of 20 documents used");
  await expect(page.getByTestId("library-heading")).toHaveText("Your Documents (0)");
  await expect(page.getByText("No documents uploaded yet")).toBeVisible();

  // A file of another type is refused on the page, before anything is sent.
  await page.getByTestId("library-file-input").setInputFiles({ name: "notes.txt", mimeType: "text/plain", buffer: Buffer.from("plain text") });
  await expect(toast(page, "Upload Failed")).toBeVisible();
  await expect(page.getByTestId("processing-console")).toContainText("notes.txt: only PDF, DOC and DOCX files can be added");

  await page.getByTestId("library-file-input").setInputFiles(fixtureDocument(PDF_NAME));
  await expect(toast(page, "Upload Started")).toBeVisible();
  await expect(page.getByRole("button", { name: "Choose Files" })).toBeDisabled();
  await expect(toast(page, "Processing Complete")).toBeVisible({ timeout: 30_000 });
  await expect(page.getByTestId("processing-console")).toContainText("Completed");
  await expect(page.getByRole("button", { name: "Choose Files" })).toBeEnabled();

  const card = page.getByTestId("library-document");
  await expect(card).toHaveCount(1);
  await expect(card).toContainText(PDF_TITLE);
  await expect(card).toContainText(PDF_NAME);
  await expect(card).toContainText("6 pages");
  await expect(card).toContainText(/Uploaded \w{3} \d{1,2}, \d{4}/);
  await expect(page.getByTestId("library-heading")).toHaveText("Your Documents (1)");
  await expect(page.getByTestId("library-quota")).toHaveText("1 of 20 documents used");

  // The chat searches the private library: the answer cites the PDF.
  await page.getByRole("link", { name: "Back to Chat" }).click();
  await expect(page.getByRole("heading", { name: "AI Search" })).toBeVisible();
  const input = page.getByTestId("chat-input");
  await input.fill(QUESTION);
  await input.press("Enter");
  const answer = page.getByTestId("assistant-message").last();
  const source = answer.getByTestId("sources").getByRole("button", { name: new RegExp(`^\\[${PDF_TITLE}, pg\\. \\d+\\]$`) });
  await expect(source.first()).toBeVisible({ timeout: 20_000 });

  // Delete it, after the confirm.
  await page.goto("/documents");
  await card.getByRole("button", { name: `Delete ${PDF_TITLE}` }).click();
  await expect(page.getByRole("alertdialog")).toContainText("cannot be undone");
  await page.getByRole("alertdialog").getByRole("button", { name: "Delete" }).click();
  await expect(toast(page, "Document Deleted")).toBeVisible();
  await expect(page.getByText("No documents uploaded yet")).toBeVisible();
  await expect(page.getByTestId("library-quota")).toHaveText("0 of 20 documents used");
  expect((await (await page.request.get("/api/documents")).json()) as unknown[]).toEqual([]);
});
