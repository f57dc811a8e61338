import crypto from "node:crypto";
import { and, count, eq } from "drizzle-orm";
import { z } from "zod";
import {
  PROFESSIONS,
  conversations,
  documents,
  getDb,
  messages,
  users,
  type User,
} from "../db/index.server";
import { hashPassword } from "./password.server";

export const NAME_MAX = 100;
export const EMAIL_MAX = 254;
export const PASSWORD_MIN = 8;
// argon2 cost grows with input; a cap keeps a huge "password" from being a denial of service.
export const PASSWORD_MAX = 256;

const name = (label: string) =>
  z
    .string({ error: `${label} is required` })
    .trim()
    .min(1, `${label} is required`)
    .max(NAME_MAX, `${label} must be at most ${NAME_MAX} characters`);

export const emailSchema = z
  .string({ error: "Email is required" })
  .trim()
  .toLowerCase()
  .min(3, "Email is required")
  .max(EMAIL_MAX, `Email must be at most ${EMAIL_MAX} characters`)
  .regex(/^[^\s@]+@[^\s@]+$/, "Enter a valid email address");

export const professionSchema = z.enum(PROFESSIONS, { error: "Choose a profession from the list" });

/** The rule for every password this server sets: sign-up's, and the admin's from ADMIN_PASSWORD. */
export const passwordSchema = z
  .string({ error: "Password is required" })
  .min(PASSWORD_MIN, `Password must be at least ${PASSWORD_MIN} characters`)
  .max(PASSWORD_MAX, `Password must be at most ${PASSWORD_MAX} characters`);

export const signUpSchema = z.object({
  email: emailSchema,
  password: passwordSchema,
  firstName: name("First name"),
  lastName: name("Last name"),
  profession: professionSchema,
});

export type SignUp = z.infer<typeof signUpSchema>;

export const profileSchema = z
  .object({
    firstName: name("First name"),
    lastName: name("Last name"),
    profession: professionSchema,
  })
  .strip();

/** The stored role alone decides: an e-mail address matching ADMIN_EMAIL grants nothing. */
export function isAdmin(user: Pick<User, "role">): boolean {
  return user.role === "admin";
}

/** Whether the user may use the app: approved in the beta, or an admin. */
export function hasAppAccess(user: Pick<User, "role" | "betaAccess">): boolean {
  return user.betaAccess === "approved" || isAdmin(user);
}

/** The current-user object the API returns: never the password hash or SSO subject. */
export function toPublicUser(user: User) {
  return {
    id: user.id,
    email: user.email,
    firstName: user.firstName,
    lastName: user.lastName,
    profession: user.profession,
    role: isAdmin(user) ? ("admin" as const) : ("user" as const),
    isAdmin: isAdmin(user),
    betaAccess: user.betaAccess,
    approvedBy: user.approvedBy,
    approvedAt: user.approvedAt?.toISOString() ?? null,
    createdAt: user.createdAt.toISOString(),
  };
}
export type PublicUser = ReturnType<typeof toPublicUser>;

export function findUserByEmail(email: string): User | undefined {
  return getDb().select().from(users).where(eq(users.email, email.trim().toLowerCase())).get();
}

export function findUserById(id: string): User | undefined {
  return getDb().select().from(users).where(eq(users.id, id)).get();
}

export class DuplicateEmailError extends Error {
  constructor() {
    super("An account with this email already exists");
  }
}

export async function createUser(input: {
  email: string;
  password?: string;
  firstName: string | null;
  lastName: string | null;
  profession: User["profession"];
  role?: User["role"];
  betaAccess?: User["betaAccess"];
  ssoSubject?: string | null;
  createdByBootstrap?: boolean;
}): Promise<User> {
  const passwordHash = input.password ? await hashPassword(input.password) : null;
  const now = new Date();
  try {
    return getDb()
      .insert(users)
      .values({
        id: crypto.randomUUID(),
        email: input.email.trim().toLowerCase(),
        passwordHash,
        ssoSubject: input.ssoSubject ?? null,
        createdByBootstrap: input.createdByBootstrap ?? false,
        firstName: input.firstName,
        lastName: input.lastName,
        profession: input.profession,
        role: input.role ?? "user",
        betaAccess: input.betaAccess ?? "pending",
        approvedAt: input.betaAccess === "approved" ? now : null,
        createdAt: now,
        updatedAt: now,
      })
      .returning()
      .get();
  } catch (error) {
    if (error instanceof Error && "code" in error && error.code === "SQLITE_CONSTRAINT_UNIQUE") {
      throw new DuplicateEmailError();
    }
    throw error;
  }
}

export function updateProfile(userId: string, profile: z.infer<typeof profileSchema>): User {
  const updated = getDb()
    .update(users)
    .set({ ...profile, updatedAt: new Date() })
    .where(eq(users.id, userId))
    .returning()
    .get();
  if (!updated) throw new Error("user vanished during update");
  return updated;
}

/**
 * Usage figures of spec §3 (User stats). Documents are the user's private library (what the quota
 * counts, as the admin's Users tab does); shared documents an admin uploads are the knowledge base's.
 */
export function getUserStats(userId: string) {
  const db = getDb();
  const documentsCount =
    db.select({ n: count() }).from(documents).where(eq(documents.ownerId, userId)).get()?.n ?? 0;
  const conversationsCount =
    db.select({ n: count() }).from(conversations).where(eq(conversations.userId, userId)).get()?.n ?? 0;
  const queriesCount =
    db
      .select({ n: count() })
      .from(messages)
      .innerJoin(conversations, eq(messages.conversationId, conversations.id))
      .where(and(eq(conversations.userId, userId), eq(messages.role, "user")))
      .get()?.n ?? 0;
  return { documentsCount, conversationsCount, queriesCount };
}
