import { desc, eq } from "drizzle-orm";
import { z } from "zod";
import { feedback, getDb, users, type Db } from "../db/index.server";

export const ADMIN_NOTES_MAX = 5_000;
/** 'new' and 'reviewed' drive the Feedback tab; any other status is shown as resolved (spec §3). */
export const FEEDBACK_STATUSES = ["new", "reviewed", "resolved"] as const;

/** PATCH {status:'reviewed'} or {adminNotes} (or both); a blank or null note clears it. Unknown fields are refused. */
export const feedbackPatchSchema = z
  .object({
    status: z.enum(FEEDBACK_STATUSES, { error: `status must be one of ${FEEDBACK_STATUSES.join(", ")}` }).optional(),
    adminNotes: z
      .string({ error: "adminNotes must be text" })
      .max(ADMIN_NOTES_MAX, `adminNotes must be at most ${ADMIN_NOTES_MAX.toLocaleString("en-US")} characters`)
      .nullable()
      .optional(),
  })
  .strict()
  .refine((body) => body.status !== undefined || body.adminNotes !== undefined, {
    message: "Send status or adminNotes",
  });
export type FeedbackPatch = z.infer<typeof feedbackPatchSchema>;

export type FeedbackJson = {
  id: string;
  status: string;
  message: string;
  adminNotes: string | null;
  createdAt: string;
  user: { firstName: string | null; lastName: string | null; email: string; profession: string | null } | null;
};

const columns = {
  id: feedback.id,
  status: feedback.status,
  message: feedback.message,
  adminNotes: feedback.adminNotes,
  createdAt: feedback.createdAt,
  email: users.email,
  firstName: users.firstName,
  lastName: users.lastName,
  profession: users.profession,
};

function select(db: Db) {
  return db.select(columns).from(feedback).leftJoin(users, eq(feedback.userId, users.id));
}
type Row = ReturnType<ReturnType<typeof select>["all"]>[number];

function toJson(r: Row): FeedbackJson {
  return {
    id: r.id,
    status: r.status,
    message: r.message,
    adminNotes: r.adminNotes,
    createdAt: r.createdAt.toISOString(),
    user: r.email === null ? null : { firstName: r.firstName, lastName: r.lastName, email: r.email, profession: r.profession },
  };
}


/** All feedback, newest first, with who sent it. */
export function listFeedback(db: Db = getDb()): FeedbackJson[] {
  return select(db).orderBy(desc(feedback.createdAt), desc(feedback.id)).all().map(toJson);
}

/** The updated item, or null when there is no feedback with that id. */
export function updateFeedback(id: string, patch: FeedbackPatch, db: Db = getDb()): FeedbackJson | null {
  const set: { status?: string; adminNotes?: string | null; updatedAt: Date } = { updatedAt: new Date() };
  if (patch.status !== undefined) set.status = patch.status;
  if (patch.adminNotes !== undefined) set.adminNotes = patch.adminNotes?.trim() || null;
  const updated = db.update(feedback).set(set).where(eq(feedback.id, id)).returning({ id: feedback.id }).get();
  if (!updated) return null;
  const row = select(db).where(eq(feedback.id, id)).get();
  return row ? toJson(row) : null;
}

/** Whether a row was deleted (false: no feedback with that id). */
export function deleteFeedback(id: string, db: Db = getDb()): boolean {
  return db.delete(feedback).where(eq(feedback.id, id)).run().changes > 0;
}
