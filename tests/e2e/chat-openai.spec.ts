import { expect, test as base } from "@playwright/test";
import type { Message } from "~/lib/chat-client";
import type { ChatRequestBody, ChatScript } from "../support/ollama-server";
import { openNewConversation, signIn, uploadText } from "../support/e2e-session";
import { startFakeOpenAI, type FakeOpenAI } from "../support/openai-server";
import { startServer, type TestServer } from "../support/server";

/**
 * The chat screen with MODEL_PROVIDER=openai and EMBEDDINGS=openai: its own built server pointed at a
 * loopback server speaking the OpenAI HTTP API (as vLLM, llama.cpp's server and LM Studio do). A question
 * streams the model's answer onto the screen; what stays is the stored answer, its wrong dose left out,
 * with its source and the line saying which model wrote it.
 */

const ADMIN_PASSWORD = "e2e-openai-admin-password";
const CHAT_MODEL = "meta-llama/Llama-3.1-8B-Instruct";
const KB_TEXT = `Meloxicam in cats

For chronic musculoskeletal pain in cats, the oral maintenance dose of meloxicam is 0.05 mg/kg once daily, given with food.
`;
const QUESTION = "What is the dose of meloxicam in cats?";

type World = { server: TestServer; fake: FakeOpenAI; answer: { script: ChatScript } };

const systemOf = (request: ChatRequestBody) => request.messages?.find((m) => m.role === "system")?.content ?? "";

const test = base.extend<object, { world: World }>({
  world: [
    // eslint-disable-next-line no-empty-pattern
    async ({}, provide) => {
      const answer = { script: { tokens: ["unset"] } as ChatScript };
      const fake = await startFakeOpenAI({
        // Rewrites, titles and follow-ups get an empty reply: the heuristics take over
        chat: (request) => (systemOf(request).includes("Rules for the passages") ? answer.script : { tokens: [""] }),
      });
      const server = await startServer({
        env: {
          ADMIN_PASSWORD,
          MODEL_PROVIDER: "openai",
          EMBEDDINGS: "openai",
          OPENAI_BASE_URL: fake.baseURL,
          OPENAI_MODEL: CHAT_MODEL,
          OPENAI_EMBEDDING_MODEL: "BAAI/bge-small-en-v1.5",
          OPENAI_TIMEOUT_SECONDS: "10",
        },
      });
      await provide({ server, fake, answer });
      await server.stop();
      await fake.close();
    },
    { scope: "worker", timeout: 90_000 },
  ],
  baseURL: async ({ world }, provide) => provide(world.server.url),
});

test.beforeAll(async ({ browser, world }) => {
  const page = await browser.newPage({ baseURL: world.server.url });
  await signIn(page, "admin@clinic.test", ADMIN_PASSWORD);
  await uploadText(page, "e2e-meloxicam.txt", KB_TEXT);
  await page.close();
});

test("a question answered by an OpenAI-compatible server: streamed, checked, cited and labelled, as stored", async ({ page, world }) => {
  await signIn(page, "admin@clinic.test", ADMIN_PASSWORD);
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
  await expect(answer.getByTestId("answered-by")).toHaveText(`Answered by the model ${CHAT_MODEL} (OpenAI-compatible server)`);
  await expect(answer.getByTestId("sources").getByRole("button")).toHaveCount(1);

  const stored = (await (await page.request.get(`/api/conversations/${conversationId}/messages`)).json()) as Message[];
  expect(stored.map((m) => [m.role, m.status])).toEqual([
    ["user", "complete"],
    ["assistant", "complete"],
  ]);
  expect(stored[1]).toMatchObject({ answeredBy: { provider: "openai", model: CHAT_MODEL } });
  expect(stored[1]!.content).not.toContain("0.3 mg/kg");
  // The question was embedded for search on the same server
  expect(world.fake.requests.some((r) => r.path === "/v1/embeddings" && JSON.stringify(r.body).includes("meloxicam"))).toBe(true);
});
