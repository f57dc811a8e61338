import { expect, test as base, type Page } from "@playwright/test";
import type { Message } from "~/lib/chat-client";
import { openTestDb } from "../support/db";
import { openNewConversation, uploadText } from "../support/e2e-session";
import { startFakeOllama, type ChatRequestBody, type ChatScript, type FakeOllama } from "../support/ollama-server";
import { startServer, type TestServer } from "../support/server";

/**
 * The chat screen with a language model: its own built server whose OLLAMA_HOST is a loopback server
 * speaking Ollama's protocol, so an answer streams slowly enough to be stopped half-way. What the
 * screen shows must be what the server stored, after Stop and after a reload; a double-clicked Send
 * asks once; the stored reading of a question shows under it.
 */

const ADMIN_PASSWORD = "e2e-model-admin-password";
const KB_TEXT = `Meloxicam in cats

For chronic musculoskeletal pain in cats, the oral maintenance dose of meloxicam is 0.05 mg/kg once daily, given with food.
`;
const QUESTION = "What is the dose of meloxicam in cats?";

type World = { server: TestServer; fake: FakeOllama; answer: { script: ChatScript } };

const systemOf = (request: ChatRequestBody) => request.messages?.find((m) => m.role === "system")?.content ?? "";

const test = base.extend<object, { world: World }>({
  world: [
    // eslint-disable-next-line no-empty-pattern
    async ({}, provide) => {
      const answer = { script: { tokens: ["unset"] } as ChatScript };
      const fake = await startFakeOllama({
        chat: (request) => {
          const system = systemOf(request);
          if (system.includes("Rules for the passages")) return answer.script;
          if (system.includes("Write a short title")) return { tokens: ["Meloxicam dosing in cats"] };
          // Rewrites, sub-questions and follow-ups get an empty reply: the heuristics take over.
          return { tokens: [""] };
        },
      });
      const server = await startServer({ env: { ADMIN_PASSWORD, OLLAMA_HOST: fake.url, OLLAMA_MODEL: "llama3.2", OLLAMA_TIMEOUT_SECONDS: "10" } });
      await provide({ server, fake, answer });
      await server.stop();
      await fake.close();
    },
    { scope: "worker", timeout: 90_000 },
  ],
  baseURL: async ({ world }, provide) => provide(world.server.url),
});

async function signInAsAdmin(page: Page) {
  await page.goto("/api/login");
  await page.getByLabel("Email").fill("admin@clinic.test");
  await page.getByLabel("Password").fill(ADMIN_PASSWORD);
  await page.getByRole("button", { name: "Sign In", exact: true }).last().click();
  await expect(page).toHaveURL(/\/$/);
}

test.beforeAll(async ({ browser, world }) => {
  const page = await browser.newPage({ baseURL: world.server.url });
  await signInAsAdmin(page);
  await uploadText(page, "e2e-meloxicam.txt", KB_TEXT);
  await page.close();
});

test.beforeEach(async ({ page }) => {
  await signInAsAdmin(page);
});

async function storedMessages(page: Page, conversationId: string): Promise<Message[]> {
  return (await (await page.request.get(`/api/conversations/${conversationId}/messages`)).json()) as Message[];
}

/** What the list shows, message by message: role, stored id and visible text. */
async function shownMessages(page: Page) {
  return page.getByTestId("message-list").locator(":scope > li").evaluateAll((items) =>
    items.map((li) => ({ testId: li.getAttribute("data-testid"), id: li.getAttribute("data-message-id"), text: (li as HTMLElement).innerText.trim() })),
  );
}

test("Stop mid-answer: the screen shows the stored (stopped) answer, and the same after a reload", async ({ page, world }) => {
  world.answer.script = { tokens: Array.from({ length: 80 }, (_, i) => `part${i} `), tokenDelayMs: 150 };
  const conversationId = await openNewConversation(page, "Stopped answer");

  await page.getByTestId("chat-input").fill(QUESTION);
  await page.getByTestId("chat-input").press("Enter");
  await expect(page.getByTestId("streaming-answer")).toContainText("part3");
  await page.getByRole("button", { name: "Stop the answer" }).click();

  await expect(page.getByRole("button", { name: "Send message" })).toBeVisible();
  const answer = page.getByTestId("assistant-message");
  await expect(answer).toHaveCount(1);
  await expect(answer).toContainText("The answer was stopped before it was complete.");

  const stored = await storedMessages(page, conversationId);
  expect(stored.map((m) => [m.role, m.status])).toEqual([
    ["user", "complete"],
    ["assistant", "failed"],
  ]);
  const shown = await shownMessages(page);
  expect(shown.map((m) => [m.testId, m.id])).toEqual([
    ["user-message", stored[0]!.id],
    ["assistant-message", stored[1]!.id],
  ]);
  // Every streamed word the server kept is on the screen, and nothing it did not keep.
  const kept = stored[1]!.content.match(/part\d+/g) ?? [];
  expect(kept.length).toBeGreaterThan(3);
  expect(shown[1]!.text.match(/part\d+/g)).toEqual(kept);

  await page.reload();
  await page.getByTestId("conversation-item").filter({ hasText: "Stopped answer" }).getByRole("button").first().click();
  await expect(page.getByTestId("assistant-message")).toHaveCount(1);
  expect(await shownMessages(page)).toEqual(shown);
});

test("a model failing mid-answer: the screen shows the stored failed answer, and the same after a reload", async ({ page, world }) => {
  world.answer.script = { tokens: ["Meloxicam ", "is given ", "at 0.05", " mg/kg"], failAfter: 2, failWith: "error-line", tokenDelayMs: 100 };
  const conversationId = await openNewConversation(page, "Failed answer");
  await page.getByTestId("chat-input").fill(QUESTION);
  await page.getByTestId("chat-input").press("Enter");
  await expect(page.getByText(/^Failed to send message\./)).toBeVisible();
  await expect(page.getByRole("button", { name: "Send message" })).toBeVisible();

  const stored = await storedMessages(page, conversationId);
  expect(stored.map((m) => [m.role, m.status])).toEqual([
    ["user", "complete"],
    ["assistant", "failed"],
  ]);
  expect(stored[1]!.content).toMatch(/^Meloxicam is given\n\n_The answer could not be completed: /);
  const shown = await shownMessages(page);
  expect(shown.map((m) => [m.testId, m.id])).toEqual([
    ["user-message", stored[0]!.id],
    ["assistant-message", stored[1]!.id],
  ]);
  expect(shown[1]!.text).toContain("The answer could not be completed:");

  await page.reload();
  await page.getByTestId("conversation-item").filter({ hasText: "Failed answer" }).getByRole("button").first().click();
  await expect(page.getByTestId("assistant-message")).toHaveCount(1);
  expect(await shownMessages(page)).toEqual(shown);
});

test("a double-clicked Send asks once: one question and one answer, stored and shown", async ({ page, world }) => {
  // [7] points to no passage: the stored answer drops it, and the screen shows the stored answer.
  world.answer.script = { tokens: ["Meloxicam is given ", "at 0.05 mg/kg ", "once daily [1][7]."], tokenDelayMs: 100 };
  const conversationId = await openNewConversation(page, "Double click");

  await page.getByTestId("chat-input").fill(QUESTION);
  await page.getByRole("button", { name: "Send message" }).dblclick();
  await expect(page.getByTestId("assistant-message")).toContainText("0.05 mg/kg once daily", { timeout: 15_000 });
  await expect(page.getByRole("button", { name: "Send message" })).toBeVisible();
  await expect(page.getByTestId("chat-input")).toHaveValue("");

  const stored = await storedMessages(page, conversationId);
  expect(stored.map((m) => [m.role, m.status])).toEqual([
    ["user", "complete"],
    ["assistant", "complete"],
  ]);
  expect(stored[1]!.content).toBe("Meloxicam is given at 0.05 mg/kg once daily [1].");
  const shown = await shownMessages(page);
  expect(shown.map((m) => [m.testId, m.id])).toEqual([
    ["user-message", stored[0]!.id],
    ["assistant-message", stored[1]!.id],
  ]);
  expect(shown[1]!.text).toContain("once daily [1].");
  expect(shown[1]!.text).not.toContain("[7]");
});

test("a typo is corrected to the knowledge base's word, and the line under the question says what was searched for", async ({ page, world }) => {
  world.answer.script = { tokens: ["Meloxicam: 0.05 mg/kg once daily [1]."] };
  await openNewConversation(page, "Typo");
  await page.getByTestId("chat-input").fill("What is the dose of meloxicm in cats?");
  await page.getByTestId("chat-input").press("Enter");
  await expect(page.getByTestId("assistant-message")).toContainText("0.05 mg/kg once daily");
  await expect(page.getByTestId("assistant-message").getByTestId("reading")).toHaveText(
    "Answering for: cats · meloxicam · dose · Searched for: meloxicam (typed: meloxicm)",
  );
  // The question is kept as it was typed
  await expect(page.getByTestId("user-message")).toContainText("meloxicm");
});

test("the reading of a question shows under it, above the answer, as stored; none when there is none", async ({ page, world }) => {
  world.answer.script = { tokens: ["Meloxicam: 0.05 mg/kg once daily [1]."] };
  const conversationId = await openNewConversation(page, "Reading");
  await page.getByTestId("chat-input").fill(QUESTION);
  await page.getByTestId("chat-input").press("Enter");
  await expect(page.getByTestId("assistant-message")).toContainText("0.05 mg/kg once daily");
  await expect(page.getByTestId("assistant-message").getByTestId("reading")).toHaveText("Answering for: cats · meloxicam · dose");
  const [, answer] = await storedMessages(page, conversationId);
  expect(answer!.reading).toBe("cats · meloxicam · dose");

  await page.reload();
  await page.getByTestId("conversation-item").filter({ hasText: "Reading" }).getByRole("button").first().click();
  const shown = page.getByTestId("assistant-message");
  await expect(shown.getByTestId("reading")).toHaveText("Answering for: cats · meloxicam · dose");
  // Under the question, above the answer.
  const [question, reading, card] = await Promise.all([
    page.getByTestId("user-message").boundingBox(),
    shown.getByTestId("reading").boundingBox(),
    shown.getByText("0.05 mg/kg once daily").boundingBox(),
  ]);
  expect(reading!.y).toBeGreaterThan(question!.y + question!.height - 1);
  expect(card!.y).toBeGreaterThan(reading!.y);

  // An answer stored without a reading shows none.
  const db = openTestDb(world.server.dataDir);
  try {
    db.prepare("update messages set reading = null where id = ?").run(answer!.id);
  } finally {
    db.close();
  }
  await page.reload();
  await page.getByTestId("conversation-item").filter({ hasText: "Reading" }).getByRole("button").first().click();
  await expect(page.getByTestId("assistant-message")).toContainText("0.05 mg/kg once daily");
  await expect(page.getByTestId("reading")).toHaveCount(0);
});

test("with a language model answering, Settings has no note that the custom prompt does nothing", async ({ page }) => {
  await page.getByRole("button", { name: "Settings", exact: true }).click();
  const dialog = page.getByRole("dialog", { name: "User Settings" });
  await expect(dialog.getByLabel("Custom System Prompt")).toBeVisible();
  await expect(dialog.getByTestId("custom-prompt-note")).toHaveCount(0);
});
