import { expect, type Browser, type Page } from "@playwright/test";

/** Small pieces the browser tests share. */

/** The server refuses writes without a same-site Origin (as browsers send); API calls from a test send it too. */
export const originOf = (page: Page) => ({ Origin: new URL(page.url()).origin });

/** A toast (or any text) by its exact wording. */
export const byText = (page: Page, text: string) => page.getByText(text, { exact: true });

/** Signs in through the login page and waits for the app. */
export async function signIn(page: Page, email: string, password: string) {
  await page.goto("/api/login");
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password").fill(password);
  await page.getByRole("button", { name: "Sign In", exact: true }).last().click();
  await expect(page).toHaveURL(/\/$/);
}

/** Uploads a document to the shared knowledge base as the signed-in admin, waits until it is ingested; its id. */
export const uploadShared = (page: Page, name: string, mimeType: string, buffer: Buffer) =>
  ingest(page, "/api/admin/documents/upload", "/api/admin/upload-sessions", { name, mimeType, buffer });

/** Uploads a document to the signed-in user's private library, waits until it is ingested; its id. */
export const uploadOwn = (page: Page, name: string, mimeType: string, buffer: Buffer) =>
  ingest(page, "/api/documents/upload", "/api/documents/upload-sessions", { name, mimeType, buffer });

async function ingest(page: Page, uploadPath: string, sessionsPath: string, document: { name: string; mimeType: string; buffer: Buffer }): Promise<string> {
  const upload = await page.request.post(uploadPath, { headers: originOf(page), multipart: { document } });
  expect(upload.ok()).toBe(true);
  const { sessionId } = (await upload.json()) as { sessionId: string };
  let id: string | null = null;
  await expect
    .poll(
      async () => {
        const s = (await (await page.request.get(`${sessionsPath}/${sessionId}`)).json()) as { status: string; documentId: string | null };
        id = s.documentId;
        return s.status;
      },
      { timeout: 60_000 },
    )
    .toBe("completed");
  return id!;
}

/** Uploads a text document as the signed-in admin and waits until it is ingested. */
export async function uploadText(page: Page, name: string, text: string) {
  await uploadShared(page, name, "text/plain", Buffer.from(text));
}

/** Creates a conversation, opens it from the history and waits for its empty state; its id. */
export async function openNewConversation(page: Page, title: string): Promise<string> {
  const res = await page.request.post("/api/conversations", { data: { title }, headers: originOf(page) });
  expect(res.status()).toBe(201);
  const { id } = (await res.json()) as { id: string };
  await page.reload();
  await page.getByTestId("conversation-item").filter({ hasText: title }).getByRole("button").first().click();
  await expect(page.getByText("No messages yet. Ask a question below.")).toBeVisible();
  return id;
}

/** Signs a new user up (pending) and has the admin approve them through the admin API. */
export async function approvedUser(browser: Browser, email: string, password: string): Promise<void> {
  await reviewedUser(browser, email, password, "approve");
}

/** Signs a new user up (pending) and has the admin approve or deny them through the admin API. */
export async function reviewedUser(browser: Browser, email: string, password: string, decision: "approve" | "deny"): Promise<void> {
  const page = await browser.newPage();
  await page.goto("/api/login");
  const signUp = await page.request.post("/api/login", {
    headers: originOf(page),
    form: { intent: "signup", email, password, firstName: "Libby", lastName: "Rarian", profession: "veterinarian" },
    maxRedirects: 0,
  });
  expect(signUp.status()).toBe(303);
  await page.context().clearCookies();
  await signIn(page, "admin@clinic.test", "e2e-admin-password");
  const users = (await (await page.request.get("/api/admin/users")).json()) as Array<{ id: string; email: string }>;
  const user = users.find((u) => u.email === email)!;
  expect((await page.request.post(`/api/admin/users/${user.id}/${decision}`, { headers: originOf(page) })).status()).toBe(200);
  await page.close();
}
