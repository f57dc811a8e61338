import fs from "node:fs";
import { expect, test, type Locator, type Page } from "@playwright/test";
import { fold } from "../../app/lib/viewer/match";
import { approvedUser, originOf, signIn, uploadOwn, uploadShared } from "../support/e2e-session";
import { fixtureDocument, longPdfBytes } from "../support/fixtures";

/**
 * The document viewer end to end: a question over an ingested PDF, its source opened from the answer, the
 * viewer at the cited page with the quoted sentence marked on the PDF's text layer; the same for a DOCX
 * source, and for a CSV source on a phone-sized screen, where the source opens in the same tab and Back
 * returns to the conversation; the same path by keyboard alone; a private document's viewer for anyone else.
 */

const PDF_NAME = "mmwr-unhealthy-housing_us-024.pdf";
const PDF_QUESTION = "What are examples of moderate physical problems in inadequate housing units?";
const CSV_NAME = "e2e-withdrawal-periods.csv";
const CSV_TEXT = `drug,species,route,withdrawal period
Oxytetracycline,sheep,intramuscular,28 days for meat
Florfenicol,cattle,subcutaneous,44 days for meat
Tulathromycin,pigs,intramuscular,33 days for meat
`;
const CSV_QUESTION = "What is the withdrawal period of florfenicol in cattle?";
const DOCX_NAME = "docling_word_sample.docx";
const DOCX_MIME = "application/vnd.openxmlformats-officedocument.wordprocessingml.document";
/** Answered from the table on the document's second page (after its page break). */
const DOCX_QUESTION = "How many calories per portion do berries have?";

const documentIds: string[] = [];

test.beforeAll(async ({ browser }) => {
  const page = await browser.newPage();
  await signIn(page, "admin@clinic.test", "e2e-admin-password");
  documentIds.push(await uploadShared(page, PDF_NAME, "application/pdf", fs.readFileSync(fixtureDocument(PDF_NAME))));
  documentIds.push(await uploadShared(page, CSV_NAME, "text/csv", Buffer.from(CSV_TEXT)));
  documentIds.push(await uploadShared(page, DOCX_NAME, DOCX_MIME, fs.readFileSync(fixtureDocument(DOCX_NAME))));
  await page.close();
});

test.afterAll(async ({ browser }) => {
  const page = await browser.newPage();
  await signIn(page, "admin@clinic.test", "e2e-admin-password");
  for (const id of documentIds) await page.request.delete(`/api/admin/documents/${id}`, { headers: originOf(page) });
  await page.close();
});

/** Asks in a new conversation and returns the answer's first source button and its stored citation. */
async function askAndFindSource(page: Page, question: string, document: RegExp) {
  await page.goto("/app");
  const input = page.getByTestId("chat-input");
  await input.fill(question);
  await input.press("Enter");
  const source = sourceOfAnswer(page, document);
  await expect(source).toBeVisible({ timeout: 30_000 });
  return { source, ...(await storedCitation(page, question, (await source.textContent())!)) };
}

/** The newest answer's first source button naming the document. */
const sourceOfAnswer = (page: Page, document: RegExp | string) =>
  page.getByTestId("assistant-message").last().getByTestId("sources").getByRole("button", { name: document }).first();

/** The stored citation behind a source button's label, in the newest conversation asked `question`, and its quotes. */
async function storedCitation(page: Page, question: string, label: string) {
  const conversations = (await (await page.request.get("/api/conversations")).json()) as Array<{ id: string; title: string; createdAt: string }>;
  // Named from the question (a long one shortened with "..."); the newest is this one.
  const conversation = conversations
    .filter((c) => question.startsWith(c.title.replace(/\.\.\.$/, "")))
    .sort((a, b) => b.createdAt.localeCompare(a.createdAt))[0]!;
  const messages = (await (await page.request.get(`/api/conversations/${conversation.id}/messages`)).json()) as Array<{
    role: string;
    citations: Array<{ document: string; page: string | number; physicalPage: number; url: string }>;
  }>;
  const citation = messages.filter((m) => m.role === "assistant").at(-1)!.citations.find((c) => `[${c.document}, pg. ${c.page}]` === label)!;
  const quotes = new URL(citation.url, "http://x").searchParams.getAll("q");
  expect(quotes.length).toBeGreaterThan(0);
  return { label, citation, quotes };
}

/** A quoted row is indexed as "column: value | …"; a table shows, and marks, the values in their columns. */
const shownCells = (quotes: string[]) => quotes.map((q) => q.split(" | ").map((cell) => cell.replace(/^[^:|]+: /, "")).join(" "));

/** Presses `key` until `target` has the focus, as a keyboard user walks to a control (at most `max` presses). */
async function pressUntilFocused(page: Page, key: string, target: Locator, max = 40) {
  for (let i = 0; i < max && !(await target.evaluate((el) => el === document.activeElement)); i++) await page.keyboard.press(key);
  await expect(target).toBeFocused();
}

/** The marks' text is the quoted sentences, no more and no less (compared as the matcher does: letters and digits). */
async function expectMarkedQuotes(marks: Locator, quotes: string[]) {
  await expect(marks.first()).toBeVisible();
  await expect(marks.first()).toBeInViewport();
  const marked = fold((await marks.allTextContents()).join("")).text;
  const expected = quotes.map((q) => fold(q).text);
  for (const q of expected) expect(marked).toContain(q);
  expect(marked.length).toBe(expected.reduce((n, q) => n + q.length, 0));
}

test("a PDF source opens the viewer in a new tab at the cited page, the quoted sentence marked on the page", async ({ page, context }) => {
  test.setTimeout(90_000);
  await signIn(page, "admin@clinic.test", "e2e-admin-password");
  const { source, citation, quotes } = await askAndFindSource(page, PDF_QUESTION, /Inadequate and Unhealthy Housing/);

  const opened = context.waitForEvent("page");
  await source.click();
  const viewer = await opened;
  expect(new URL(viewer.url()).pathname + new URL(viewer.url()).search).toBe(citation.url);
  await expect(viewer.getByRole("heading", { level: 1 })).toHaveText("Inadequate and Unhealthy Housing, 2007 and 2009");
  await expect(viewer.getByTestId("viewer-page")).toContainText(`Page ${citation.physicalPage}`);
  await expect(viewer.getByLabel("Page", { exact: true })).toHaveValue(String(citation.physicalPage));
  await expect(viewer.getByTestId("pdf-page")).toHaveAttribute("data-rendered-page", String(citation.physicalPage));
  await expectMarkedQuotes(viewer.getByTestId("pdf-page").locator(".textLayer mark"), quotes);

  // Page navigation by keyboard and buttons; the marks are of the cited page only.
  await viewer.keyboard.press("ArrowRight");
  await expect(viewer.getByTestId("pdf-page")).toHaveAttribute("data-rendered-page", String(citation.physicalPage + 1));
  await expect(viewer.getByLabel("Page", { exact: true })).toHaveValue(String(citation.physicalPage + 1));
  await viewer.getByRole("button", { name: "‹ Previous" }).click();
  await expect(viewer.getByTestId("pdf-page")).toHaveAttribute("data-rendered-page", String(citation.physicalPage));
  await expect(viewer.getByTestId("pdf-page").locator(".textLayer mark").first()).toBeVisible();

  // Zoom changes the drawn size; fit width brings it back.
  const width = async () => (await viewer.getByTestId("pdf-page").boundingBox())!.width;
  const fitted = await width();
  await viewer.getByRole("button", { name: "Zoom out" }).click();
  await expect.poll(width).toBeLessThan(fitted);
  await viewer.getByRole("button", { name: "Fit width" }).click();
  await expect.poll(width).toBeCloseTo(fitted, 0);

  // Download is the stored original.
  const download = viewer.waitForEvent("download");
  await viewer.getByRole("link", { name: "Download" }).click();
  expect((await download).suggestedFilename()).toBe(PDF_NAME);
});

test("on a phone a CSV source opens in the same tab with the quoted rows marked in a table, and Back returns to the chat", async ({ page }) => {
  test.setTimeout(60_000);
  await page.setViewportSize({ width: 390, height: 844 });
  await signIn(page, "admin@clinic.test", "e2e-admin-password");
  const { source, label, citation, quotes } = await askAndFindSource(page, CSV_QUESTION, /e2e.withdrawal.periods/);
  const chatUrl = page.url();

  await source.click();
  await expect(page).toHaveURL((u) => u.pathname + u.search === citation.url);
  await expect(page.getByTestId("viewer-page")).toContainText(`Page ${citation.physicalPage}`);
  const text = page.getByTestId("viewer-text");
  await expect(text.getByRole("table")).toBeVisible();
  await expect(text.getByRole("columnheader", { name: "withdrawal period" })).toBeVisible();
  await expectMarkedQuotes(text.locator("mark"), shownCells(quotes));
  await expect(text.getByRole("row", { name: /Florfenicol/ }).locator("mark")).toHaveText(["Florfenicol", "cattle", "subcutaneous", "44 days for meat"]);

  await page.getByRole("button", { name: "← Back" }).click();
  await expect(page).toHaveURL(chatUrl);
  await expect(page.getByRole("heading", { name: "AI Search" })).toBeVisible();
  // The conversation it came from is open again, at the answer whose source was opened.
  await expect(page.getByTestId("user-message").last()).toContainText(CSV_QUESTION);
  await expect(sourceOfAnswer(page, label)).toBeVisible();
  await expect(page.getByTestId("welcome-message")).toHaveCount(0);
});

test("a DOCX source opens the viewer at the cited page after the page break, the quoted rows marked in its table", async ({ page, context }) => {
  test.setTimeout(60_000);
  await signIn(page, "admin@clinic.test", "e2e-admin-password");
  const { source, citation, quotes } = await askAndFindSource(page, DOCX_QUESTION, /Swimming in the lake/);
  expect(citation.physicalPage).toBe(2);

  const opened = context.waitForEvent("page");
  await source.click();
  const viewer = await opened;
  expect(new URL(viewer.url()).pathname + new URL(viewer.url()).search).toBe(citation.url);
  await expect(viewer.getByRole("heading", { level: 1 })).toHaveText("Swimming in the lake");
  await expect(viewer.getByTestId("viewer-page")).toHaveText("Page 2");
  const text = viewer.getByTestId("viewer-text");
  await expect(text).toContainText("Here are some interesting things a respectful duck could eat:");
  await expect(text).not.toContainText("Paddle about");
  // The row labels have a column of their own (the table's corner cell is empty); values sit under their columns.
  await expect(text.getByRole("columnheader")).toHaveText(["Food", "Calories per portion"]);
  await expect(text.getByRole("row", { name: /Berries/ }).getByRole("cell")).toHaveText(["Berries", "Blueberry, Strawberry, Cranberry", "150"]);
  await expectMarkedQuotes(text.locator("mark"), shownCells(quotes));
  await expect(text.getByRole("row", { name: /Berries/ }).locator("mark")).toHaveText(["Berries", "Blueberry, Strawberry, Cranberry", "150"]);
});

test("keyboard alone: ask, reach the answer's source, read the marked sentence in the viewer, Escape back to the conversation", async ({ page, browser }) => {
  test.setTimeout(90_000);
  // A phone, where the viewer opens in the same tab (a new tab on a desktop is the browser's own).
  await page.setViewportSize({ width: 390, height: 844 });
  // A user of their own: the history's entries come before the question box in the tab order, and the
  // admin's grows with every spec that asks as the admin.
  const email = `keyboard-${Date.now()}@clinic.test`;
  await approvedUser(browser, email, "a good long password");
  await signIn(page, email, "a good long password");
  await page.goto("/app");

  const input = page.getByTestId("chat-input");
  await pressUntilFocused(page, "Tab", input);
  await page.keyboard.type(PDF_QUESTION);
  await page.keyboard.press("Enter");
  const source = sourceOfAnswer(page, /Inadequate and Unhealthy Housing/);
  await expect(source).toBeVisible({ timeout: 30_000 });
  await expect(input).toBeFocused();
  // Back from the question box to the answer above it.
  await pressUntilFocused(page, "Shift+Tab", source);
  const { label, citation, quotes } = await storedCitation(page, PDF_QUESTION, (await source.textContent())!);
  await page.keyboard.press("Enter");

  await expect(page).toHaveURL((u) => u.pathname + u.search === citation.url);
  const marks = page.getByTestId("pdf-page").locator(".textLayer mark");
  await expectMarkedQuotes(marks, quotes);
  // Focus starts at the quoted sentence, and the page says so to a screen reader.
  await expect(marks.first()).toBeFocused();
  await expect(page.getByRole("banner").getByRole("status")).toHaveText(`Page ${citation.physicalPage}: the quoted text is highlighted.`);
  // The page keys work from there.
  await page.keyboard.press("ArrowRight");
  await expect(page.getByTestId("pdf-page")).toHaveAttribute("data-rendered-page", String(citation.physicalPage + 1));
  await page.keyboard.press("ArrowLeft");
  await expect(page.getByTestId("pdf-page")).toHaveAttribute("data-rendered-page", String(citation.physicalPage));

  await page.keyboard.press("Escape");
  await expect(page).toHaveURL((u) => u.pathname === "/app");
  await expect(sourceOfAnswer(page, label)).toBeVisible();
  await expect(page.getByTestId("user-message").last()).toContainText(PDF_QUESTION);
});

test("a private document's viewer is its owner's: anyone else gets the 404 screen", async ({ page, browser }) => {
  test.setTimeout(60_000);
  const email = `viewer-owner-${Date.now()}@clinic.test`;
  await approvedUser(browser, email, "a good long password");
  await signIn(page, email, "a good long password");
  const name = "mmwr-chd-stroke-deaths_us-025.pdf";
  const id = await uploadOwn(page, name, "application/pdf", fs.readFileSync(fixtureDocument(name)));
  const url = `/documents/${id}/view?page=1`;

  // The owner reads it.
  expect((await page.goto(url))?.status()).toBe(200);
  await expect(page.getByTestId("pdf-page")).toHaveAttribute("data-rendered-page", "1");
  const title = (await page.getByRole("heading", { level: 1 }).textContent())!;

  // Another user (the admin, too) gets the 404 screen, with nothing of the document on it.
  const other = await browser.newPage();
  await signIn(other, "admin@clinic.test", "e2e-admin-password");
  expect((await other.goto(url))?.status()).toBe(404);
  await expect(other.getByRole("heading", { name: "Page Not Found" })).toBeVisible();
  await expect(other.getByText(title)).toHaveCount(0);
  expect((await other.request.get(`/api/documents/${id}/file`)).status()).toBe(404);
  await other.close();

  expect((await page.request.delete(`/api/documents/${id}`, { headers: originOf(page) })).ok()).toBe(true);
});

test("a page outside the document is the 404 screen", async ({ page }) => {
  await signIn(page, "admin@clinic.test", "e2e-admin-password");
  const response = await page.goto(`/documents/${documentIds[0]}/view?page=999`);
  expect(response?.status()).toBe(404);
  await expect(page.getByRole("heading", { name: "Page Not Found" })).toBeVisible();
});

test("where the book prints another number on a page, the viewer shows both", async ({ page }) => {
  await signIn(page, "admin@clinic.test", "e2e-admin-password");
  // Roman front matter (i, ii), then arabic from 1: physical page 3 is printed "1".
  const id = await uploadShared(page, "labelled-housing.pdf", "application/pdf", await longPdfBytes(4, { labels: true, from: [PDF_NAME] }));
  documentIds.push(id);
  await page.goto(`/documents/${id}/view?page=3`);
  await expect(page.getByTestId("viewer-page")).toHaveText("Page 3 · printed page 1");
  // The page is drawn by the browser's script: once it is, the keys are listened to
  await expect(page.getByTestId("pdf-page")).toHaveAttribute("data-rendered-page", "3");
  await page.keyboard.press("ArrowLeft");
  await expect(page.getByTestId("viewer-page")).toHaveText("Page 2 · printed page ii");
  await expect(page.getByTestId("pdf-page")).toHaveAttribute("data-rendered-page", "2");
});
