import crypto from "node:crypto";
import { eq } from "drizzle-orm";
import { ConfigError, getConfig } from "../config.server";
import { getDb, users } from "../db/index.server";
import { deleteExpiredSessions } from "./session.server";
import { createUser, findUserByEmail, passwordSchema } from "./users.server";

export type AdminBootstrap =
  | { created: true; email: string; password: string; generated: boolean }
  | { created: false; email: string };

/**
 * Makes sure the designated admin (ADMIN_EMAIL) exists, is an admin and is approved.
 * A new account gets ADMIN_PASSWORD, or a generated password that is reported once.
 * Only an account this bootstrap created is looked after: an address someone signed up with is never
 * promoted (whoever registered the future admin address first would hold admin with their own password).
 */
export async function ensureAdminAccount(): Promise<AdminBootstrap> {
  const config = getConfig();
  const email = config.ADMIN_EMAIL;
  if (config.ADMIN_PASSWORD !== undefined) {
    const checked = passwordSchema.safeParse(config.ADMIN_PASSWORD);
    if (!checked.success) throw new ConfigError(`Invalid configuration: ADMIN_PASSWORD: ${checked.error.issues[0]!.message}`);
  }
  const existing = findUserByEmail(email);
  if (existing) {
    if (!existing.createdByBootstrap) {
      throw new ConfigError(
        `Invalid configuration: ADMIN_EMAIL: ${email} belongs to an account that was signed up, not created by this server, so it is not made admin; set ADMIN_EMAIL to an address that has no account yet`,
      );
    }
    if (existing.role !== "admin" || existing.betaAccess !== "approved") {
      getDb()
        .update(users)
        .set({ role: "admin", betaAccess: "approved", approvedAt: existing.approvedAt ?? new Date() })
        .where(eq(users.id, existing.id))
        .run();
    }
    return { created: false, email };
  }
  const generated = !config.ADMIN_PASSWORD;
  const password = config.ADMIN_PASSWORD ?? crypto.randomBytes(12).toString("base64url");
  await createUser({
    email,
    password,
    firstName: "Admin",
    lastName: null,
    profession: "other",
    role: "admin",
    betaAccess: "approved",
    createdByBootstrap: true,
  });
  return { created: true, email, password, generated };
}

/** Everything the server does once before it takes requests. Returns lines for the console. */
export async function startup(): Promise<string[]> {
  const lines: string[] = [];
  const config = getConfig();
  getDb(); // opens the database and applies migrations
  deleteExpiredSessions();
  lines.push(`Data folder: ${config.dataDir}`);
  const admin = await ensureAdminAccount();
  if (admin.created) {
    lines.push(
      admin.generated
        ? `Admin account created: ${admin.email} with password ${admin.password} (shown only this once; set ADMIN_PASSWORD to choose it)`
        : `Admin account created: ${admin.email} with the password from ADMIN_PASSWORD`,
    );
  } else {
    lines.push(`Admin account: ${admin.email}`);
  }
  if (config.oauth) lines.push(`Single sign-on: ${config.oauth.issuer ?? config.oauth.authorizationUrl}`);
  return lines;
}
