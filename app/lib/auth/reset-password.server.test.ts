import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { eq } from "drizzle-orm";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { openDatabase, sessions, users, type Db } from "../db/index.server";
import { hashPassword, verifyPassword } from "./password.server";
import { resetPassword } from "./reset-password.server";

let dir: string;
let db: Db;

beforeEach(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), "vetsearch-reset-"));
  db = openDatabase(path.join(dir, "app.db"));
  db.insert(users).values({ id: "admin", email: "admin@clinic.test", passwordHash: await hashPassword("forgotten password"), role: "admin", betaAccess: "approved" }).run();
  db.insert(sessions).values({ id: "s1", userId: "admin", expiresAt: new Date(Date.now() + 60_000) }).run();
  db.insert(sessions).values({ id: "s2", userId: "admin", expiresAt: new Date(Date.now() + 60_000) }).run();
});

afterEach(() => {
  db.$client.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

const storedHash = () => db.select().from(users).where(eq(users.id, "admin")).get()!.passwordHash;

describe("resetting a locked-out admin's password", () => {
  it("sets the given password with the app's hashing, and signs the account out everywhere", async () => {
    const result = await resetPassword(" Admin@Clinic.test ", "a brand new password", db);
    expect(result).toEqual({ ok: true, email: "admin@clinic.test", password: "a brand new password", generated: false, sessionsEnded: 2 });
    expect(await verifyPassword(storedHash(), "a brand new password")).toBe(true);
    expect(await verifyPassword(storedHash(), "forgotten password")).toBe(false);
    expect(db.select().from(sessions).all()).toEqual([]);
  });

  it("generates a password when none is given, shown once in the result", async () => {
    const result = await resetPassword("admin@clinic.test", undefined, db);
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(result.generated).toBe(true);
    expect(result.password).toMatch(/^[A-Za-z0-9_-]{16}$/);
    expect(await verifyPassword(storedHash(), result.password)).toBe(true);
  });

  it("refuses a password that sign-up would refuse, or an unknown account, and changes nothing", async () => {
    const before = storedHash();
    expect(await resetPassword("admin@clinic.test", "short", db)).toEqual({ ok: false, message: "Password must be at least 8 characters" });
    expect(await resetPassword("admin@clinic.test", "x".repeat(257), db)).toEqual({ ok: false, message: "Password must be at most 256 characters" });
    expect(await resetPassword("nobody@clinic.test", "long enough password", db)).toEqual({ ok: false, message: "No account with the e-mail nobody@clinic.test" });
    expect(await resetPassword("not an email", "long enough password", db)).toEqual({ ok: false, message: "Enter a valid email address" });
    expect(storedHash()).toBe(before);
    expect(db.select().from(sessions).all()).toHaveLength(2);
  });
});
