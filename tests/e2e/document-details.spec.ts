import { expect, test, type Page } from "@playwright/test";
import { byText as toast, originOf, signIn } from "../support/e2e-session";
import { fixtureDocument } from "../support/fixtures";

/**
 * Editing a title end to end: a user's private PDF is cited by its title; they rename it with Edit details
 * on the library page, and the next answer's source carries the new name.
 */

const PDF_NAME = "mmwr-unhealthy-housing_us-024.pdf";
const PDF_TITLE = "Inadequate and Unhealthy Housing, 2007 and 2009";
const NEW_TITLE = "CDC Housing Report 2009";
const QUESTION = "What are examples of moderate physical problems in inadequate housing units?";
const PASSWORD = "a good long password";
const email = `details-${Date.now()}@clinic.test`;

const sourceNamed = (page: Page, title: string) =>
  page
    .getByTestId("assistant-message")
    .last()
    .getByTestId("sources")
    .getByRole("button", { name: new RegExp(`^\\[${title}, pg\\. \\d+\\]$`) });

async function ask(page: Page, question: string) {
  const input = page.getByTestId("chat-input");
  await input.fill(question);
  await input.press("Enter");
}

test.beforeAll(async ({ browser }) => {
  // A new user, approved by the admin through the admin API.
  const page = await browser.newPage();
  await page.goto("/api/login");
  const signUp = await page.request.post("/api/login", {
    headers: originOf(page),
    form: { intent: "signup", email, password: PASSWORD, firstName: "Eddie", lastName: "Tor", profession: "veterinarian" },
    maxRedirects: 0,
  });
  expect(signUp.status()).toBe(303);
  await page.context().clearCookies();
  await signIn(page, "admin@clinic.test", "e2e-admin-password");
  const users = (await (await page.request.get("/api/admin/users")).json()) as Array<{ id: string; email: string }>;
  const user = users.find((u) => u.email === email)!;
  expect((await page.request.post(`/api/admin/users/${user.id}/approve`, { headers: originOf(page) })).status()).toBe(200);
  await page.close();
});

test("editing a document's title changes the citation label of the next answer", async ({ page }) => {
  test.setTimeout(90_000);
  await signIn(page, email, PASSWORD);
  await page.goto("/documents");
  await page.getByTestId("library-file-input").setInputFiles(fixtureDocument(PDF_NAME));
  await expect(toast(page, "Processing Complete")).toBeVisible({ timeout: 30_000 });
  const card = page.getByTestId("library-document");
  await expect(card).toContainText(PDF_TITLE);

  await page.getByRole("link", { name: "Back to Chat" }).click();
  await ask(page, QUESTION);
  await expect(sourceNamed(page, PDF_TITLE).first()).toBeVisible({ timeout: 20_000 });

  // Edit details: a blank title is refused in the dialog; a new one is saved.
  await page.goto("/documents");
  await card.getByRole("button", { name: `Edit details of ${PDF_TITLE}` }).click();
  const dialog = page.getByTestId("edit-details-dialog");
  await expect(dialog.getByLabel("Title")).toHaveValue(PDF_TITLE);
  await dialog.getByLabel("Title").fill("   ");
  await dialog.getByRole("button", { name: "Save" }).click();
  await expect(dialog.getByRole("alert")).toHaveText("Title must not be blank");
  await dialog.getByLabel("Title").fill(NEW_TITLE);
  await dialog.getByLabel("Authors").fill("CDC");
  await dialog.getByLabel("Year").fill("2011");
  await dialog.getByRole("button", { name: "Save" }).click();
  await expect(toast(page, "Details saved")).toBeVisible();
  await expect(dialog).toBeHidden();
  await expect(card).toContainText(NEW_TITLE);
  await expect(card.getByTestId("library-document-byline")).toHaveText("CDC · 2011");

  await page.getByRole("link", { name: "Back to Chat" }).click();
  await ask(page, QUESTION);
  await expect(sourceNamed(page, NEW_TITLE).first()).toBeVisible({ timeout: 20_000 });
  await expect(sourceNamed(page, PDF_TITLE)).toHaveCount(0);
});
