import { expect, test, type Browser, type BrowserContext, type Locator, type Page } from "@playwright/test";

/**
 * The admin dashboard end to end against the real server: each tab, with people signing up in
 * their own browser contexts, and the chat screen showing what the admin changed.
 */

const ADMIN_EMAIL = "admin@clinic.test";
const ADMIN_PASSWORD = "e2e-admin-password";
const TAB_ORDER = ["Overview", "Users", "Activity Logs", "Feedback", "Documents", "System Prompt", "Customize"];

type Person = { firstName: string; lastName: string; email: string; profession: string };
type AdminUser = { id: string; email: string };
type SystemPrompts = { mainPrompt: string; thinkHarderPrompt: string; pubmedPrompt: string };

let sequence = 0;
function newPerson(firstName: string, profession = "veterinarian"): Person {
  sequence += 1;
  return { firstName, lastName: `Tester${sequence}`, email: `${firstName.toLowerCase()}-${Date.now()}-${sequence}@clinic.test`, profession };
}

/** The server refuses writes without a same-site Origin (as browsers send); API calls from the test send it too. */
const originOf = (page: Page) => ({ Origin: new URL(page.url()).origin });
const toast = (page: Page, text: string) => page.getByText(text, { exact: true });

async function signIn(page: Page, email: string, password: string) {
  await page.goto("/api/login");
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password").fill(password);
  await page.getByRole("button", { name: "Sign In", exact: true }).last().click();
  await expect(page).toHaveURL(/\/$/);
}

/** Signs a new person up in a browser of their own; they land on the beta page. */
async function signUp(browser: Browser, person: Person): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext();
  const page = await context.newPage();
  await page.goto("/api/login");
  await page.getByRole("tab", { name: "Sign Up" }).click();
  await page.getByLabel("First name").fill(person.firstName);
  await page.getByLabel("Last name").fill(person.lastName);
  await page.getByLabel("Email").fill(person.email);
  await page.getByLabel("Password").fill("a good long password");
  await page.getByLabel("Profession").selectOption(person.profession);
  await page.getByRole("button", { name: "Sign Up", exact: true }).last().click();
  await expect(page).toHaveURL(/\/beta-access$/);
  return { context, page };
}

/** Runs `work` as the admin in a browser of its own (used to put shared settings back whatever the test did). */
async function asAdmin(browser: Browser, work: (page: Page) => Promise<void>) {
  const context = await browser.newContext();
  try {
    const page = await context.newPage();
    await signIn(page, ADMIN_EMAIL, ADMIN_PASSWORD);
    await work(page);
  } finally {
    await context.close();
  }
}

async function userId(admin: Page, email: string): Promise<string> {
  const users = (await (await admin.request.get("/api/admin/users")).json()) as AdminUser[];
  const found = users.find((u) => u.email === email);
  expect(found, `user ${email} is listed`).toBeTruthy();
  return found!.id;
}

async function openAdmin(page: Page, tab?: string) {
  await page.goto("/admin");
  await expect(page.getByRole("tab", { name: "Overview" })).toHaveAttribute("aria-selected", "true");
  if (tab) await page.getByRole("tab", { name: tab, exact: true }).click();
}

const statCard = (scope: Page | Locator, label: string) => scope.getByRole("group", { name: label, exact: true }).getByTestId("stat-value");
/** A time-ago of something this test just did (a slow machine may take a minute or two). */
const RECENT = "(just now|\\d+ minutes? ago)";
const userCard = (page: Page, email: string) => page.getByTestId("user-card").filter({ hasText: email });

test.beforeEach(async ({ page }) => {
  await signIn(page, ADMIN_EMAIL, ADMIN_PASSWORD);
});

test("the dashboard opens on Overview with the tabs in order, and Overview shows the server's numbers", async ({ page, browser }) => {
  await page.goto("/admin");
  await expect(page.getByRole("link", { name: "Dashboard" })).toHaveAttribute("href", "/");
  await expect(page.getByRole("link", { name: "Logout" })).toHaveAttribute("href", "/api/logout");
  await expect(page.getByRole("banner")).toContainText("Admin");
  await expect(page.getByRole("tab")).toHaveText(TAB_ORDER);
  await expect(page.getByRole("tab", { name: "Overview" })).toHaveAttribute("aria-selected", "true");

  type Stats = { totalUsers: number; totalConversations: number; totalDocuments: number; totalQueries: number; recentActivity: { logins: number; registrations: number; profileUpdates: number } };
  const before = (await (await page.request.get("/api/admin/stats")).json()) as Stats;
  await expect(statCard(page, "Total Users")).toHaveText(before.totalUsers.toLocaleString("en-US"));
  await expect(statCard(page, "Conversations")).toHaveText(before.totalConversations.toLocaleString("en-US"));
  await expect(statCard(page, "Documents")).toHaveText(before.totalDocuments.toLocaleString("en-US"));
  await expect(statCard(page, "Questions Asked")).toHaveText(before.totalQueries.toLocaleString("en-US"));
  const recent = page.getByTestId("recent-activity");
  await expect(recent).toContainText("last 7 days");
  await expect(statCard(recent, "Recent Logins")).toHaveText(String(before.recentActivity.logins));
  await expect(statCard(recent, "New Registrations")).toHaveText(String(before.recentActivity.registrations));
  await expect(statCard(recent, "Profile Updates")).toHaveText(String(before.recentActivity.profileUpdates));

  // Someone signs up: Overview counts them when it is opened again.
  const newcomer = await signUp(browser, newPerson("Olga"));
  await page.getByRole("tab", { name: "Users" }).click();
  await page.getByRole("tab", { name: "Overview" }).click();
  await expect(statCard(page, "Total Users")).toHaveText(String(before.totalUsers + 1));
  await expect(statCard(recent, "New Registrations")).toHaveText(String(before.recentActivity.registrations + 1));
  await newcomer.context.close();

  // The Documents tab (the knowledge base's own spec covers it) is one click away.
  await page.getByRole("tab", { name: "Documents" }).click();
  await expect(page.getByTestId("processing-console")).toContainText("Ready for document upload...");
});

test("Users: approve one pending sign-up and deny another; the approved one reaches the app; Activity Logs records it all", async ({ page, browser }) => {
  const approved = newPerson("Anna", "veterinary-technician");
  const denied = newPerson("Dario", "nurse");
  const anna = await signUp(browser, approved);
  const dario = await signUp(browser, denied);

  await openAdmin(page, "Users");
  const annaCard = userCard(page, approved.email);
  await expect(annaCard.getByRole("heading")).toHaveText(`${approved.firstName} ${approved.lastName}`);
  await expect(annaCard).toContainText("Veterinary Technician");
  await expect(annaCard.getByTestId("beta-badge")).toHaveText("pending");
  await expect(annaCard).toContainText(new RegExp(`Joined ${RECENT}`));
  await expect(annaCard).toContainText("Last login: Never");
  const stats = annaCard.getByTestId("user-stats");
  await expect(stats).toContainText("Conversations0");
  await expect(stats).toContainText("Documents0");
  await expect(stats).toContainText("Questions Asked0");
  await expect(stats).toContainText("Total Logins0");
  await expect(userCard(page, denied.email)).toContainText("Nurse");

  // The admin is approved already: no decision buttons, a '{status} by admin' line instead.
  const adminCard = userCard(page, ADMIN_EMAIL);
  await expect(adminCard.getByRole("button", { name: "Approve" })).toHaveCount(0);
  await expect(adminCard.getByTestId("decision-line")).toContainText("approved by admin");

  await annaCard.getByRole("button", { name: "Approve" }).click();
  await expect(toast(page, "User Approved")).toBeVisible();
  await expect(toast(page, "User has been granted beta access")).toBeVisible();
  await expect(annaCard.getByTestId("beta-badge")).toHaveText("approved");
  await expect(annaCard.getByTestId("decision-line")).toHaveText(/^approved by admin on \w{3} \d{1,2}, \d{4}$/);
  await expect(annaCard.getByRole("button", { name: "Approve" })).toHaveCount(0);
  await expect(annaCard.getByRole("button", { name: "Deny" })).toHaveCount(0);

  const darioCard = userCard(page, denied.email);
  await darioCard.getByRole("button", { name: "Deny" }).click();
  await expect(toast(page, "User Denied")).toBeVisible();
  await expect(toast(page, "User access has been denied")).toBeVisible();
  await expect(darioCard.getByTestId("beta-badge")).toHaveText("denied");
  await expect(darioCard.getByTestId("decision-line")).toContainText("denied by admin");

  // The decisions are the server's: they survive a reload.
  await openAdmin(page, "Users");
  await expect(userCard(page, approved.email).getByTestId("beta-badge")).toHaveText("approved");
  await expect(userCard(page, denied.email).getByTestId("beta-badge")).toHaveText("denied");

  // Anna now reaches the app; Dario stays on the beta page.
  await anna.page.goto("/");
  await expect(anna.page.getByTestId("greeting")).toHaveText(`Welcome, ${approved.firstName}`);
  await dario.page.goto("/");
  await expect(dario.page).toHaveURL(/\/beta-access$/);
  await expect(dario.page.getByRole("heading", { name: "Beta Access Not Approved" })).toBeVisible();
  await expect(dario.page.getByText("1-2 business days")).toHaveCount(0);

  // Activity Logs: newest first — the deny, the approve, then both sign-ups.
  await page.getByRole("tab", { name: "Activity Logs" }).click();
  const rows = page.getByTestId("log-row");
  await expect(rows.first()).toContainText("user_deny");
  await expect(rows.first()).toContainText(denied.email);
  await expect(rows.nth(1)).toContainText("user_approve");
  await expect(rows.nth(1)).toContainText(approved.email);
  const annaSignUp = rows.filter({ hasText: `${approved.firstName} ${approved.lastName}` }).filter({ hasText: "registration" });
  await expect(annaSignUp).toHaveCount(1);
  await expect(annaSignUp.getByTestId("log-action")).toHaveClass(/bg-blue-100/);
  await expect(annaSignUp).toContainText(new RegExp(RECENT));
  await expect(annaSignUp).toContainText("IP: ");
  // Chromium's user agent is longer than 60 characters: it is cut.
  const agent = await anna.page.evaluate(() => navigator.userAgent);
  expect(agent.length).toBeGreaterThan(60);
  await expect(annaSignUp).toContainText(`${agent.slice(0, 60)}...`);
  await expect(annaSignUp).not.toContainText(agent.slice(0, 61));
  await expect(rows.filter({ hasText: `${denied.firstName} ${denied.lastName}` }).filter({ hasText: "registration" })).toHaveCount(1);
  await expect(rows.filter({ hasText: "user_approve" }).first().getByTestId("log-action")).toHaveClass(/bg-slate-100/);

  // Paging: 55 profile updates by Anna make more than one page of 50.
  for (let i = 0; i < 55; i++) {
    const res = await anna.page.request.patch("/api/auth/user", {
      headers: originOf(anna.page),
      data: { firstName: approved.firstName, lastName: approved.lastName, profession: approved.profession },
    });
    expect(res.ok()).toBe(true);
  }
  await page.getByRole("button", { name: "Refresh" }).click();
  await expect(rows.first()).toContainText("profile_update");
  await expect(rows.first().getByTestId("log-action")).toHaveClass(/bg-yellow-100/);
  await expect(rows).toHaveCount(50);
  const pageLabel = page.getByTestId("log-page");
  await expect(pageLabel).toHaveText(/^Page 1 of \d+$/);
  expect(Number((await pageLabel.textContent())?.split(" of ")[1])).toBeGreaterThanOrEqual(2);
  await expect(page.getByRole("button", { name: "Previous" })).toBeDisabled();
  await page.getByRole("button", { name: "Next" }).click();
  await expect(pageLabel).toHaveText(/^Page 2 of /);
  await expect(rows.filter({ hasText: "user_deny" }).filter({ hasText: denied.email })).toHaveCount(1);
  await page.getByRole("button", { name: "Previous" }).click();
  await expect(pageLabel).toHaveText(/^Page 1 of /);
  await expect(rows.first()).toContainText("profile_update");

  // Login rows are green: Anna signs in again.
  await anna.page.goto("/api/logout");
  await signIn(anna.page, approved.email, "a good long password");
  await page.getByRole("button", { name: "Refresh" }).click();
  await expect(rows.first()).toContainText("login");
  await expect(rows.first().getByTestId("log-action")).toHaveClass(/bg-green-100/);

  await anna.context.close();
  await dario.context.close();
});

test("Feedback: a user's message is marked reviewed, annotated and deleted", async ({ page, browser }) => {
  // Start from no feedback so the empty state is this test's own.
  const existing = (await (await page.request.get("/api/admin/feedback")).json()) as Array<{ id: string }>;
  for (const f of existing) expect((await page.request.delete(`/api/admin/feedback/${f.id}`, { headers: originOf(page) })).ok()).toBe(true);
  await openAdmin(page, "Feedback");
  await expect(page.getByText("No feedback submitted yet")).toBeVisible();

  // An approved user sends feedback from the chat screen's dialog.
  const person = newPerson("Fiona", "specialist");
  const fiona = await signUp(browser, person);
  const approve = await page.request.post(`/api/admin/users/${await userId(page, person.email)}/approve`, { headers: originOf(page) });
  expect(approve.ok()).toBe(true);
  await fiona.page.goto("/");
  await fiona.page.getByRole("button", { name: "Feedback", exact: true }).click();
  const sendDialog = fiona.page.getByRole("dialog", { name: "Send Feedback" });
  const message = "The dosing answer for cats cited the right page, but I would like the formulary too.";
  await sendDialog.getByLabel("Your Feedback").fill(message);
  await sendDialog.getByRole("button", { name: "Send Feedback" }).click();
  await expect(toast(fiona.page, "Feedback Sent")).toBeVisible();
  await fiona.context.close();

  await openAdmin(page, "Feedback");
  const item = page.getByTestId("feedback-item").filter({ hasText: message });
  await expect(item).toHaveCount(1);
  await expect(item.getByTestId("feedback-status")).toHaveText("new");
  await expect(item.getByTestId("feedback-status")).toHaveClass(/bg-blue-100/);
  await expect(item).toContainText(`${person.firstName} ${person.lastName}`);
  await expect(item).toContainText("Specialist");
  await expect(item).toContainText(new RegExp(RECENT));

  await item.getByRole("button", { name: "Mark as Reviewed" }).click();
  await expect(toast(page, "Feedback marked as reviewed")).toBeVisible();
  await expect(item.getByTestId("feedback-status")).toHaveText("reviewed");
  await expect(item.getByTestId("feedback-status")).toHaveClass(/bg-yellow-100/);
  await expect(item.getByRole("button", { name: "Mark as Reviewed" })).toHaveCount(0);

  // Add Notes, then Cancel: nothing changes.
  const notesDialog = page.getByRole("dialog", { name: "Add Notes" });
  await item.getByRole("button", { name: "Add Notes" }).click();
  await expect(notesDialog.getByLabel("Admin Notes")).toHaveValue("");
  await notesDialog.getByLabel("Admin Notes").fill("not this");
  await notesDialog.getByRole("button", { name: "Cancel" }).click();
  await expect(notesDialog).toBeHidden();
  await expect(item.getByTestId("feedback-notes")).toHaveCount(0);

  await item.getByRole("button", { name: "Add Notes" }).click();
  await expect(notesDialog.getByLabel("Admin Notes")).toHaveValue("");
  await notesDialog.getByLabel("Admin Notes").fill("Formulary import planned for next release.");
  await notesDialog.getByRole("button", { name: "Save Notes" }).click();
  await expect(toast(page, "Admin notes updated")).toBeVisible();
  await expect(notesDialog).toBeHidden();
  await expect(item.getByTestId("feedback-notes")).toContainText("Formulary import planned for next release.");

  // Edit Notes opens prefilled; the notes and status are the server's (a reload keeps them).
  await openAdmin(page, "Feedback");
  await expect(item.getByTestId("feedback-status")).toHaveText("reviewed");
  await item.getByRole("button", { name: "Edit Notes" }).click();
  const editDialog = page.getByRole("dialog", { name: "Edit Notes" });
  await expect(editDialog.getByLabel("Admin Notes")).toHaveValue("Formulary import planned for next release.");
  await editDialog.getByRole("button", { name: "Cancel" }).click();

  // Delete asks first; Cancel keeps it.
  await item.getByRole("button", { name: "Delete" }).click();
  const confirm = page.getByRole("alertdialog");
  await expect(confirm).toContainText("Delete feedback?");
  await confirm.getByRole("button", { name: "Cancel" }).click();
  await expect(item).toHaveCount(1);
  await item.getByRole("button", { name: "Delete" }).click();
  await confirm.getByRole("button", { name: "Delete" }).click();
  await expect(toast(page, "Feedback deleted successfully")).toBeVisible();
  await expect(item).toHaveCount(0);
  await expect(page.getByText("No feedback submitted yet")).toBeVisible();
  const after = (await (await page.request.get("/api/admin/feedback")).json()) as unknown[];
  expect(after).toHaveLength(0);
});

test("System Prompt: the button waits for a change and for the save; a reload shows the saved prompts", async ({ page, browser }) => {
  const original = (await (await page.request.get("/api/admin/system-prompts")).json()) as SystemPrompts;
  try {
    await openAdmin(page, "System Prompt");
    const main = page.getByLabel("Main System Prompt");
    const thinkHarder = page.getByLabel("Think Harder Mode Addition");
    const pubmed = page.getByLabel("PubMed Mode Addition");
    await expect(main).toHaveValue(original.mainPrompt);
    await expect(thinkHarder).toHaveValue(original.thinkHarderPrompt);
    await expect(pubmed).toHaveValue(original.pubmedPrompt);
    const save = page.getByRole("button", { name: "Save System Prompts" });
    await expect(save).toBeDisabled();

    await thinkHarder.fill("Think step by step; compare at least three sources.");
    await expect(save).toBeEnabled();
    await thinkHarder.fill(original.thinkHarderPrompt);
    await expect(save).toBeDisabled();

    const mainText = "You answer veterinary questions from the clinic's library only. Cite every claim.";
    await main.fill(mainText);
    await pubmed.fill("Prefer systematic reviews from the last ten years.");
    await expect(save).toBeEnabled();

    // Hold the save so the button can be seen disabled while it is under way.
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route("**/api/admin/system-prompts", async (route) => {
      if (route.request().method() === "PUT") await held;
      await route.fallback();
    });
    await save.click();
    await expect(save).toBeDisabled();
    release();
    await expect(toast(page, "System Prompts Saved")).toBeVisible();
    await expect(save).toBeDisabled();
    await page.unroute("**/api/admin/system-prompts");

    await page.reload();
    await page.getByRole("tab", { name: "System Prompt" }).click();
    await expect(main).toHaveValue(mainText);
    await expect(pubmed).toHaveValue("Prefer systematic reviews from the last ten years.");
    await expect(thinkHarder).toHaveValue(original.thinkHarderPrompt);

    // Unsaved edits survive a visit to another tab.
    await main.fill(`${mainText} Be brief.`);
    await page.getByRole("tab", { name: "Overview" }).click();
    await page.getByRole("tab", { name: "System Prompt" }).click();
    await expect(main).toHaveValue(`${mainText} Be brief.`);

    // The session ends while the tab is open: the save is refused and the admin is sent to log in.
    await page.context().request.post("/api/logout", { headers: originOf(page) });
    await save.click();
    await expect(toast(page, "Unauthorized")).toBeVisible();
    await expect(toast(page, "You are logged out. Logging in again...")).toBeVisible();
    await expect(page).toHaveURL(/\/api\/login/);
  } finally {
    await asAdmin(browser, async (admin) => {
      const res = await admin.request.put("/api/admin/system-prompts", { headers: originOf(admin), data: original });
      expect(res.ok()).toBe(true);
    });
  }
});

test("Customize: a saved welcome message is what the chat screen shows", async ({ page, browser }) => {
  const original = ((await (await page.request.get("/api/admin/welcome-message")).json()) as { welcomeMessage: string }).welcomeMessage;
  const welcome = "Welcome to the Riverside Clinic assistant. Ask about any drug, dose or protocol in our library.";
  try {
    await openAdmin(page, "Customize");
    const field = page.getByLabel("Welcome Message");
    await expect(field).toHaveValue(original);
    const save = page.getByRole("button", { name: "Save Welcome Message" });
    await expect(save).toBeDisabled();
    await field.fill(welcome);
    await expect(save).toBeEnabled();

    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route("**/api/admin/welcome-message", async (route) => {
      if (route.request().method() === "PUT") await held;
      await route.fallback();
    });
    await save.click();
    await expect(page.getByRole("button", { name: "Saving..." })).toBeDisabled();
    release();
    await expect(toast(page, "Welcome Message Saved")).toBeVisible();
    await expect(page.getByRole("button", { name: "Save Welcome Message" })).toBeDisabled();
    await page.unroute("**/api/admin/welcome-message");

    await page.getByRole("link", { name: "Dashboard" }).click();
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByTestId("welcome-message")).toHaveText(welcome);
  } finally {
    // Blank puts the built-in greeting back, as the other browser tests expect.
    await asAdmin(browser, async (admin) => {
      const res = await admin.request.put("/api/admin/welcome-message", { headers: originOf(admin), data: { welcomeMessage: "" } });
      expect(res.ok()).toBe(true);
    });
  }
});

test("a session that ends while the dashboard is open: opening another tab sends the admin to the login page", async ({ page }) => {
  await openAdmin(page);
  await page.context().request.post("/api/logout", { headers: originOf(page) });
  // The tab's data comes from the page loader, whose gate sends a signed-out caller to log in and back.
  await page.getByRole("tab", { name: "Users" }).click();
  await expect(page).toHaveURL(/\/api\/login\?redirectTo=%2Fadmin%3Ftab%3Dusers$/);
  await expect(page.getByLabel("Password")).toBeVisible();
});

test("the gate is the server's: the dashboard shows its figures without asking who is signed in again", async ({ page }) => {
  const asked: string[] = [];
  page.on("request", (request) => {
    if (new URL(request.url()).pathname.startsWith("/api/")) asked.push(new URL(request.url()).pathname);
  });
  await page.goto("/admin");
  await expect(statCard(page, "Total Users")).toHaveText(/^\d[\d,]*$/);
  await page.getByRole("tab", { name: "Users" }).click();
  await expect(page.getByTestId("user-list")).toBeVisible();
  expect(asked).toEqual([]);
});
