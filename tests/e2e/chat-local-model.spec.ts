import { expect, test as base, type Page } from "@playwright/test";
import type { Message } from "~/lib/chat-client";
import { openNewConversation, signIn, uploadText } from "../support/e2e-session";
import { MODELS_DIR, realModel } from "../support/models";
import { startServer, type TestServer } from "../support/server";

/**
 * The chat screen with the built-in model (MODEL_PROVIDER=local, the real SmolLM2 GGUF from MODELS_DIR):
 * a question asked while another is being written shows its place in the queue, and each answer says
 * who wrote it, as stored. Skipped with the reason printed when the model is not present.
 */

const ADMIN_PASSWORD = "e2e-local-model-admin-password";
const KB_TEXT = `Meloxicam in cats

The dose of meloxicam in cats is 0.1 mg/kg orally once daily after a loading dose of 0.2 mg/kg on the first day.
Use the lowest effective dose in cats with chronic kidney disease, and monitor renal values.
`;
const LABELS = /^(Answered by the built-in model SmolLM2-135M-Instruct|Quoted from the knowledge base \(no model\))$/;

const present = realModel("chat") !== null;

const test = base.extend<object, { server: TestServer }>({
  server: [
    // eslint-disable-next-line no-empty-pattern
    async ({}, provide) => {
      const server = await startServer({ env: { ADMIN_PASSWORD, MODEL_PROVIDER: "local", MODELS_DIR } });
      await provide(server);
      await server.stop();
    },
    { scope: "worker", timeout: 90_000 },
  ],
  baseURL: async ({ server }, provide) => provide(server.url),
});

test.skip(!present, `the chat model is not in ${MODELS_DIR} (npm run models -- fetch chat)`);

const signInAsAdmin = (page: Page) => signIn(page, "admin@clinic.test", ADMIN_PASSWORD);

test("a second question waits with its place shown; each answer says who wrote it, as stored", async ({ browser, server }) => {
  test.setTimeout(240_000);
  const first = await browser.newPage({ baseURL: server.url });
  await signInAsAdmin(first);
  await uploadText(first, "e2e-meloxicam.txt", KB_TEXT);
  // The admin's status names the built-in model in use.
  const status = (await (await first.request.get("/api/admin/search-status")).json()) as { answering: { answerer: string; model: string } };
  expect(status.answering).toMatchObject({ answerer: "local", model: "SmolLM2-135M-Instruct" });

  const second = await browser.newPage({ baseURL: server.url });
  await signInAsAdmin(second);
  const firstId = await openNewConversation(first, "First question");
  const secondId = await openNewConversation(second, "Second question");

  // Both sent at once: whichever reaches the model second waits, with its place shown (a first answer
  // written before the second question is sent would leave nothing to wait for).
  await first.getByTestId("chat-input").fill("What is the dose of meloxicam in cats?");
  await second.getByTestId("chat-input").fill("What should be monitored in cats with chronic kidney disease on meloxicam?");
  await Promise.all([first.getByTestId("chat-input").press("Enter"), second.getByTestId("chat-input").press("Enter")]);
  const waiting = async () => {
    for (const page of [first, second]) {
      const position = page.getByTestId("queue-position");
      if (await position.count()) return position.textContent();
    }
    return null;
  };
  await expect.poll(waiting, { timeout: 120_000 }).toBe("Waiting for the local model: 1 ahead of you");

  for (const [page, id] of [
    [first, firstId],
    [second, secondId],
  ] as const) {
    const line = page.getByTestId("assistant-message").last().getByTestId("answered-by");
    await expect(line).toHaveText(LABELS, { timeout: 120_000 });
    const stored = ((await (await page.request.get(`/api/conversations/${id}/messages`)).json()) as Message[]).at(-1)!;
    await expect(line).toHaveText(stored.answeredBy!.provider === "local" ? "Answered by the built-in model SmolLM2-135M-Instruct" : "Quoted from the knowledge base (no model)");
  }
  await first.close();
  await second.close();
});
