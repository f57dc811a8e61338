import crypto from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEFAULT_SYSTEM_PROMPTS } from "~/lib/answer/prompts.server";
import { DEFAULT_WELCOME_MESSAGE } from "~/lib/brand";
import { setBetaAccess, withTestDb, type TestDb } from "../support/db";
import { startFakeOllama, type ChatRequestBody, type FakeOllama } from "../support/ollama-server";
import { HttpClient, startServer, type TestServer } from "../support/server";
import { upload, waitForSession } from "../support/uploads";

/**
 * The admin APIs (issue 6) over real HTTP against the built server and its SQLite file: who may call
 * them, approving and denying beta access, the activity log, feedback, the system prompts (down to the
 * chat model's system message, through a loopback server speaking Ollama's protocol), the welcome
 * message and the Overview figures.
 */

const ADMIN_PASSWORD = "admin-tests-password";
const ADMIN_UA = "admin-browser/1.0 (integration)";
const MELOXICAM_QUESTION = "What is the dose of meloxicam in cats?";
const MELOXICAM_TXT = [
  "# Feline Analgesia Notes",
  "",
  "## Meloxicam",
  "",
  "The dose of meloxicam in cats is 0.1 mg/kg orally once daily after a loading dose of 0.2 mg/kg on the first day.",
  "Use the lowest effective dose in cats with chronic kidney disease and monitor renal values every three months.",
  "",
].join("\n");

type UserStats = { conversationsCount: number; documentsCount: number; queriesCount: number; totalLogins: number; lastLogin: string | null };
type AdminUser = {
  id: string;
  email: string;
  firstName: string | null;
  lastName: string | null;
  profession: string | null;
  betaAccess: "pending" | "approved" | "denied";
  approvedBy: string | null;
  approvedAt: string | null;
  createdAt: string;
  isAdmin: boolean;
  stats: UserStats;
};
type AuthLog = {
  id: number;
  action: string;
  user: { firstName: string | null; lastName: string | null; email: string } | null;
  createdAt: string;
  ipAddress: string | null;
  userAgent: string | null;
  details: Record<string, unknown> | null;
};
type AuthLogPage = { logs: AuthLog[]; page: number; pageSize: number; total: number };
type FeedbackItem = {
  id: string;
  status: string;
  message: string;
  adminNotes: string | null;
  createdAt: string;
  user: { firstName: string | null; lastName: string | null; email: string; profession: string | null } | null;
};
type Stats = {
  totalUsers: number;
  totalConversations: number;
  totalDocuments: number;
  totalQueries: number;
  recentActivity: { logins: number; registrations: number; profileUpdates: number };
  recentDays: number;
};
type Prompts = { mainPrompt: string; thinkHarderPrompt: string; pubmedPrompt: string };

let fake: FakeOllama;
let server: TestServer;
let admin: HttpClient;
let adminId: string;
let vet: HttpClient;
let pending: HttpClient;
const anon = () => new HttpClient(server.url);

const withDb = <T>(work: (db: TestDb) => T): T => withTestDb(server.dataDir, work);

const userIdOf = (email: string) => withDb((db) => (db.prepare("select id from users where email = ?").get(email) as { id: string }).id);
const betaOf = (email: string) =>
  withDb((db) => (db.prepare("select beta_access b from users where email = ?").get(email) as { b: string }).b);
const countRows = (sql: string, ...args: unknown[]) => withDb((db) => (db.prepare(sql).get(...args) as { n: number }).n);

async function signUp(email: string, fields: Record<string, string> = {}): Promise<HttpClient> {
  const client = new HttpClient(server.url);
  expect((await client.signUp({ email, ...fields })).status).toBe(303);
  return client;
}

async function ok<T>(res: Response, status = 200): Promise<T> {
  expect(res.status, await res.clone().text()).toBe(status);
  return (await res.json()) as T;
}

const getJson = async <T>(client: HttpClient, path: string) => ok<T>(await client.get(path));
const usersList = () => getJson<AdminUser[]>(admin, "/api/admin/users");
const userRow = async (email: string) => (await usersList()).find((u) => u.email === email)!;
const stats = () => getJson<Stats>(admin, "/api/admin/stats");
const logsPage = (query = "") => getJson<AuthLogPage>(admin, `/api/admin/auth-logs${query}`);
const prompts = () => getJson<Prompts>(admin, "/api/admin/system-prompts");

async function newConversation(client: HttpClient, title = "Questions"): Promise<string> {
  return (await ok<{ id: string }>(await client.json("POST", "/api/conversations", { title }), 201)).id;
}

async function ask(client: HttpClient, conversationId: string, content: string) {
  return ok<{ role: string; content: string }>(
    await client.json("POST", `/api/conversations/${conversationId}/messages`, { content, usePubmed: false, useThinkHarder: false }),
  );
}

async function postFeedback(client: HttpClient, message: string): Promise<string> {
  return (await ok<{ id: string }>(await client.json("POST", "/api/feedback", { message }), 201)).id;
}

/** A private document of a user, as the document library stores one (only its row matters for the counts). */
function insertPrivateDocument(ownerEmail: string): string {
  const id = crypto.randomUUID();
  withDb((db) =>
    db
      .prepare(
        "insert into documents (id, title, filename, stored_path, file_type, file_size, processing_status, owner_id, uploaded_by) values (?, ?, ?, ?, 'pdf', 1000, 'completed', ?, ?)",
      )
      .run(id, `Private ${id}`, `${id}.pdf`, `files/${id}.pdf`, userIdOf(ownerEmail), userIdOf(ownerEmail)),
  );
  return id;
}

/** The admin-action rows of the log (newest first) with a given action. */
async function adminActions(action: string): Promise<AuthLog[]> {
  return (await logsPage("?pageSize=200")).logs.filter((l) => l.action === action);
}

beforeAll(async () => {
  fake = await startFakeOllama({
    chat: (request) => {
      const system = request.messages?.find((m) => m.role === "system")?.content ?? "";
      return system.includes("Rules for the passages") ? { tokens: ["Meloxicam is given at 0.1 mg/kg once daily [1]."] } : { tokens: [""] };
    },
  });
  server = await startServer({ env: { ADMIN_PASSWORD, OLLAMA_HOST: fake.url, OLLAMA_MODEL: "llama3.2" } });
  admin = new HttpClient(server.url, ADMIN_UA);
  expect((await admin.signIn(server.adminEmail, ADMIN_PASSWORD)).status).toBe(303);
  adminId = userIdOf(server.adminEmail);
  vet = await signUp("vet@clinic.test", { firstName: "Vera", lastName: "Vet", profession: "veterinarian" });
  setBetaAccess(server.dataDir, "vet@clinic.test", "approved");
  pending = await signUp("pending@clinic.test");
}, 60_000);

afterAll(async () => {
  await server?.stop();
  await fake?.close();
});

describe("who may call the admin APIs", () => {
  it("admin 200; approved user 403, pending user 403, signed out 401 on every call, and nothing changes", async () => {
    const targetEmail = "target@clinic.test";
    await signUp(targetEmail);
    const targetId = userIdOf(targetEmail);
    const denyTargetEmail = "deny-target@clinic.test";
    await signUp(denyTargetEmail);
    const denyTargetId = userIdOf(denyTargetEmail);
    const feedbackId = await postFeedback(vet, "The search results are very helpful for dosing.");
    const promptsBefore = await prompts();
    const welcomeBefore = (await getJson<{ welcomeMessage: string }>(admin, "/api/admin/welcome-message")).welcomeMessage;

    const calls: Array<[string, string, unknown?]> = [
      ["GET", "/api/admin/stats"],
      ["GET", "/api/admin/users"],
      ["GET", "/api/admin/auth-logs"],
      ["GET", "/api/admin/feedback"],
      ["GET", "/api/admin/system-prompts"],
      ["GET", "/api/admin/welcome-message"],
      ["POST", `/api/admin/users/${targetId}/approve`],
      ["POST", `/api/admin/users/${denyTargetId}/deny`],
      ["PATCH", `/api/admin/feedback/${feedbackId}`, { status: "reviewed", adminNotes: "Seen" }],
      ["PUT", "/api/admin/system-prompts", { ...promptsBefore, mainPrompt: "Intruder prompt" }],
      ["PUT", "/api/admin/welcome-message", { welcomeMessage: "Intruder welcome" }],
      ["DELETE", `/api/admin/feedback/${feedbackId}`],
    ];
    const send = (client: HttpClient, [method, path, body]: [string, string, unknown?]) =>
      body === undefined ? client.request(method, path) : client.json(method, path, body);

    for (const [who, client, status] of [
      ["approved user", vet, 403],
      ["pending user", pending, 403],
      ["signed out", anon(), 401],
    ] as const) {
      for (const call of calls) {
        const res = await send(client, call);
        expect(res.status, `${who}: ${call[0]} ${call[1]}`).toBe(status);
        expect(((await res.json()) as { message: string }).message).toBe(status === 401 ? "Unauthorized" : "Admin access required");
      }
    }
    expect(betaOf(targetEmail)).toBe("pending");
    expect(betaOf(denyTargetEmail)).toBe("pending");
    expect(countRows("select count(*) n from feedback where id = ? and status = 'new' and admin_notes is null", feedbackId)).toBe(1);
    expect(await prompts()).toEqual(promptsBefore);
    expect((await getJson<{ welcomeMessage: string }>(vet, "/api/welcome-message")).welcomeMessage).toBe(welcomeBefore);
    expect(countRows("select count(*) n from auth_logs where action in ('user_approve','user_deny','feedback_update','feedback_delete','system_prompts_update','welcome_message_update')")).toBe(0);

    for (const call of calls) {
      const res = await send(admin, call);
      expect(res.status, `admin: ${call[0]} ${call[1]}: ${await res.clone().text()}`).toBe(200);
    }
    expect(betaOf(targetEmail)).toBe("approved");
    expect(betaOf(denyTargetEmail)).toBe("denied");
    expect(countRows("select count(*) n from feedback where id = ?", feedbackId)).toBe(0);
    expect((await prompts()).mainPrompt).toBe("Intruder prompt");
    // Put things back for the tests below.
    await ok(await admin.json("PUT", "/api/admin/system-prompts", { mainPrompt: "", thinkHarderPrompt: "", pubmedPrompt: "" }));
    await ok(await admin.json("PUT", "/api/admin/welcome-message", { welcomeMessage: "" }));
  });

  it("answers 405 for a method a route does not serve", async () => {
    const id = userIdOf("pending@clinic.test");
    for (const [method, path] of [
      ["POST", "/api/admin/stats"],
      ["DELETE", "/api/admin/users"],
      ["GET", `/api/admin/users/${id}/approve`],
      ["PUT", `/api/admin/users/${id}/deny`],
      ["POST", "/api/admin/auth-logs"],
      ["POST", "/api/admin/feedback"],
      ["GET", `/api/admin/feedback/${crypto.randomUUID()}`],
      ["PUT", `/api/admin/feedback/${crypto.randomUUID()}`],
      ["POST", "/api/admin/system-prompts"],
      ["PATCH", "/api/admin/welcome-message"],
    ] as const) {
      const res = await admin.request(method, path);
      expect(res.status, `${method} ${path}`).toBe(405);
      expect(res.headers.get("allow")).toBeTruthy();
    }
    expect(betaOf("pending@clinic.test")).toBe("pending");
  });
});

describe("approving and denying beta access", () => {
  it("approves a pending user (approvedBy, approvedAt), who then gets app access; a second approve is 409", async () => {
    const email = "newcomer@clinic.test";
    const newcomer = await signUp(email, { firstName: "Nia", lastName: "Newcomer", profession: "nurse" });
    const id = userIdOf(email);
    expect((await newcomer.get("/api/conversations")).status).toBe(403);
    expect(await userRow(email)).toMatchObject({ betaAccess: "pending", approvedBy: null, approvedAt: null, isAdmin: false });

    const before = Date.now();
    const approved = await ok<AdminUser>(await admin.request("POST", `/api/admin/users/${id}/approve`));
    expect(approved).toMatchObject({
      id,
      email,
      firstName: "Nia",
      lastName: "Newcomer",
      profession: "nurse",
      betaAccess: "approved",
      approvedBy: adminId,
      isAdmin: false,
      stats: { conversationsCount: 0, documentsCount: 0, queriesCount: 0, totalLogins: 0, lastLogin: null },
    });
    expect(Date.parse(approved.approvedAt!)).toBeGreaterThanOrEqual(before - 1000);
    expect(Date.parse(approved.approvedAt!)).toBeLessThanOrEqual(Date.now() + 1000);
    expect(await userRow(email)).toEqual(approved);
    expect(withDb((db) => db.prepare("select approved_by, approved_at from users where id = ?").get(id))).toEqual({
      approved_by: adminId,
      approved_at: Date.parse(approved.approvedAt!),
    });

    // The same session now has app access: the API and the chat page.
    expect((await newcomer.get("/api/conversations")).status).toBe(200);
    expect((await newcomer.get("/app")).status).toBe(200);

    const again = await admin.request("POST", `/api/admin/users/${id}/approve`);
    expect(again.status).toBe(409);
    expect(((await again.json()) as { message: string }).message).toBe("User is not pending (approved)");
    const denyApproved = await admin.request("POST", `/api/admin/users/${id}/deny`);
    expect(denyApproved.status).toBe(409);
    expect(betaOf(email)).toBe("approved");
    expect((await userRow(email)).approvedAt).toBe(approved.approvedAt);

    // The admin account itself is not pending either.
    expect((await admin.request("POST", `/api/admin/users/${adminId}/deny`)).status).toBe(409);
  });

  it("denies a pending user, whose APIs then answer 403; a denied user cannot then be approved", async () => {
    const email = "applicant@clinic.test";
    const applicant = await signUp(email);
    const id = userIdOf(email);
    const denied = await ok<AdminUser>(await admin.request("POST", `/api/admin/users/${id}/deny`));
    expect(denied).toMatchObject({ id, betaAccess: "denied", approvedBy: adminId });
    expect(denied.approvedAt).not.toBeNull();

    for (const path of ["/api/conversations", "/api/welcome-message", "/api/user/settings", "/api/auth/user/stats"]) {
      const res = await applicant.get(path);
      expect(res.status, path).toBe(403);
      expect(await res.json()).toMatchObject({ message: "Beta access not approved", betaAccess: "denied" });
    }
    expect((await applicant.json("POST", "/api/conversations", { title: "x" })).status).toBe(403);
    expect((await applicant.get("/app")).headers.get("location")).toBe("/beta-access");

    const approve = await admin.request("POST", `/api/admin/users/${id}/approve`);
    expect(approve.status).toBe(409);
    expect(await approve.json()).toMatchObject({ message: "User is not pending (denied)", betaAccess: "denied" });
    expect(betaOf(email)).toBe("denied");
  });

  it("an unknown user id is 404 for approve and deny", async () => {
    for (const verb of ["approve", "deny"]) {
      const res = await admin.request("POST", `/api/admin/users/${crypto.randomUUID()}/${verb}`);
      expect(res.status).toBe(404);
      expect(await res.json()).toEqual({ message: "User not found" });
    }
  });
});

describe("users list", () => {
  it("lists every user newest first with their conversations, private documents, questions and logins", async () => {
    const email = "counted@clinic.test";
    await signUp(email, { firstName: "Cora", lastName: "Counted", profession: "specialist" });
    setBetaAccess(server.dataDir, email, "approved");
    expect((await userRow(email)).stats).toEqual({
      conversationsCount: 0,
      documentsCount: 0,
      queriesCount: 0,
      totalLogins: 0,
      lastLogin: null,
    });

    // Two sign-ins, two conversations, three questions, one private document; the shared knowledge base is not theirs.
    const first = new HttpClient(server.url);
    expect((await first.signIn(email, "correct horse battery")).status).toBe(303);
    const user = new HttpClient(server.url);
    expect((await user.signIn(email, "correct horse battery")).status).toBe(303);
    const a = await newConversation(user, "A");
    const b = await newConversation(user, "B");
    await ask(user, a, "What is the dose of gabapentin in dogs?");
    await ask(user, a, "And in cats?");
    await ask(user, b, "How is feline hyperthyroidism treated?");
    insertPrivateDocument(email);
    // Someone else's activity is not counted for them.
    await newConversation(vet, "Vet's own");

    const row = await userRow(email);
    const lastLoginLog = withDb(
      (db) =>
        db.prepare("select max(created_at) t from auth_logs where action = 'login' and user_id = ?").get(userIdOf(email)) as { t: number },
    ).t;
    expect(row).toMatchObject({
      email,
      firstName: "Cora",
      lastName: "Counted",
      profession: "specialist",
      betaAccess: "approved",
      isAdmin: false,
      stats: { conversationsCount: 2, documentsCount: 1, queriesCount: 3, totalLogins: 2, lastLogin: new Date(lastLoginLog).toISOString() },
    });

    const list = await usersList();
    expect(list.length).toBe(countRows("select count(*) n from users"));
    const created = list.map((u) => Date.parse(u.createdAt));
    expect(created).toEqual([...created].sort((x, y) => y - x));
    const adminRow = list.find((u) => u.email === server.adminEmail)!;
    expect(adminRow).toMatchObject({ isAdmin: true, betaAccess: "approved" });
    expect(adminRow.stats.totalLogins).toBeGreaterThanOrEqual(1);
    // Never the password hash or anything beyond the contract's fields.
    expect(Object.keys(row).sort()).toEqual(
      ["approvedAt", "approvedBy", "betaAccess", "createdAt", "email", "firstName", "id", "isAdmin", "lastName", "profession", "role", "stats"].sort(),
    );
  });
});

describe("activity log", () => {
  it("pages the log newest first with the total, user, IP and user agent", async () => {
    const total = countRows("select count(*) n from auth_logs");
    expect(total).toBeGreaterThan(6);
    const expectedIds = withDb((db) =>
      (db.prepare("select id from auth_logs order by created_at desc, id desc").all() as { id: number }[]).map((r) => r.id),
    );

    const defaults = await logsPage();
    expect(defaults).toMatchObject({ page: 1, pageSize: 50, total });
    expect(defaults.logs.map((l) => l.id)).toEqual(expectedIds.slice(0, 50));

    const pageSize = 3;
    const seen: number[] = [];
    for (let page = 1; page <= Math.ceil(total / pageSize); page++) {
      const res = await logsPage(`?page=${page}&pageSize=${pageSize}`);
      expect(res).toMatchObject({ page, pageSize, total });
      expect(res.logs.length).toBe(Math.min(pageSize, total - (page - 1) * pageSize));
      seen.push(...res.logs.map((l) => l.id));
    }
    expect(seen).toEqual(expectedIds);
    const beyond = await logsPage(`?page=${Math.ceil(total / pageSize) + 1}&pageSize=${pageSize}`);
    expect(beyond).toMatchObject({ logs: [], total });

    // vet@'s registration: name, e-mail, IP and the browser's user agent.
    const vetLogin = withDb((db) => db.prepare("select id from auth_logs where action = 'registration' and user_id = ?").get(userIdOf("vet@clinic.test")) as { id: number });
    const all = (await logsPage("?pageSize=200")).logs;
    const entry = all.find((l) => l.id === vetLogin.id)!;
    expect(entry).toMatchObject({
      action: "registration",
      user: { firstName: "Vera", lastName: "Vet", email: "vet@clinic.test" },
      userAgent: "vitest-integration",
      details: null,
    });
    expect(entry.ipAddress).toMatch(/127\.0\.0\.1/);
    expect(Number.isNaN(Date.parse(entry.createdAt))).toBe(false);
  });

  it("a log row whose user was deleted has user null", async () => {
    const email = "leaver@clinic.test";
    await signUp(email);
    const id = userIdOf(email);
    const logId = withDb((db) => (db.prepare("select id from auth_logs where user_id = ?").get(id) as { id: number }).id);
    withDb((db) => {
      db.pragma("foreign_keys = ON"); // as the app's connection has it: the log row keeps its history, user cleared
      db.prepare("delete from users where id = ?").run(id);
    });
    expect(countRows("select count(*) n from auth_logs where id = ? and user_id is null", logId)).toBe(1);
    const entry = (await logsPage("?pageSize=200")).logs.find((l) => l.id === logId)!;
    expect(entry).toMatchObject({ action: "registration", user: null });
  });

  it("refuses bad paging with 400", async () => {
    for (const query of ["?page=0", "?page=-1", "?page=abc", "?page=1.5", "?pageSize=0", "?pageSize=201", "?pageSize=x"]) {
      const res = await admin.get(`/api/admin/auth-logs${query}`);
      expect(res.status, query).toBe(400);
      expect(((await res.json()) as { message: string }).message).toMatch(/page|pageSize/);
    }
    expect((await logsPage("?pageSize=200")).pageSize).toBe(200);
  });

  it("records admin actions with the admin as the actor and what they touched", async () => {
    const email = "audited@clinic.test";
    await signUp(email);
    const id = userIdOf(email);
    await ok(await admin.request("POST", `/api/admin/users/${id}/approve`));
    const [approveLog] = await adminActions("user_approve");
    expect(approveLog).toMatchObject({
      user: { email: server.adminEmail },
      userAgent: ADMIN_UA,
      details: { userId: id, email },
    });
    // Newest first: the approval is the latest row.
    expect((await logsPage("?pageSize=1")).logs[0]!.id).toBe(approveLog!.id);

    const denyEmail = "audited-denied@clinic.test";
    await signUp(denyEmail);
    await ok(await admin.request("POST", `/api/admin/users/${userIdOf(denyEmail)}/deny`));
    expect((await adminActions("user_deny"))[0]).toMatchObject({ user: { email: server.adminEmail }, details: { email: denyEmail } });

    // A refused action (409) writes nothing.
    const approvals = (await adminActions("user_approve")).length;
    expect((await admin.request("POST", `/api/admin/users/${id}/approve`)).status).toBe(409);
    expect((await adminActions("user_approve")).length).toBe(approvals);
  });
});

describe("feedback", () => {
  it("a user's feedback is listed for the admin, marked reviewed, annotated and deleted", async () => {
    const message = "Please add more equine dosing references to the library.";
    const id = await postFeedback(vet, message);
    const list = await getJson<FeedbackItem[]>(admin, "/api/admin/feedback");
    expect(list[0]).toEqual({
      id,
      status: "new",
      message,
      adminNotes: null,
      createdAt: expect.any(String),
      user: { firstName: "Vera", lastName: "Vet", email: "vet@clinic.test", profession: "veterinarian" },
    });
    const created = list.map((f) => Date.parse(f.createdAt));
    expect(created).toEqual([...created].sort((x, y) => y - x));

    const reviewed = await ok<FeedbackItem>(await admin.json("PATCH", `/api/admin/feedback/${id}`, { status: "reviewed" }));
    expect(reviewed).toMatchObject({ id, status: "reviewed", adminNotes: null, message });
    const noted = await ok<FeedbackItem>(await admin.json("PATCH", `/api/admin/feedback/${id}`, { adminNotes: "Asked the library team." }));
    expect(noted).toMatchObject({ id, status: "reviewed", adminNotes: "Asked the library team." });
    expect((await getJson<FeedbackItem[]>(admin, "/api/admin/feedback")).find((f) => f.id === id)).toEqual(noted);
    // Notes can be edited and cleared at any status.
    expect(await ok<FeedbackItem>(await admin.json("PATCH", `/api/admin/feedback/${id}`, { adminNotes: "  " }))).toMatchObject({ adminNotes: null });
    await ok(await admin.json("PATCH", `/api/admin/feedback/${id}`, { adminNotes: "Done." }));

    const logs = await adminActions("feedback_update");
    expect(logs[0]).toMatchObject({ user: { email: server.adminEmail }, details: { feedbackId: id, notesChanged: true } });
    expect(logs.find((l) => l.details?.status === "reviewed")).toMatchObject({ details: { feedbackId: id, status: "reviewed" } });

    expect(await ok(await admin.request("DELETE", `/api/admin/feedback/${id}`))).toEqual({ deleted: true });
    expect((await getJson<FeedbackItem[]>(admin, "/api/admin/feedback")).some((f) => f.id === id)).toBe(false);
    expect((await adminActions("feedback_delete"))[0]).toMatchObject({ user: { email: server.adminEmail }, details: { feedbackId: id } });
    const again = await admin.request("DELETE", `/api/admin/feedback/${id}`);
    expect(again.status).toBe(404);
    expect(await again.json()).toEqual({ message: "Feedback not found" });
    expect((await admin.json("PATCH", `/api/admin/feedback/${id}`, { status: "reviewed" })).status).toBe(404);
  });

  it("unknown ids are 404 and bad bodies 422 (or 415, 400), and change nothing", async () => {
    for (const res of [
      await admin.json("PATCH", `/api/admin/feedback/${crypto.randomUUID()}`, { status: "reviewed" }),
      await admin.request("DELETE", `/api/admin/feedback/${crypto.randomUUID()}`),
    ]) {
      expect(res.status).toBe(404);
    }
    const id = await postFeedback(vet, "The citations open the right page every time.");
    for (const body of [{}, { status: "archived-forever" }, { status: 3 }, { notes: "typo in field name" }, { adminNotes: 42 }, { adminNotes: "x".repeat(5_001) }]) {
      const res = await admin.json("PATCH", `/api/admin/feedback/${id}`, body);
      expect(res.status, JSON.stringify(body).slice(0, 60)).toBe(422);
      expect(((await res.json()) as { message: string }).message.length).toBeGreaterThan(0);
    }
    expect((await admin.request("PATCH", `/api/admin/feedback/${id}`, { body: "status=reviewed", headers: { "Content-Type": "text/plain" } })).status).toBe(415);
    expect((await admin.request("PATCH", `/api/admin/feedback/${id}`, { body: "{", headers: { "Content-Type": "application/json" } })).status).toBe(400);
    expect(withDb((db) => db.prepare("select status, admin_notes from feedback where id = ?").get(id))).toEqual({ status: "new", admin_notes: null });
  });
});

describe("system prompts", () => {
  it("starts at the defaults the answering code uses", async () => {
    expect(await prompts()).toEqual(DEFAULT_SYSTEM_PROMPTS);
    expect(countRows("select count(*) n from app_settings where key in ('mainPrompt','thinkHarderPrompt','pubmedPrompt')")).toBe(0);
  });

  it("a saved main prompt reaches the chat model's system message; blank goes back to the default", async () => {
    const res = await upload(admin, "feline-analgesia.txt", Buffer.from(MELOXICAM_TXT));
    const { sessionId } = await ok<{ sessionId: string }>(res);
    const session = await waitForSession(admin, sessionId);
    expect(session, session.error ?? "").toMatchObject({ status: "completed" });

    const mainPrompt = "You answer for the Riverside Clinic. Marker: PX-4417. Answer only from the passages.";
    const saved = await ok<Prompts>(
      await admin.json("PUT", "/api/admin/system-prompts", { ...DEFAULT_SYSTEM_PROMPTS, mainPrompt: `  ${mainPrompt}\n` }),
    );
    expect(saved).toEqual({ ...DEFAULT_SYSTEM_PROMPTS, mainPrompt });
    expect(await prompts()).toEqual(saved);
    expect(withDb((db) => db.prepare("select key, value, updated_by from app_settings where key like '%Prompt'").all())).toEqual([
      { key: "mainPrompt", value: mainPrompt, updated_by: adminId },
    ]);
    expect((await adminActions("system_prompts_update"))[0]).toMatchObject({
      user: { email: server.adminEmail },
      details: { changed: ["mainPrompt"] },
    });

    const systemOfLastAnswer = () => {
      const answer = fake.requests
        .filter((r) => r.path === "/api/chat")
        .map((r) => r.body as ChatRequestBody)
        .filter((r) => r.messages?.[0]?.content.includes("Rules for the passages"))
        .at(-1);
      expect(answer, "the chat model was asked to answer").toBeDefined();
      return answer!.messages![0]!;
    };
    const answer = await ask(vet, await newConversation(vet), MELOXICAM_QUESTION);
    expect(answer.content).toContain("0.1 mg/kg");
    const system = systemOfLastAnswer();
    expect(system.role).toBe("system");
    expect(system.content.startsWith(mainPrompt)).toBe(true);
    expect(system.content).not.toContain(DEFAULT_SYSTEM_PROMPTS.mainPrompt);

    // Think Harder adds its (edited) prompt after the main one.
    await ok(await admin.json("PUT", "/api/admin/system-prompts", { ...saved, thinkHarderPrompt: "Think Harder marker TH-9." }));
    await ok(
      await vet.json("POST", `/api/conversations/${await newConversation(vet)}/messages`, {
        content: MELOXICAM_QUESTION,
        usePubmed: false,
        useThinkHarder: true,
      }),
    );
    const thinking = fake.requests
      .filter((r) => r.path === "/api/chat")
      .map((r) => (r.body as ChatRequestBody).messages?.[0]?.content ?? "")
      .filter((c) => c.includes("TH-9"));
    expect(thinking.length).toBeGreaterThan(0);
    expect(thinking.at(-1)!.indexOf("TH-9")).toBeGreaterThan(thinking.at(-1)!.indexOf("PX-4417"));

    // Blank (or whitespace) is back to the default, and the model gets the default again.
    const reset = await ok<Prompts>(await admin.json("PUT", "/api/admin/system-prompts", { mainPrompt: "   ", thinkHarderPrompt: "", pubmedPrompt: "" }));
    expect(reset).toEqual(DEFAULT_SYSTEM_PROMPTS);
    expect(countRows("select count(*) n from app_settings where key like '%Prompt'")).toBe(0);
    await ask(vet, await newConversation(vet), MELOXICAM_QUESTION);
    expect(systemOfLastAnswer().content.startsWith(DEFAULT_SYSTEM_PROMPTS.mainPrompt)).toBe(true);
  }, 120_000);

  it("refuses a 1 MB prompt clearly and changes nothing", async () => {
    const kept = "Kept prompt: answer for the Hillside Clinic.";
    await ok(await admin.json("PUT", "/api/admin/system-prompts", { ...DEFAULT_SYSTEM_PROMPTS, mainPrompt: kept }));
    const logsBefore = (await adminActions("system_prompts_update")).length;

    const huge = await admin.json("PUT", "/api/admin/system-prompts", { ...DEFAULT_SYSTEM_PROMPTS, mainPrompt: "a".repeat(1024 * 1024) });
    expect(huge.status).toBe(413);
    expect(((await huge.json()) as { message: string }).message).toBe("Each system prompt must be at most 20,000 characters");

    const justOver = await admin.json("PUT", "/api/admin/system-prompts", { ...DEFAULT_SYSTEM_PROMPTS, pubmedPrompt: "b".repeat(20_001) });
    expect(justOver.status).toBe(422);
    expect(((await justOver.json()) as { message: string }).message).toContain("pubmedPrompt: Each system prompt must be at most 20,000 characters");

    const missing = await admin.json("PUT", "/api/admin/system-prompts", { mainPrompt: "Only one field" });
    expect(missing.status).toBe(422);
    expect((await admin.request("PUT", "/api/admin/system-prompts", { body: "x", headers: { "Content-Type": "text/plain" } })).status).toBe(415);

    expect(await prompts()).toEqual({ ...DEFAULT_SYSTEM_PROMPTS, mainPrompt: kept });
    expect((await adminActions("system_prompts_update")).length).toBe(logsBefore);

    // Exactly at the limit is accepted.
    const atLimit = "c".repeat(20_000);
    expect((await ok<Prompts>(await admin.json("PUT", "/api/admin/system-prompts", { ...DEFAULT_SYSTEM_PROMPTS, thinkHarderPrompt: atLimit }))).thinkHarderPrompt).toBe(atLimit);
    await ok(await admin.json("PUT", "/api/admin/system-prompts", { mainPrompt: "", thinkHarderPrompt: "", pubmedPrompt: "" }));
  });
});

describe("welcome message", () => {
  it("is saved by the admin and shown to users; blank goes back to the built-in greeting", async () => {
    expect(await getJson(admin, "/api/admin/welcome-message")).toEqual({ welcomeMessage: DEFAULT_WELCOME_MESSAGE });
    const welcomeMessage = "Welcome to the Riverside Clinic assistant. Ask about doses, protocols and diagnostics.";
    expect(await ok(await admin.json("PUT", "/api/admin/welcome-message", { welcomeMessage }))).toEqual({ welcomeMessage });
    expect(await getJson(admin, "/api/admin/welcome-message")).toEqual({ welcomeMessage });
    expect(await getJson(vet, "/api/welcome-message")).toEqual({ welcomeMessage });
    expect(withDb((db) => db.prepare("select value, updated_by from app_settings where key = 'welcomeMessage'").get())).toEqual({
      value: welcomeMessage,
      updated_by: adminId,
    });
    expect((await adminActions("welcome_message_update"))[0]).toMatchObject({ user: { email: server.adminEmail }, details: { changed: true } });

    const tooLong = await admin.json("PUT", "/api/admin/welcome-message", { welcomeMessage: "w".repeat(5_001) });
    expect(tooLong.status).toBe(422);
    expect(((await tooLong.json()) as { message: string }).message).toContain("at most 5,000 characters");
    const huge = await admin.json("PUT", "/api/admin/welcome-message", { welcomeMessage: "w".repeat(1024 * 1024) });
    expect(huge.status).toBe(413);
    expect(((await huge.json()) as { message: string }).message).toBe("The welcome message must be at most 5,000 characters");
    expect((await admin.json("PUT", "/api/admin/welcome-message", { message: "wrong field" })).status).toBe(422);
    expect(await getJson(vet, "/api/welcome-message")).toEqual({ welcomeMessage });

    expect(await ok(await admin.json("PUT", "/api/admin/welcome-message", { welcomeMessage: " \n " }))).toEqual({
      welcomeMessage: DEFAULT_WELCOME_MESSAGE,
    });
    expect(await getJson(vet, "/api/welcome-message")).toEqual({ welcomeMessage: DEFAULT_WELCOME_MESSAGE });
    expect(countRows("select count(*) n from app_settings where key = 'welcomeMessage'")).toBe(0);
  });
});

describe("overview figures", () => {
  it("counts users, conversations, questions, documents and the last 7 days' logins, registrations and profile updates", async () => {
    const before = await stats();
    expect(before).toMatchObject({
      totalUsers: countRows("select count(*) n from users"),
      totalConversations: countRows("select count(*) n from conversations"),
      totalDocuments: countRows("select count(*) n from documents"),
      totalQueries: countRows("select count(*) n from messages where role = 'user'"),
      recentDays: 7,
    });
    expect(before.recentActivity.logins).toBeGreaterThan(0);

    const email = "stats@clinic.test";
    const user = await signUp(email);
    setBetaAccess(server.dataDir, email, "approved");
    expect((await user.signIn(email, "correct horse battery")).status).toBe(303);
    const conversation = await newConversation(user);
    await ask(user, conversation, "What is the treatment for canine parvovirus?");
    insertPrivateDocument(email);
    await ok(await user.json("PATCH", "/api/auth/user", { firstName: "Stan", lastName: "Stats", profession: "doctor" }));

    expect(await stats()).toEqual({
      totalUsers: before.totalUsers + 1,
      totalConversations: before.totalConversations + 1,
      totalDocuments: before.totalDocuments + 1,
      totalQueries: before.totalQueries + 1,
      recentActivity: {
        logins: before.recentActivity.logins + 1,
        registrations: before.recentActivity.registrations + 1,
        profileUpdates: before.recentActivity.profileUpdates + 1,
      },
      recentDays: 7,
      // The live system figures (their own test: overview-figures.test.ts) count every document too.
      system: expect.objectContaining({ documents: before.totalDocuments + 1 }),
    });

    // Older than 7 days is not recent; 6 days old is.
    const day = 24 * 60 * 60 * 1000;
    withDb((db) => {
      const insert = db.prepare("insert into auth_logs (user_id, action, created_at) values (?, ?, ?)");
      insert.run(null, "login", Date.now() - 8 * day);
      insert.run(null, "registration", Date.now() - 8 * day);
      insert.run(null, "profile_update", Date.now() - 6 * day);
    });
    const after = await stats();
    expect(after.recentActivity).toEqual({
      logins: before.recentActivity.logins + 1,
      registrations: before.recentActivity.registrations + 1,
      profileUpdates: before.recentActivity.profileUpdates + 2,
    });
  });
});
