import { expect, test, type Page } from "@playwright/test";

/**
 * The chat screen end to end against the real server: the admin (not beta-gated) uploads a
 * small TXT document so answers have something to cite, then asks, renames, deletes (and undoes), sends
 * feedback, edits settings and switches modes.
 */

const KB_FILE = "e2e-meloxicam-cats.txt";
const KB_TEXT = `Meloxicam in cats

Meloxicam is a non-steroidal anti-inflammatory drug (NSAID) licensed for cats.
For acute post-operative pain in cats, meloxicam is given once as a single subcutaneous dose of 0.3 mg/kg.
For chronic musculoskeletal pain in cats, the oral maintenance dose of meloxicam is 0.05 mg/kg once daily, given with food.
Cats with kidney disease should receive meloxicam only with monitoring of renal values, and dehydrated cats should not receive it.
`;
const QUESTION = "What is the dose of meloxicam in cats?";

type Conversation = { id: string; title: string; createdAt: string };
type Message = { id: string; role: string; content: string; citations: Array<{ document: string; page: string | number; url: string }> };

async function signInAsAdmin(page: Page) {
  await page.goto("/api/login");
  await page.getByLabel("Email").fill("admin@clinic.test");
  await page.getByLabel("Password").fill("e2e-admin-password");
  await page.getByRole("button", { name: "Sign In", exact: true }).last().click();
  await expect(page).toHaveURL(/\/$/);
}

/** The server refuses writes without a same-site Origin (as browsers send); API calls from the test send it too. */
const originOf = (page: Page) => ({ Origin: new URL(page.url()).origin });

/** Uploads the meloxicam text once (through the admin API, as the Documents tab does) and waits for it. */
async function ensureKnowledgeBase(page: Page): Promise<string> {
  const request = page.request;
  const existing = (await (await request.get("/api/admin/documents")).json()) as Array<{ id: string; filename: string; processingStatus: string }>;
  const found = existing.find((d) => d.filename === KB_FILE && d.processingStatus === "completed");
  if (found) return found.id;
  const upload = await request.post("/api/admin/documents/upload", {
    headers: originOf(page),
    multipart: { document: { name: KB_FILE, mimeType: "text/plain", buffer: Buffer.from(KB_TEXT) } },
  });
  expect(upload.ok()).toBe(true);
  const { sessionId } = (await upload.json()) as { sessionId: string };
  let documentId: string | null = null;
  await expect
    .poll(
      async () => {
        const session = (await (await request.get(`/api/admin/upload-sessions/${sessionId}`)).json()) as { status: string; documentId: string | null };
        documentId = session.documentId;
        return session.status;
      },
      { timeout: 30_000 },
    )
    .toBe("completed");
  return documentId!;
}

async function createConversation(page: Page, title: string): Promise<Conversation> {
  const res = await page.request.post("/api/conversations", { data: { title }, headers: originOf(page) });
  expect(res.status()).toBe(201);
  return (await res.json()) as Conversation;
}

const historyItem = (page: Page, title: string) => page.getByTestId("conversation-item").filter({ has: page.getByTestId("conversation-title").getByText(title, { exact: true }) });
const toast = (page: Page, title: string) => page.getByText(title, { exact: true });

let documentId: string | null = null;

test.beforeAll(async ({ browser }) => {
  const page = await browser.newPage();
  await signInAsAdmin(page);
  // Start from an empty history so the empty state is the admin's own.
  const list = (await (await page.request.get("/api/conversations")).json()) as Conversation[];
  for (const c of list) await page.request.delete(`/api/conversations/${c.id}`, { headers: originOf(page) });
  documentId = await ensureKnowledgeBase(page);
  await page.close();
});

test.afterAll(async ({ browser }) => {
  // Leave the library as the other browser tests expect it (empty).
  if (!documentId) return;
  const page = await browser.newPage();
  await signInAsAdmin(page);
  await page.request.delete(`/api/admin/documents/${documentId}`, { headers: originOf(page) });
  await page.close();
});

test.beforeEach(async ({ page }) => {
  await signInAsAdmin(page);
});

test("a first question: pending message, 'Thinking...', a named conversation, an answer with sources that open in a new tab", async ({ page, context }) => {
  await expect(page.getByRole("heading", { name: "AI Search" })).toBeVisible();
  await expect(page.getByTestId("welcome-message")).toBeVisible();
  await expect(page.getByText("No chat history yet")).toBeVisible();

  // Popular suggestions (the spec's fallbacks on a fresh server): a click puts the full question in the box.
  const suggestions = page.getByTestId("suggestions");
  await expect(suggestions.getByRole("button")).toHaveCount(3);
  await suggestions.getByRole("button", { name: "What is the dose for meloxicam in cats?" }).click();
  const input = page.getByTestId("chat-input");
  await expect(input).toHaveValue("What is the dose for meloxicam in cats?");
  await expect(suggestions).toBeHidden();
  await input.fill("");
  await expect(suggestions).toBeVisible();
  await expect(page.getByRole("button", { name: "Send message" })).toBeDisabled();

  // Hold the answer request so the in-between state can be seen.
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route("**/api/conversations/*/messages/stream", async (route) => {
    await held;
    await route.continue();
  });

  await input.fill(QUESTION);
  await input.press("Enter");
  await expect(page.getByTestId("user-message")).toHaveText(`You: ${QUESTION}`);
  await expect(page.getByTestId("thinking")).toHaveText("Thinking...");
  await expect(page.getByRole("button", { name: "Send message" })).toBeHidden();
  await expect(page.getByRole("button", { name: "Stop the answer" })).toBeVisible();
  // The conversation was created and named from the question before the answer started.
  await expect(historyItem(page, QUESTION)).toBeVisible();
  await expect(historyItem(page, QUESTION).locator("time")).not.toBeEmpty();
  release();

  const answer = page.getByTestId("assistant-message").last();
  await expect(answer).toContainText("0.05 mg/kg", { timeout: 20_000 });
  // No model is configured here: the line under the answer says it was quoted, not written by a model.
  await expect(answer.getByTestId("answered-by")).toHaveText("Quoted from the knowledge base (no model)");
  await expect(page.getByTestId("thinking")).toBeHidden();
  await expect(input).toHaveValue("");
  await expect(page.getByRole("button", { name: "Send message" })).toBeVisible();

  // Sources: '[document, pg. page]'; a click opens the citation's url in a new tab.
  const conversations = (await (await page.request.get("/api/conversations")).json()) as Conversation[];
  const conversation = conversations.find((c) => c.title === QUESTION)!;
  const stored = (await (await page.request.get(`/api/conversations/${conversation.id}/messages`)).json()) as Message[];
  const citation = stored.filter((m) => m.role === "assistant").at(-1)!.citations[0]!;
  const source = answer.getByTestId("sources").getByRole("button", { name: `[${citation.document}, pg. ${citation.page}]` });
  await expect(source).toBeVisible();
  const opened = context.waitForEvent("page");
  await source.click();
  const tab = await opened;
  await tab.waitForLoadState();
  expect(new URL(tab.url()).pathname + new URL(tab.url()).search).toBe(citation.url);
  await tab.close();

  // New Chat goes back to the welcome pane; the conversation opens again from the history.
  await page.getByRole("button", { name: "New Chat" }).click();
  await expect(page.getByTestId("welcome-message")).toBeVisible();
  await historyItem(page, QUESTION).getByRole("button").first().click();
  await expect(page.getByTestId("assistant-message").last()).toContainText("0.05 mg/kg");
  await expect(page.getByTestId("assistant-message").last().getByTestId("answered-by")).toHaveText("Quoted from the knowledge base (no model)");
});

test("Stop ends a question that is on its way without an error; a failed send says so", async ({ page }) => {
  const conversation = await createConversation(page, "Stop and failure");
  await page.reload();
  await historyItem(page, conversation.title).getByRole("button").first().click();
  await expect(page.getByText("No messages yet. Ask a question below.")).toBeVisible();

  await page.route("**/api/conversations/*/messages/stream", () => {
    // Never answered: the request stays open until the page stops it.
  });
  const input = page.getByTestId("chat-input");
  await input.fill("A question that will be stopped");
  await page.getByRole("button", { name: "Send message" }).click();
  await expect(page.getByTestId("thinking")).toBeVisible();
  await page.getByRole("button", { name: "Stop the answer" }).click();
  await expect(page.getByTestId("thinking")).toBeHidden();
  await expect(page.getByText(/Failed to send message/)).toHaveCount(0);
  // Nothing was stored, so the question is still in the box to send again.
  await expect(input).toHaveValue("A question that will be stopped");

  await page.unroute("**/api/conversations/*/messages/stream");
  await page.route("**/api/conversations/*/messages/stream", (route) =>
    route.fulfill({ status: 502, contentType: "application/json", body: JSON.stringify({ message: "The answer could not be written" }) }),
  );
  await page.getByRole("button", { name: "Send message" }).click();
  await expect(page.getByText("Failed to send message. The answer could not be written", { exact: true })).toBeVisible();
  await expect(input).toHaveValue("A question that will be stopped");
});

test("rename from the right-click menu: Enter saves, Escape and an empty title cancel, blur saves", async ({ page }) => {
  await createConversation(page, "Rename me");
  await page.reload();
  const item = historyItem(page, "Rename me");
  await expect(item).toBeVisible();

  await item.click({ button: "right" });
  await page.getByRole("menuitem", { name: "Rename" }).click();
  const field = page.getByLabel("Conversation title");
  await expect(field).toBeFocused();
  await field.fill("Feline NSAID dosing");
  await field.press("Enter");
  await expect(toast(page, "Success")).toBeVisible();
  await expect(historyItem(page, "Feline NSAID dosing")).toBeVisible();

  await historyItem(page, "Feline NSAID dosing").click({ button: "right" });
  await page.getByRole("menuitem", { name: "Rename" }).click();
  await page.getByLabel("Conversation title").fill("Should not be kept");
  await page.getByLabel("Conversation title").press("Escape");
  await expect(historyItem(page, "Feline NSAID dosing")).toBeVisible();
  await expect(historyItem(page, "Should not be kept")).toHaveCount(0);

  await historyItem(page, "Feline NSAID dosing").click({ button: "right" });
  await page.getByRole("menuitem", { name: "Rename" }).click();
  await page.getByLabel("Conversation title").fill("   ");
  await page.getByLabel("Conversation title").press("Enter");
  await expect(historyItem(page, "Feline NSAID dosing")).toBeVisible();

  await historyItem(page, "Feline NSAID dosing").click({ button: "right" });
  await page.getByRole("menuitem", { name: "Rename" }).click();
  await page.getByLabel("Conversation title").fill("Renamed on blur");
  await page.getByRole("heading", { name: "AI Search" }).click();
  await expect(historyItem(page, "Renamed on blur")).toBeVisible();

  await page.reload();
  await expect(historyItem(page, "Renamed on blur")).toBeVisible();
});

test("delete from the right-click menu: gone at once and after a reload; a failed delete puts it back", async ({ page }) => {
  await createConversation(page, "Delete me");
  await createConversation(page, "Keep me");
  await page.reload();

  // A failing server: the conversation comes back and the user is told.
  await page.route("**/api/conversations/*", (route) =>
    route.request().method() === "DELETE" ? route.fulfill({ status: 500, body: "boom" }) : route.fallback(),
  );
  await historyItem(page, "Keep me").click({ button: "right" });
  await page.getByRole("menuitem", { name: "Delete Conversation" }).click();
  await expect(page.getByText("Failed to delete conversation", { exact: true })).toBeVisible();
  await expect(historyItem(page, "Keep me")).toBeVisible();
  await page.unroute("**/api/conversations/*");

  // The open conversation is deleted: the selection clears back to the welcome pane.
  await historyItem(page, "Delete me").getByRole("button").first().click();
  await expect(page.getByTestId("welcome-message")).toBeHidden();
  await historyItem(page, "Delete me").click({ button: "right" });
  await page.getByRole("menuitem", { name: "Delete Conversation" }).click();
  await expect(historyItem(page, "Delete me")).toHaveCount(0);
  await expect(toast(page, "Success")).toBeVisible();
  await expect(page.getByTestId("welcome-message")).toBeVisible();
  await page.reload();
  await expect(historyItem(page, "Keep me")).toBeVisible();
  await expect(historyItem(page, "Delete me")).toHaveCount(0);
});

test("a deleted conversation comes back with Undo in its toast, reopened, and stays after a reload", async ({ page }) => {
  await createConversation(page, "Undo me");
  await page.reload();
  await historyItem(page, "Undo me").getByRole("button").first().click();
  await expect(page.getByText("No messages yet. Ask a question below.")).toBeVisible();
  await historyItem(page, "Undo me").click({ button: "right" });
  await page.getByRole("menuitem", { name: "Delete Conversation" }).click();
  await expect(historyItem(page, "Undo me")).toHaveCount(0);
  await expect(page.getByTestId("welcome-message")).toBeVisible();

  await page.getByRole("button", { name: "Undo", exact: true }).click();
  await expect(toast(page, "Conversation restored.")).toBeVisible();
  await expect(historyItem(page, "Undo me")).toBeVisible();
  await expect(historyItem(page, "Undo me").getByRole("button").first()).toHaveAttribute("aria-current", "true");
  await expect(page.getByText("No messages yet. Ask a question below.")).toBeVisible();
  // The server restored it: a reload shows it too.
  await page.reload();
  await expect(historyItem(page, "Undo me")).toBeVisible();
});

test("an open conversation is in the address: a reload or the back button shows it from the page's own data", async ({ page }) => {
  const first = await createConversation(page, "Loaded with the page");
  const asked = await page.request.post(`/api/conversations/${first.id}/messages`, {
    data: { content: QUESTION, usePubmed: false, useThinkHarder: false },
    headers: originOf(page),
  });
  expect(asked.status()).toBe(200);
  const second = await createConversation(page, "Opened second");
  await page.reload();
  await historyItem(page, "Loaded with the page").getByRole("button").first().click();
  await expect(page).toHaveURL(new RegExp(`\\?conversation=${first.id}$`));
  await expect(page.getByTestId("assistant-message")).toContainText("0.05 mg/kg");
  await historyItem(page, "Opened second").getByRole("button").first().click();
  await expect(page).toHaveURL(new RegExp(`\\?conversation=${second.id}$`));
  await expect(page.getByText("No messages yet. Ask a question below.")).toBeVisible();

  // A reload: the messages come with the page, no API call is made to show them.
  const calls: string[] = [];
  page.on("request", (request) => {
    const { pathname } = new URL(request.url());
    if (pathname.startsWith("/api/")) calls.push(pathname);
  });
  await page.goBack();
  await expect(page.getByTestId("assistant-message")).toContainText("0.05 mg/kg");
  await page.reload();
  await expect(page.getByTestId("user-message")).toHaveText(`You: ${QUESTION}`);
  await expect(page.getByTestId("assistant-message")).toContainText("0.05 mg/kg");
  await expect(historyItem(page, "Loaded with the page").getByRole("button").first()).toHaveAttribute("aria-current", "true");
  expect(calls).toEqual([]);
});

test("on a small screen the history panel closes after choosing a conversation or a new chat", async ({ page }) => {
  await createConversation(page, "Small screen");
  await page.setViewportSize({ width: 390, height: 780 });
  await page.reload();
  const sidebar = page.getByTestId("chat-sidebar");
  // The rail (once the page is hydrated, which is when a small screen starts collapsed).
  await expect(sidebar).toHaveAttribute("data-expanded", "false");
  await page.getByRole("button", { name: "Keep the sidebar open" }).click();
  await expect(sidebar).toHaveAttribute("data-expanded", "true");
  await historyItem(page, "Small screen").getByRole("button").first().click();
  await expect(page.getByText("No messages yet. Ask a question below.")).toBeVisible();
  await expect(sidebar).toHaveAttribute("data-expanded", "false");
  await expect(historyItem(page, "Small screen")).toHaveCount(0);

  await page.getByRole("button", { name: "Keep the sidebar open" }).click();
  await page.getByRole("button", { name: "New Chat" }).click();
  await expect(page.getByTestId("welcome-message")).toBeVisible();
  await expect(sidebar).toHaveAttribute("data-expanded", "false");
});

test("the Feedback dialog checks the length and sends", async ({ page }) => {
  await page.getByRole("button", { name: "Feedback", exact: true }).click();
  const dialog = page.getByRole("dialog", { name: "Send Feedback" });
  await expect(dialog).toBeVisible();
  await dialog.getByRole("button", { name: "Cancel" }).click();
  await expect(dialog).toBeHidden();

  await page.getByRole("button", { name: "Feedback", exact: true }).click();
  await dialog.getByLabel("Your Feedback").fill("  too short ");
  await dialog.getByRole("button", { name: "Send Feedback" }).click();
  await expect(dialog.getByRole("alert")).toHaveText("Feedback must be at least 10 characters long");
  await dialog.getByLabel("Your Feedback").fill("The meloxicam answer cited the right page. Thank you!");
  await dialog.getByRole("button", { name: "Send Feedback" }).click();
  await expect(toast(page, "Feedback Sent")).toBeVisible();
  await expect(dialog).toBeHidden();
});

test("the Settings dialog loads the stored settings and saves changes", async ({ page }) => {
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route("**/api/user/settings", async (route) => {
    if (route.request().method() === "GET") await held;
    await route.fallback();
  });
  await page.getByRole("button", { name: "Settings", exact: true }).click();
  const dialog = page.getByRole("dialog", { name: "User Settings" });
  await expect(dialog.getByText("Loading settings...")).toBeVisible();
  release();

  const journals = dialog.getByLabel("PubMed Priority Journals");
  await expect(journals).toHaveValue(/J Vet Intern Med/);
  await expect(dialog.getByLabel("Custom System Prompt")).toHaveValue(/I cannot find information about this topic/);
  // No language model here: the extractive answerer does not read the custom prompt, and the dialog says so.
  await expect(dialog.getByTestId("custom-prompt-note")).toHaveText(/applies only when a language model is configured/);
  await journals.fill("J Feline Med Surg, Vet J");
  await dialog.getByRole("button", { name: "Save Settings" }).click();
  await expect(toast(page, "Settings Saved")).toBeVisible();
  await expect(dialog).toBeHidden();

  await page.unroute("**/api/user/settings");
  await page.reload();
  await page.getByRole("button", { name: "Settings", exact: true }).click();
  await expect(dialog.getByLabel("PubMed Priority Journals")).toHaveValue("J Feline Med Surg, Vet J");
  await dialog.getByRole("button", { name: "Cancel" }).click();
  await expect(dialog).toBeHidden();
});

test("the PubMed and Think Harder toggles change the placeholder and the banner, which can be dismissed", async ({ page }) => {
  const input = page.getByTestId("chat-input");
  const pubmed = page.getByRole("button", { name: "PubMed", exact: true });
  const thinkHarder = page.getByRole("button", { name: "Think Harder", exact: true });
  const banner = page.getByTestId("mode-banner");

  await expect(input).toHaveAttribute("placeholder", "Search a database of veterinary textbooks/journals to answer clinical questions...");
  await expect(banner).toHaveCount(0);

  await pubmed.click();
  await expect(pubmed).toHaveAttribute("aria-pressed", "true");
  await expect(input).toHaveAttribute("placeholder", "Search PubMed medical literature...");
  await expect(banner).toContainText("PubMed mode");

  await thinkHarder.click();
  await expect(input).toHaveAttribute("placeholder", "Ask a question for comprehensive research analysis...");
  await expect(banner).toContainText("Think Harder mode");

  await banner.getByRole("button", { name: /Dismiss/ }).click();
  await expect(banner).toContainText("PubMed mode");
  await banner.getByRole("button", { name: /Dismiss/ }).click();
  await expect(banner).toHaveCount(0);

  // Turning a mode on again brings its banner back.
  await thinkHarder.click();
  await expect(thinkHarder).toHaveAttribute("aria-pressed", "false");
  await expect(input).toHaveAttribute("placeholder", "Search PubMed medical literature...");
  await thinkHarder.click();
  await expect(banner).toContainText("Think Harder mode");

  // Shift+Enter is a new line, not a send.
  await input.fill("line one");
  await input.press("Shift+Enter");
  await input.pressSequentially("line two");
  await expect(input).toHaveValue("line one\nline two");
  await expect(page.getByTestId("user-message")).toHaveCount(0);
});

test("a signed-out send takes the Unauthorized path to the login page", async ({ page }) => {
  await createConversation(page, "Signed out later");
  await page.reload();
  await historyItem(page, "Signed out later").getByRole("button").first().click();
  // The session ends (as when it expires) while the page is open.
  await page.context().clearCookies();
  await page.getByTestId("chat-input").fill("Anything");
  await page.getByTestId("chat-input").press("Enter");
  await expect(toast(page, "Unauthorized")).toBeVisible();
  await expect(page.getByText("You are logged out. Logging in again...", { exact: true })).toBeVisible();
  await expect(page).toHaveURL(/\/api\/login/);
  await expect(page.getByLabel("Password")).toBeVisible();
});
