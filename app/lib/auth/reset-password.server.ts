import crypto from "node:crypto";
import { eq } from "drizzle-orm";
import { getDb, sessions, users, type Db } from "../db/index.server";
import { hashPassword } from "./password.server";
import { emailSchema, signUpSchema } from "./users.server";

export type ResetPasswordResult =
  | { ok: true; email: string; password: string; generated: boolean; sessionsEnded: number }
  | { ok: false; message: string };

/** A password shown once to the admin who asked for it: 16 characters, 96 random bits. */
export function generatePassword(): string {
  return crypto.randomBytes(12).toString("base64url");
}

/**
 * Sets a new password for an account (the admin's way back in when locked out): the same rule and hashing
 * as sign-up, a generated password when none is given, and every session of the account ended, so
 * whoever held the old password is signed out too.
 */
export async function resetPassword(email: string, password?: string, db: Db = getDb()): Promise<ResetPasswordResult> {
  const parsedEmail = emailSchema.safeParse(email);
  if (!parsedEmail.success) return { ok: false, message: parsedEmail.error.issues[0]!.message };
  const generated = password === undefined;
  const chosen = password ?? generatePassword();
  const rule = signUpSchema.shape.password.safeParse(chosen);
  if (!rule.success) return { ok: false, message: rule.error.issues[0]!.message };
  const user = db.select().from(users).where(eq(users.email, parsedEmail.data)).get();
  if (!user) return { ok: false, message: `No account with the e-mail ${parsedEmail.data}` };
  const passwordHash = await hashPassword(chosen);
  const sessionsEnded = db.transaction((tx) => {
    tx.update(users).set({ passwordHash, updatedAt: new Date() }).where(eq(users.id, user.id)).run();
    return tx.delete(sessions).where(eq(sessions.userId, user.id)).run().changes;
  });
  return { ok: true, email: user.email, password: chosen, generated, sessionsEnded };
}
