import fs from "node:fs";
import AxeBuilder from "@axe-core/playwright";
import { expect, test, type Locator, type Page } from "@playwright/test";
import { approvedUser, byText, openNewConversation, originOf, reviewedUser, signIn, uploadOwn, uploadShared } from "../support/e2e-session";
import { fixtureDocument } from "../support/fixtures";

/**
 * Accessibility: axe (WCAG 2.1 A and AA rules, and its best practices) finds nothing on every screen and its
 * dialogs and menus, each visited as the person who sees it, with its data loaded; then the faults a walk-through found, each checked directly: the admin
 * screen's h1, focus never inside an aria-hidden region around the history's menus, and the contrast of the
 * selected conversation's date. The suggestion chips' names are checked in app/components/chat/suggestions.test.tsx.
 */

/** WCAG 2.1 A and AA, and axe's best practices (landmarks, heading order, one h1), which WCAG's tags leave out. */
const RULES = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "best-practice"];
const ADMIN = ["admin@clinic.test", "e2e-admin-password"] as const;
const PASSWORD = "a good long password";
const PDF_NAME = "mmwr-unhealthy-housing_us-024.pdf";
const PDF_QUESTION = "What are examples of moderate physical problems in inadequate housing units?";
const CSV_NAME = "e2e-a11y-withdrawal-periods.csv";
const CSV_TEXT = `drug,species,route,withdrawal period
Oxytetracycline,sheep,intramuscular,28 days for meat
Florfenicol,cattle,subcutaneous,44 days for meat
`;
const CSV_QUESTION = "What is the withdrawal period of florfenicol in cattle?";

/**
 * axe's violations on the page as it is now, once loading text is gone and transitions have
 * ended (a dialog fading in would be measured half transparent). Soft, so one run lists every screen's faults.
 */
async function expectNoViolations(page: Page, screen: string) {
  await expect(page.getByText(/^Loading.*\.\.\.$/)).toHaveCount(0, { timeout: 15_000 });
  await page.waitForFunction(() => document.getAnimations().every((a) => a.playState !== "running"));
  const { violations } = await new AxeBuilder({ page }).withTags(RULES).analyze();
  const found = violations.map((v) => `${v.id} (${v.impact}): ${v.nodes.map((n) => n.target.join(" ")).join(" | ")}`);
  expect.soft(found, `axe violations on ${screen}`).toEqual([]);
}

test.describe("axe finds no violation", () => {
  const sharedIds: string[] = [];

  test.beforeAll(async ({ browser }) => {
    const page = await browser.newPage();
    await signIn(page, ...ADMIN);
    sharedIds.push(await uploadShared(page, PDF_NAME, "application/pdf", fs.readFileSync(fixtureDocument(PDF_NAME))));
    sharedIds.push(await uploadShared(page, CSV_NAME, "text/csv", Buffer.from(CSV_TEXT)));
    // Something for the admin's Feedback tab to list.
    expect((await page.request.post("/api/feedback", { headers: originOf(page), data: { message: "The sources open at the right page." } })).status()).toBe(201);
    await page.close();
  });

  test.afterAll(async ({ browser }) => {
    const page = await browser.newPage();
    await signIn(page, ...ADMIN);
    for (const id of sharedIds) await page.request.delete(`/api/admin/documents/${id}`, { headers: originOf(page) });
    await page.close();
  });

  test("signed out and waiting: landing, sign-in, sign-up, beta access pending and denied, 404", async ({ page, browser }) => {
    test.setTimeout(60_000);
    await page.goto("/");
    await expect(page.getByRole("heading", { name: "AI-Powered Medical Assistant" })).toBeVisible();
    await expectNoViolations(page, "landing page");

    await page.goto("/api/login");
    await expect(page.getByRole("heading", { name: "Sign in" })).toBeVisible();
    await expectNoViolations(page, "sign-in");
    // A refused sign-in shows its message.
    await page.getByLabel("Email").fill("admin@clinic.test");
    await page.getByLabel("Password").fill("not the password");
    await page.getByRole("button", { name: "Sign In", exact: true }).last().click();
    await expect(page.getByRole("alert")).toBeVisible();
    await expectNoViolations(page, "sign-in with an error");

    await page.getByRole("tab", { name: "Sign Up" }).click();
    await expect(page.getByRole("heading", { name: "Create your account" })).toBeVisible();
    await expectNoViolations(page, "sign-up");

    expect((await page.goto("/no/such/page"))?.status()).toBe(404);
    await expectNoViolations(page, "404 page");

    // A new user, pending.
    const email = `a11y-pending-${Date.now()}@clinic.test`;
    await page.goto("/api/login?mode=signup");
    await page.getByLabel("First name").fill("Ada");
    await page.getByLabel("Last name").fill("Lovelace");
    await page.getByLabel("Email").fill(email);
    await page.getByLabel("Password").fill(PASSWORD);
    await page.getByLabel("Profession").selectOption("veterinarian");
    await page.getByRole("button", { name: "Sign Up", exact: true }).last().click();
    await expect(page.getByRole("heading", { name: "Beta Access Pending" })).toBeVisible();
    await expectNoViolations(page, "beta access, pending");

    // A user an admin turned down: the denied page.
    const denied = `a11y-denied-${Date.now()}@clinic.test`;
    await reviewedUser(browser, denied, PASSWORD, "deny");
    await page.context().clearCookies();
    await page.goto("/api/login");
    await page.getByLabel("Email").fill(denied);
    await page.getByLabel("Password").fill(PASSWORD);
    await page.getByRole("button", { name: "Sign In", exact: true }).last().click();
    await expect(page).toHaveURL(/\/beta-access$/);
    await expectNoViolations(page, "beta access, denied");
  });

  test("the chat: empty, an answer with sources, the history's menu, the dialogs, and the viewer of a PDF and a CSV source", async ({ page, context }) => {
    test.setTimeout(120_000);
    await signIn(page, ...ADMIN);
    await page.goto("/app");
    await expect(page.getByTestId("welcome-message")).toBeVisible();
    await expectNoViolations(page, "/app, no conversation");

    const title = `Axe ${Date.now()}`;
    await openNewConversation(page, title);
    await expectNoViolations(page, "/app, an empty conversation");

    const input = page.getByTestId("chat-input");
    await input.fill(PDF_QUESTION);
    await input.press("Enter");
    const pdfSource = page.getByTestId("assistant-message").last().getByTestId("sources").getByRole("button", { name: /Inadequate and Unhealthy Housing/ }).first();
    await expect(pdfSource).toBeVisible({ timeout: 30_000 });
    await expect(input).toBeEnabled();
    await expectNoViolations(page, "/app, an answer with sources");

    await page.getByTestId("conversation-item").filter({ hasText: title }).getByRole("button", { name: `Options for ${title}` }).click();
    await expect(page.getByRole("menu")).toBeVisible();
    await expectNoViolations(page, "/app, a conversation's menu open");
    await page.keyboard.press("Escape");
    await expect(page.getByRole("menu")).toHaveCount(0);
    await page.getByTestId("conversation-item").filter({ hasText: title }).getByTestId("conversation-title").click({ button: "right" });
    await expect(page.getByRole("menu")).toBeVisible();
    await expectNoViolations(page, "/app, a conversation's context menu open");
    await page.keyboard.press("Escape");
    await expect(page.getByRole("menu")).toHaveCount(0);

    // The Feedback dialog, its refusal, and the toast once sent.
    await page.getByRole("button", { name: "Feedback", exact: true }).click();
    const feedback = page.getByRole("dialog", { name: "Send Feedback" });
    await expect(feedback).toBeVisible();
    await expectNoViolations(page, "/app, the Feedback dialog");
    await feedback.getByLabel("Your Feedback").fill("short");
    await feedback.getByRole("button", { name: "Send Feedback" }).click();
    await expect(feedback.getByRole("alert")).toBeVisible();
    await expectNoViolations(page, "/app, the Feedback dialog with an error");
    await feedback.getByLabel("Your Feedback").fill("The housing answer cited the right page.");
    await feedback.getByRole("button", { name: "Send Feedback" }).click();
    await expect(byText(page, "Feedback Sent")).toBeVisible();
    await expectNoViolations(page, "/app, a toast");

    await page.getByRole("button", { name: "Settings" }).click();
    await expect(page.getByRole("dialog")).toBeVisible();
    await expectNoViolations(page, "/app, the Settings dialog");
    await page.keyboard.press("Escape");
    await expect(page.getByRole("dialog")).toHaveCount(0);

    // The PDF viewer, at the cited page with the quoted sentence marked.
    const opened = context.waitForEvent("page");
    await pdfSource.click();
    const pdfViewer = await opened;
    await expect(pdfViewer.getByTestId("pdf-page").locator(".textLayer mark").first()).toBeVisible();
    await expectNoViolations(pdfViewer, "viewer, PDF source");
    await pdfViewer.close();

    // The CSV viewer, the quoted row marked in its table.
    await input.fill(CSV_QUESTION);
    await input.press("Enter");
    const csvSource = page.getByTestId("assistant-message").last().getByTestId("sources").getByRole("button", { name: /a11y.withdrawal.periods/ }).first();
    await expect(csvSource).toBeVisible({ timeout: 30_000 });
    const openedCsv = context.waitForEvent("page");
    await csvSource.click();
    const csvViewer = await openedCsv;
    await expect(csvViewer.getByTestId("viewer-text").locator("mark").first()).toBeVisible();
    await expectNoViolations(csvViewer, "viewer, CSV source");
    await csvViewer.close();

    // A small phone: the history a rail beside the conversation, then open over it. The welcome text
    // overflows there, so the conversation's scrolling region holds nothing to tab to but itself.
    const phone = await context.newPage();
    await phone.setViewportSize({ width: 375, height: 560 });
    await phone.goto("/app");
    await expect(phone.getByTestId("chat-sidebar")).toHaveAttribute("data-expanded", "false");
    const scroll = phone.getByTestId("chat-scroll");
    expect(await scroll.evaluate((el) => el.scrollHeight > el.clientHeight)).toBe(true);
    await expectNoViolations(phone, "/app on a phone, the history closed");
    await phone.getByRole("button", { name: "Keep the sidebar open" }).click();
    await expect(phone.getByTestId("conversation-item").filter({ hasText: title })).toBeVisible();
    await expectNoViolations(phone, "/app on a phone, the history open");
    await phone.close();
  });

  test("a user's own screens: the document library with a document, and the account page", async ({ page, browser }) => {
    test.setTimeout(90_000);
    const email = `a11y-library-${Date.now()}@clinic.test`;
    await approvedUser(browser, email, PASSWORD);
    await signIn(page, email, PASSWORD);
    const id = await uploadOwn(page, "mmwr-chd-stroke-deaths_us-025.pdf", "application/pdf", fs.readFileSync(fixtureDocument("mmwr-chd-stroke-deaths_us-025.pdf")));

    await page.goto("/documents");
    const card = page.getByTestId("library-document");
    await expect(card).toHaveCount(1);
    await expectNoViolations(page, "/documents");
    await card.getByRole("button", { name: /^Edit details/ }).click();
    await expect(page.getByRole("dialog", { name: "Edit details" })).toBeVisible();
    await expectNoViolations(page, "/documents, the Edit details dialog");
    await page.keyboard.press("Escape");
    await card.getByRole("button", { name: /^Delete/ }).click();
    await expect(page.getByRole("alertdialog").or(page.getByRole("dialog"))).toBeVisible();
    await expectNoViolations(page, "/documents, the delete confirmation");
    await page.keyboard.press("Escape");

    await page.goto("/account");
    await expect(page.getByTestId("usage-stats")).toContainText("Documents Uploaded1");
    await expectNoViolations(page, "/account");

    expect((await page.request.delete(`/api/documents/${id}`, { headers: originOf(page) })).ok()).toBe(true);
  });

  test("every admin tab", async ({ page }) => {
    test.setTimeout(60_000);
    await signIn(page, ...ADMIN);
    await page.goto("/admin");
    for (const tab of ["Overview", "Users", "Activity Logs", "Feedback", "Documents", "System Prompt", "Customize"]) {
      await page.getByRole("tab", { name: tab, exact: true }).click();
      await expect(page.getByRole("tab", { name: tab, exact: true })).toHaveAttribute("aria-selected", "true");
      await expectNoViolations(page, `/admin, ${tab}`);
    }
    await page.getByRole("tab", { name: "Documents", exact: true }).click();
    await page.getByRole("button", { name: /^Edit details of Inadequate and Unhealthy Housing/ }).first().click();
    await expect(page.getByRole("dialog", { name: "Edit details" })).toBeVisible();
    await expectNoViolations(page, "/admin, Documents, the Edit details dialog");
  });
});

/** axe's aria-hidden-focus: focusable elements inside an aria-hidden region, and whether the focused one is. */
function hiddenFocus(page: Page) {
  return page.evaluate(() => {
    const focusable = [...document.querySelectorAll<HTMLElement>("a[href], button, input, select, textarea, [tabindex]")].filter(
      (el) => el.tabIndex >= 0 && !(el as HTMLButtonElement).disabled && el.closest('[aria-hidden="true"]'),
    );
    return { focusableInHidden: focusable.map((el) => el.outerHTML.slice(0, 80)), focusedInHidden: !!document.activeElement?.closest('[aria-hidden="true"]') };
  });
}

/** WCAG contrast ratio of an element's text against the first opaque background behind it (colours read through a canvas, so oklch works). */
function contrastOf(locator: Locator): Promise<number> {
  return locator.evaluate((el) => {
    const rgba = (color: string) => {
      const ctx = Object.assign(document.createElement("canvas"), { width: 1, height: 1 }).getContext("2d")!;
      ctx.fillStyle = color;
      ctx.fillRect(0, 0, 1, 1);
      return [...ctx.getImageData(0, 0, 1, 1).data];
    };
    const luminance = ([r, g, b]: number[]) =>
      [r!, g!, b!].map((v) => (v / 255 <= 0.04045 ? v / 255 / 12.92 : ((v / 255 + 0.055) / 1.055) ** 2.4)).reduce((sum, v, i) => sum + v * [0.2126, 0.7152, 0.0722][i]!, 0);
    let background = [255, 255, 255, 255];
    for (let node: Element | null = el; node; node = node.parentElement) {
      const color = rgba(getComputedStyle(node).backgroundColor);
      if (color[3] === 255) {
        background = color;
        break;
      }
    }
    const [a, b] = [luminance(rgba(getComputedStyle(el).color)), luminance(background)].sort((x, y) => y - x);
    return (a! + 0.05) / (b! + 0.05);
  });
}

test("the admin screen has one h1 on every tab", async ({ page }) => {
  await signIn(page, ...ADMIN);
  await page.goto("/admin");
  for (const tab of ["Overview", "Users", "Activity Logs", "Feedback", "Documents", "System Prompt", "Customize"]) {
    await page.getByRole("tab", { name: tab }).click();
    await expect(page.getByRole("tab", { name: tab })).toHaveAttribute("aria-selected", "true");
    await expect(page.getByRole("heading", { level: 1 })).toHaveCount(1);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Admin dashboard");
  }
});

test("the history's menus never leave focus inside an aria-hidden region, and the selected date is readable", async ({ page }) => {
  await signIn(page, ...ADMIN);
  await page.goto("/app");
  const title = `Menu focus ${Date.now()}`;
  await openNewConversation(page, title);
  const item = page.getByTestId("conversation-item").filter({ hasText: title });

  // The selected conversation's date against its highlighted row: at least 4.5:1 (WCAG 1.4.3, small text).
  await expect(item.getByRole("button").first()).toHaveAttribute("aria-current", "true");
  expect(await contrastOf(item.locator("time"))).toBeGreaterThanOrEqual(4.5);

  // The context menu (right click), then Rename from the keyboard: focus in the menu, then in the field.
  await item.getByTestId("conversation-title").click({ button: "right" });
  const menu = page.getByRole("menu");
  await expect(menu).toBeVisible();
  await expect.poll(() => page.evaluate(() => document.activeElement?.closest('[role="menu"]') !== null)).toBe(true);
  expect(await hiddenFocus(page)).toEqual({ focusableInHidden: [], focusedInHidden: false });
  await page.keyboard.press("ArrowDown");
  await expect(menu.getByRole("menuitem", { name: "Rename" })).toBeFocused();
  await page.keyboard.press("Enter");
  await expect(page.getByTestId("rename-input")).toBeFocused();
  expect(await hiddenFocus(page)).toEqual({ focusableInHidden: [], focusedInHidden: false });
  await page.keyboard.press("Escape");
  await expect(page.getByTestId("rename-input")).toHaveCount(0);

  // The ⋯ menu by keyboard: open, close with Escape, focus back on its button, never hidden.
  const options = item.getByRole("button", { name: `Options for ${title}` });
  await options.focus();
  await page.keyboard.press("Enter");
  await expect(menu).toBeVisible();
  expect(await hiddenFocus(page)).toEqual({ focusableInHidden: [], focusedInHidden: false });
  await page.keyboard.press("Escape");
  await expect(menu).toHaveCount(0);
  await expect(options).toBeFocused();
  expect(await hiddenFocus(page)).toEqual({ focusableInHidden: [], focusedInHidden: false });
});
