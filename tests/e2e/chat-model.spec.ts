import { expect, test as base, type Page } from "@playwright/test";
import type { Message } from "~/lib/chat-client";
import { openTestDb } from "../support/db";
import { openNewConversation, signIn, uploadText } from "../support/e2e-session";
import { startFakeOllama, type ChatRequestBody, type ChatScript } from "../support/ollama-server";
import { startFakeOpenAI } from "../support/openai-server";
import { startServer, type TestServer } from "../support/server";

/**
 * The chat screen with a language model: its own built server pointed at a loopback model server, which
 * speaks Ollama's protocol or the OpenAI HTTP API (as vLLM, llama.cpp's server and LM Studio do), so an
 * answer streams slowly enough to be seen or stopped half-way. What the screen shows must be what the
 * server stored, after Stop and after a reload; a double-clicked Send asks once; the stored reading of a
 * question shows under it; an answer is checked, cited and labelled with the model that wrote it.
 */

const ADMIN_PASSWORD = "e2e-model-admin-password";
const OPENAI_CHAT_MODEL = "meta-llama/Llama-3.1-8B-Instruct";
const KB_TEXT = `Meloxicam in cats

For chronic musculoskeletal pain in cats, the oral maintenance dose of meloxicam is 0.05 mg/kg once daily, given with food.
`;
const QUESTION = "What is the dose of meloxicam in cats?";

type Provider = "ollama" | "openai";
type World = { server: TestServer; requests: Array<{ path: string; body: unknown }>; answer: { script: ChatScript } };
type Fake = { env: Record<string, string>; requests: World["requests"]; close(): Promise<void> };

const systemOf = (request: ChatRequestBody) => request.messages?.find((m) => m.role === "system")?.content ?? "";

/** The loopback model server for each provider, and the settings that point the app at it. */
const FAKES: Record<Provider, (chat: (request: ChatRequestBody) => ChatScript) => Promise<Fake>> = {
  async ollama(chat) {
    const fake = await startFakeOllama({ chat });
    return { env: { OLLAMA_HOST: fake.url, OLLAMA_MODEL: "llama3.2", OLLAMA_TIMEOUT_SECONDS: "10" }, requests: fake.requests, close: fake.close };
  },
  async openai(chat) {
    const fake = await startFakeOpenAI({ chat });
    const env = {
      MODEL_PROVIDER: "openai",
      EMBEDDINGS: "openai",
      OPENAI_BASE_URL: fake.baseURL,
      OPENAI_MODEL: OPENAI_CHAT_MODEL,
      OPENAI_EMBEDDING_MODEL: "BAAI/bge-small-en-v1.5",
      OPENAI_TIMEOUT_SECONDS: "10",
    };
    return { env, requests: fake.requests, close: fake.close };
  },
};

type Worlds = (provider: Provider) => Promise<World>;

const test = base.extend<{ provider: Provider; world: World }, { worlds: Worlds }>({
  // A test's provider; a describe below picks OpenAI with test.use
  provider: ["ollama", { option: true }],
  // Started when a test first asks for its provider and kept for the next tests with it; one at a time, so
  // that an idle server does not share the two cores with the one under test
  worlds: [
    async ({ browser }, provide) => {
      // Typed by assertion: set in the function given to tests, which the narrowing of `null` does not see
      let current = null as { provider: Provider; world: Promise<World & { stop(): Promise<void> }> } | null;
      const start = async (provider: Provider) => {
        const answer = { script: { tokens: ["unset"] } as ChatScript };
        const fake = await FAKES[provider]((request) => {
          const system = systemOf(request);
          if (system.includes("Rules for the passages")) return answer.script;
          if (system.includes("Write a short title")) return { tokens: ["Meloxicam dosing in cats"] };
          // Rewrites, sub-questions and follow-ups get an empty reply: the heuristics take over.
          return { tokens: [""] };
        });
        const server = await startServer({ env: { ADMIN_PASSWORD, ...fake.env } });
        const page = await browser.newPage({ baseURL: server.url });
        await signIn(page, "admin@clinic.test", ADMIN_PASSWORD);
        await uploadText(page, "e2e-meloxicam.txt", KB_TEXT);
        await page.close();
        const stop = async () => {
          await server.stop();
          await fake.close();
        };
        return { server, requests: fake.requests, answer, stop };
      };
      await provide(async (provider) => {
        if (current?.provider !== provider) {
          if (current) await (await current.world).stop();
          current = { provider, world: start(provider) };
        }
        return current.world;
      });
      if (current) await (await current.world).stop();
    },
    { scope: "worker", timeout: 90_000 },
  ],
  world: [async ({ provider, worlds }, provide) => provide(await worlds(provider)), { timeout: 90_000 }],
  baseURL: async ({ world }, provide) => provide(world.server.url),
});

test.beforeEach(async ({ page }) => {
  await signIn(page, "admin@clinic.test", ADMIN_PASSWORD);
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

test.describe("on an OpenAI-compatible server", () => {
  test.use({ provider: "openai" });

  test("a question answered by an OpenAI-compatible server: streamed, checked, cited and labelled, as stored", async ({ page, world }) => {
    world.answer.script = {
      tokens: ["Meloxicam is given ", "to cats at 0.05 mg/kg ", "once daily [1]. ", "The loading dose is 0.3 mg/kg [1]."],
      // The last sentence comes late, so the half-written answer stays on the screen long enough to be seen
      tokenDelaysMs: [0, 100, 100, 4000],
    };
    const conversationId = await openNewConversation(page, "OpenAI answer");
    await page.getByTestId("chat-input").fill(QUESTION);
    await page.getByTestId("chat-input").press("Enter");
    // The model's words reach the screen while it writes
    await expect(page.getByTestId("streaming-answer")).toContainText("to cats at 0.05 mg/kg");

    const answer = page.getByTestId("assistant-message");
    await expect(answer).toContainText("Part of the model's answer could not be verified", { timeout: 15_000 });
    await expect(answer).toContainText("Meloxicam is given to cats at 0.05 mg/kg once daily [1].");
    await expect(answer).not.toContainText("0.3 mg/kg");
    await expect(answer.getByTestId("answered-by")).toHaveText(`Answered by the model ${OPENAI_CHAT_MODEL} (OpenAI-compatible server)`);
    await expect(answer.getByTestId("sources").getByRole("button")).toHaveCount(1);

    const stored = await storedMessages(page, conversationId);
    expect(stored.map((m) => [m.role, m.status])).toEqual([
      ["user", "complete"],
      ["assistant", "complete"],
    ]);
    expect(stored[1]).toMatchObject({ answeredBy: { provider: "openai", model: OPENAI_CHAT_MODEL } });
    expect(stored[1]!.content).not.toContain("0.3 mg/kg");
    // The question was embedded for search on the same server
    expect(world.requests.some((r) => r.path === "/v1/embeddings" && JSON.stringify(r.body).includes("meloxicam"))).toBe(true);
  });
});
