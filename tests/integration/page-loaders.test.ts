import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { setBetaAccess, withTestDb } from "../support/db";
import { HttpClient, startServer, type TestServer } from "../support/server";
import { FIXTURE_DOCUMENTS, LIBRARY_UPLOADS, upload } from "../support/uploads";

/**
 * Screens load with their data (issue 16, item 5): the server-rendered HTML of each page already holds
 * what it shows, read by its loader under the same access rules as the JSON routes, so a reload needs
 * no second round trip and shows no spinner.
 */

const ADMIN_PASSWORD = "page-loaders-admin-password";
let server: TestServer;
let owner: HttpClient;
let other: HttpClient;
let admin: HttpClient;

beforeAll(async () => {
  server = await startServer({ env: { ADMIN_PASSWORD } });
  owner = new HttpClient(server.url);
  other = new HttpClient(server.url);
  admin = new HttpClient(server.url);
  expect((await owner.signUp({ email: "owner@clinic.test", firstName: "Olive" })).status).toBe(303);
  expect((await other.signUp({ email: "other@clinic.test" })).status).toBe(303);
  for (const email of ["owner@clinic.test", "other@clinic.test"]) setBetaAccess(server.dataDir, email, "approved");
  expect((await admin.signIn(server.adminEmail, ADMIN_PASSWORD)).status).toBe(303);
});

afterAll(async () => {
  await server?.stop();
});

const userId = (email: string) =>
  withTestDb(server.dataDir, (db) => (db.prepare("select id from users where email = ?").get(email) as { id: string }).id);

/** A conversation with a question and its answer, stored as the answer work stores them. */
function conversationWith(email: string, title: string, question: string, answer: string): string {
  const id = crypto.randomUUID();
  const now = Date.now();
  withTestDb(server.dataDir, (db) => {
    db.prepare("insert into conversations (id, user_id, title, created_at, updated_at) values (?, ?, ?, ?, ?)").run(id, userId(email), title, now, now);
    const insert = db.prepare(
      "insert into messages (id, conversation_id, role, content, citations, status, use_pubmed, use_think_harder, created_at) values (?, ?, ?, ?, '[]', 'complete', 0, 0, ?)",
    );
    insert.run(crypto.randomUUID(), id, "user", question, now);
    insert.run(crypto.randomUUID(), id, "assistant", answer, now + 1);
  });
  return id;
}

/** The page as a browser's first request gets it: status and HTML. */
async function page(client: HttpClient, pathname: string): Promise<{ status: number; html: string; location: string | null }> {
  const res = await client.get(pathname, { Accept: "text/html" });
  return { status: res.status, html: await res.text(), location: res.headers.get("location") };
}

describe("/app with a conversation open", () => {
  it("holds the conversation's messages and the history in its first HTML", async () => {
    const id = conversationWith("owner@clinic.test", "Feline asthma plan", "How is feline asthma managed long term?", "Inhaled fluticasone is the mainstay of long-term control.");
    for (const pathname of [`/app?conversation=${id}`, `/?conversation=${id}`]) {
      const { status, html } = await page(owner, pathname);
      expect(status, pathname).toBe(200);
      expect(html).toContain("How is feline asthma managed long term?");
      // The answer is rendered markdown, not only the serialized loader data.
      expect(html).toMatch(/<p>Inhaled fluticasone is the mainstay of long-term control\.<\/p>/);
      expect(html).toContain("Feline asthma plan");
      expect(html).not.toContain("Loading messages...");
      expect(html).not.toContain("Loading conversations...");
    }
  });

  it("shows the welcome message and the history, not a conversation, when none is asked for", async () => {
    conversationWith("owner@clinic.test", "Parvovirus in puppies", "Parvo treatment?", "Supportive care.");
    const { status, html } = await page(owner, "/app");
    expect(status).toBe(200);
    expect(html).toContain('data-testid="welcome-message"');
    expect(html).toContain("Parvovirus in puppies");
    expect(html).not.toContain("Parvo treatment?");
  });

  it("draws the newest hundred of a long history, and offers the rest", async () => {
    const client = new HttpClient(server.url);
    expect((await client.signUp({ email: "long-history@clinic.test" })).status).toBe(303);
    setBetaAccess(server.dataDir, "long-history@clinic.test", "approved");
    const owner = userId("long-history@clinic.test");
    withTestDb(server.dataDir, (db) => {
      const insert = db.prepare("insert into conversations (id, user_id, title, created_at, updated_at) values (?, ?, ?, ?, ?)");
      db.transaction(() => {
        for (let i = 1; i <= 150; i++) insert.run(crypto.randomUUID(), owner, `History item ${i} of 150`, i * 1000, i * 1000);
      })();
    });
    const { status, html } = await page(client, "/app");
    expect(status).toBe(200);
    expect(html).toContain(">History item 150 of 150<");
    expect(html).toContain(">History item 51 of 150<");
    expect(html).not.toContain(">History item 50 of 150<");
    expect(html).toContain("Show all <!-- -->150<!-- --> conversations");
  });

  it("is the 404 screen for another user's conversation or an unknown one, and shows nothing of it", async () => {
    const id = conversationWith("owner@clinic.test", "Private case notes", "Bella the Siamese: enrofloxacin dose?", "Secret answer text.");
    for (const [client, pathname] of [
      [other, `/app?conversation=${id}`],
      [owner, `/app?conversation=${crypto.randomUUID()}`],
    ] as const) {
      const { status, html } = await page(client, pathname);
      expect(status, pathname).toBe(404);
      expect(html).toContain("Page Not Found");
      expect(html).not.toContain("Bella the Siamese");
      expect(html).not.toContain("Private case notes");
    }
  });

  it("sends a signed-out visitor to the login page without reading the conversation", async () => {
    const id = conversationWith("owner@clinic.test", "Signed out", "Signed-out question?", "Signed-out answer.");
    const { status, location, html } = await page(new HttpClient(server.url), `/app?conversation=${id}`);
    expect(status).toBe(302);
    expect(location).toMatch(/^\/api\/login\?redirectTo=/);
    expect(html).not.toContain("Signed-out question?");
  });
});

describe("/account", () => {
  it("holds the usage statistics in its first HTML", async () => {
    const { status, html } = await page(owner, "/account");
    expect(status).toBe(200);
    const stats = html.slice(html.indexOf('data-testid="usage-stats"'));
    // Conversations Started: the owner has the ones made above; no '…' placeholder waits for a fetch.
    expect(stats).toMatch(/Conversations Started<\/dt><dd[^>]*>[1-9]\d*<\/dd>/);
    expect(stats).not.toMatch(/<dd[^>]*>…<\/dd>/);
  });
});

describe("/documents", () => {
  it("holds the user's own library in its first HTML, and nobody else's", async () => {
    const file = fs.readFileSync(path.join(FIXTURE_DOCUMENTS, "docling_word_sample.docx"));
    expect((await upload(owner, "owner-library-sample.docx", file, "document", LIBRARY_UPLOADS.upload)).status).toBeLessThan(300);
    const mine = await page(owner, "/documents");
    expect(mine.status).toBe(200);
    expect(mine.html).toContain("owner-library-sample.docx");
    expect(mine.html).not.toContain("Loading your documents...");
    const theirs = await page(other, "/documents");
    expect(theirs.html).not.toContain("owner-library-sample.docx");
  });
});

describe("/admin", () => {
  it("renders the dashboard for the admin at once: the gate is the loader's, the Overview figures are in the HTML", async () => {
    const { status, html } = await page(admin, "/admin");
    expect(status).toBe(200);
    expect(html).not.toContain("Loading...");
    expect(html).toContain("Total Users");
    // Three users: the admin and the two sign-ups.
    expect(html).toMatch(/aria-label="Total Users"[^]*?data-testid="stat-value"[^>]*>3</);
  });

  it("renders each list tab named in the URL with its data", async () => {
    expect((await owner.json("POST", "/api/feedback", { message: "The sources panel is very helpful." })).status).toBeLessThan(300);
    const users = await page(admin, "/admin?tab=users");
    expect(users.html).toContain("owner@clinic.test");
    const feedback = await page(admin, "/admin?tab=feedback");
    expect(feedback.html).toContain("The sources panel is very helpful.");
    const activity = await page(admin, "/admin?tab=activity");
    expect(activity.html).toMatch(/data-testid="log-row"/);
    const customize = await page(admin, "/admin?tab=customize");
    expect(customize.html).toContain('id="welcome-message"');
  });

  it("refuses anyone but the admin on the server, before any data is read", async () => {
    const { status, html } = await page(owner, "/admin?tab=users");
    expect([302, 303, 403]).toContain(status);
    expect(html).not.toContain("other@clinic.test");
  });
});
