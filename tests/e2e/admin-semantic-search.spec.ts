import path from "node:path";
import { expect, test } from "@playwright/test";
import { longText } from "../support/fixtures";
import { realModel } from "../support/models";
import { HttpClient, startServer, type TestServer } from "../support/server";
import { upload, waitForSession } from "../support/uploads";

/**
 * Admin → Documents with the real embedding model: the model in use, how many chunks still lack its
 * vectors, and the background embedding of a document indexed before the model was added, moving to
 * done. Its own server (the shared browser-test server has no model); skipped with the reason printed
 * when the model is absent, failing instead under REQUIRE_MODELS=1.
 */
const modelFolder = realModel("embedding");
const PASSWORD = "semantic-e2e-password";

let server: TestServer | null = null;

test.afterAll(async () => {
  await server?.stop();
});

test("the admin sees the embedding model, the chunks still without vectors, and the background embedding finish", async ({ page }) => {
  test.skip(!modelFolder, "the embedding model is absent (npm run models -- fetch embedding)");
  test.setTimeout(300_000);
  // A book indexed while search was lexical only
  server = await startServer({ env: { ADMIN_PASSWORD: PASSWORD, EMBEDDINGS: "none" } });
  const client = new HttpClient(server.url);
  await client.signIn(server.adminEmail, PASSWORD);
  const res = await upload(client, "book.txt", Buffer.from(longText({ books: 1, chapters: 30, wordsPerChapter: 1500 }).text));
  expect((await waitForSession(client, ((await res.json()) as { sessionId: string }).sessionId)).status).toBe("completed");
  await server.stop({ keepData: true });

  // The model is added
  server = await startServer({ dataDir: server.dataDir, env: { ADMIN_PASSWORD: PASSWORD, EMBEDDINGS: "local", MODELS_DIR: path.dirname(modelFolder!) } });
  await page.goto(`${server.url}/api/login`);
  await page.getByLabel("Email").fill(server.adminEmail);
  await page.getByLabel("Password").fill(PASSWORD);
  await page.getByRole("button", { name: "Sign In", exact: true }).last().click();
  await expect(page).toHaveURL(/\/$/);
  await page.goto(`${server.url}/admin`);
  await page.getByRole("tab", { name: "Documents" }).click();

  await expect(page.getByTestId("retrieval-mode")).toContainText("hybrid (keywords + vectors with local:all-MiniLM-L6-v2)");
  await expect(page.getByTestId("vector-coverage")).toContainText("Embedding model: local:all-MiniLM-L6-v2");
  await expect(page.getByTestId("vector-coverage")).toContainText(/still lack them/);
  // (Once the worker has loaded the model, which takes seconds more on a busy machine.)
  await expect(page.getByTestId("vector-backfill")).toContainText(/Embedding older chunks in the background: [\d,]+ done, [\d,]+ to go/, { timeout: 60_000 });
  // The screen follows the background work without a reload
  await expect(page.getByTestId("vector-coverage")).toContainText(/All [\d,]+ chunks have vectors/, { timeout: 240_000 });
  await expect(page.getByTestId("vector-backfill")).toContainText(/Background embedding finished: [\d,]+ chunks embedded/);
});
