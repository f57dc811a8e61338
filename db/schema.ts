import { sql } from "drizzle-orm";
import type { AnsweredBy } from "../app/lib/answer/answered-by";
import { type AnySQLiteColumn, blob, index, integer, primaryKey, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";

/**
 * The whole data model (spec §3). Times are stored as unix milliseconds.
 * Rows a user owns (sessions, conversations and their messages, settings, feedback,
 * private documents) are deleted with the user; audit rows keep their history with
 * the user reference cleared.
 */

const now = sql`(cast(unixepoch('subsec') * 1000 as integer))`;
const createdAt = () => integer("created_at", { mode: "timestamp_ms" }).notNull().default(now);

export const PROFESSIONS = [
  "veterinarian",
  "veterinary-technician",
  "hospital-administrator",
  "doctor",
  "nurse",
  "specialist",
  "other",
] as const;
export type Profession = (typeof PROFESSIONS)[number];

export const BETA_STATUSES = ["pending", "approved", "denied"] as const;
export type BetaAccess = (typeof BETA_STATUSES)[number];

export const users = sqliteTable(
  "users",
  {
    id: text("id").primaryKey(),
    email: text("email").notNull().unique(),
    passwordHash: text("password_hash"),
    ssoSubject: text("sso_subject").unique(),
    firstName: text("first_name"),
    lastName: text("last_name"),
    profession: text("profession", { enum: PROFESSIONS }),
    role: text("role", { enum: ["user", "admin"] }).notNull().default("user"),
    /**
     * Made by the start-up's admin bootstrap (ADMIN_EMAIL), not by a sign-up: the bootstrap looks after
     * only such an account, so signing up with the future admin address never leads to admin rights.
     */
    createdByBootstrap: integer("created_by_bootstrap", { mode: "boolean" }).notNull().default(false),
    betaAccess: text("beta_access", { enum: BETA_STATUSES }).notNull().default("pending"),
    approvedBy: text("approved_by").references((): AnySQLiteColumn => users.id, { onDelete: "set null" }),
    approvedAt: integer("approved_at", { mode: "timestamp_ms" }),
    createdAt: createdAt(),
    updatedAt: integer("updated_at", { mode: "timestamp_ms" }).notNull().default(now),
  },
  (t) => [index("users_beta_access_idx").on(t.betaAccess)],
);

export const sessions = sqliteTable(
  "sessions",
  {
    /** sha256 of the cookie token: a leaked database does not leak live sessions. */
    id: text("id").primaryKey(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    createdAt: createdAt(),
    expiresAt: integer("expires_at", { mode: "timestamp_ms" }).notNull(),
    ipAddress: text("ip_address"),
    userAgent: text("user_agent"),
  },
  (t) => [index("sessions_user_idx").on(t.userId), index("sessions_expires_idx").on(t.expiresAt)],
);

/**
 * The session a sign-up for an address that already has an account gets: it looks like a new pending
 * user's (beta page, guards, /api/auth/user), so nothing after the answer tells that the account exists.
 * It holds only what was typed (no password), is no user (not listed, never approvable, owns nothing)
 * and ends with its session.
 */
export const placeholderSessions = sqliteTable(
  "placeholder_sessions",
  {
    /** sha256 of the cookie token, as for sessions. */
    id: text("id").primaryKey(),
    /** Shown as the user's id; random, and no user has it. */
    placeholderId: text("placeholder_id").notNull(),
    email: text("email").notNull(),
    firstName: text("first_name").notNull(),
    lastName: text("last_name").notNull(),
    profession: text("profession", { enum: PROFESSIONS }).notNull(),
    createdAt: createdAt(),
    expiresAt: integer("expires_at", { mode: "timestamp_ms" }).notNull(),
  },
  (t) => [index("placeholder_sessions_expires_idx").on(t.expiresAt)],
);

export const AUTH_ACTIONS = ["login", "registration", "profile_update", "logout"] as const;

export const authLogs = sqliteTable(
  "auth_logs",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    userId: text("user_id").references(() => users.id, { onDelete: "set null" }),
    /** login, registration, profile_update, logout, and admin actions added by later capabilities. */
    action: text("action").notNull(),
    ipAddress: text("ip_address"),
    userAgent: text("user_agent"),
    /** JSON with what an admin action touched. */
    details: text("details"),
    createdAt: createdAt(),
  },
  (t) => [index("auth_logs_created_idx").on(t.createdAt), index("auth_logs_user_idx").on(t.userId)],
);

export const conversations = sqliteTable(
  "conversations",
  {
    id: text("id").primaryKey(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    title: text("title").notNull(),
    createdAt: createdAt(),
    updatedAt: integer("updated_at", { mode: "timestamp_ms" }).notNull().default(now),
  },
  (t) => [index("conversations_user_idx").on(t.userId, t.createdAt)],
);

/**
 * A source of an answer: `document` (title) and `page` (printed label or physical page) are what the user
 * sees as "[document, pg. page]"; the rest lets the source be opened at that page.
 */
export type Citation = {
  document: string;
  page: string | number;
  documentId?: string;
  physicalPage?: number;
  chunkId?: number;
  /** Where opening the source goes (the PDF at #page=N, a page view with the passage highlighted, or PubMed). */
  url?: string;
  /** A PubMed article's PMID (PubMed mode). */
  pmid?: string;
  /** How the source is shown when not '[document, pg. page]' (PubMed: '[Journal Year — short title, PMID n]'). */
  label?: string;
};

export const messages = sqliteTable(
  "messages",
  {
    id: text("id").primaryKey(),
    conversationId: text("conversation_id")
      .notNull()
      .references(() => conversations.id, { onDelete: "cascade" }),
    role: text("role", { enum: ["user", "assistant"] }).notNull(),
    content: text("content").notNull(),
    citations: text("citations", { mode: "json" }).$type<Citation[]>().notNull().default(sql`'[]'`),
    /** 'complete' once stored whole; a stopped or failed answer is never left as complete. */
    status: text("status", { enum: ["complete", "streaming", "failed"] }).notNull().default("complete"),
    /** How the question was read (an assistant message): "cats · itraconazole · dose", shown under the question. */
    reading: text("reading"),
    /** Who wrote an assistant message ({provider, model}); null on questions and on answers stored before it was kept. */
    answeredBy: text("answered_by", { mode: "json" }).$type<AnsweredBy>(),
    usePubmed: integer("use_pubmed", { mode: "boolean" }).notNull().default(false),
    useThinkHarder: integer("use_think_harder", { mode: "boolean" }).notNull().default(false),
    createdAt: createdAt(),
  },
  (t) => [index("messages_conversation_idx").on(t.conversationId, t.createdAt)],
);

export const userSettings = sqliteTable("user_settings", {
  userId: text("user_id")
    .primaryKey()
    .references(() => users.id, { onDelete: "cascade" }),
  customSystemPrompt: text("custom_system_prompt"),
  pubmedPriorityJournals: text("pubmed_priority_journals"),
  updatedAt: integer("updated_at", { mode: "timestamp_ms" }).notNull().default(now),
});

export const feedback = sqliteTable(
  "feedback",
  {
    id: text("id").primaryKey(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    message: text("message").notNull(),
    status: text("status").notNull().default("new"),
    adminNotes: text("admin_notes"),
    createdAt: createdAt(),
    updatedAt: integer("updated_at", { mode: "timestamp_ms" }).notNull().default(now),
  },
  (t) => [index("feedback_created_idx").on(t.createdAt)],
);

export const DOCUMENT_STATUSES = ["processing", "completed", "failed"] as const;

export const documents = sqliteTable(
  "documents",
  {
    id: text("id").primaryKey(),
    title: text("title").notNull(),
    filename: text("filename").notNull(),
    /** Path of the stored original, relative to DATA_DIR; never built from the uploaded name. */
    storedPath: text("stored_path").notNull(),
    authors: text("authors", { mode: "json" }).$type<string[]>().notNull().default(sql`'[]'`),
    fileType: text("file_type").notNull(),
    fileSize: integer("file_size").notNull(),
    pages: integer("pages"),
    /** Year of publication, when an editor set it (app/lib/ingest/details.ts); null: unknown. */
    year: integer("year"),
    sha256: text("sha256"),
    processingStatus: text("processing_status", { enum: DOCUMENT_STATUSES }).notNull().default("processing"),
    error: text("error"),
    /** null: the shared knowledge base; a user id: that user's private library. */
    ownerId: text("owner_id").references(() => users.id, { onDelete: "cascade" }),
    uploadedBy: text("uploaded_by").references(() => users.id, { onDelete: "set null" }),
    uploadedAt: integer("uploaded_at", { mode: "timestamp_ms" }).notNull().default(now),
  },
  (t) => [index("documents_owner_idx").on(t.ownerId), index("documents_uploaded_by_idx").on(t.uploadedBy)],
);

/**
 * The search index's rows: one per chunk of a document (app/lib/ingest/chunker.ts). The integer id is
 * the rowid the FTS5 table (`chunks_fts`) and the vector indexes are keyed by; AUTOINCREMENT so an id is
 * never reused after a document is removed. Full-text and vector rows are virtual tables that cannot
 * cascade: triggers on this table remove them (db/migrations/*_search_index.sql, app/lib/search).
 */
/**
 * Where things sit in a chunk's text, as character offsets: the page each stretch of text is printed on (a
 * sentence is cited with its own page, not the chunk's range) and the table rows with their header line.
 */
export type ChunkLayout = {
  /** Ascending by offset; the first starts at 0. `label` is the page's printed label when the document has one. */
  pages: Array<{ offset: number; page: number; label: string | null }>;
  /** Table rows: [start, end) of the row's line, and its column header line (when the table has one). */
  rows: Array<{ start: number; end: number; header: string | null }>;
  /**
   * [start, end) of each sentence (or list item, or line that is not one) outside the rows, in order, as the
   * chunker split them (app/lib/sentences.ts): an answer quotes these without splitting again, and a
   * sentence joined across a page break stays one. Absent in layouts written before it existed.
   */
  sentences?: Array<[number, number]>;
  /**
   * True when the chunk's last paragraph goes on in the next chunk. The overlap repeated from it usually shows that,
   * but a last sentence too long to repeat leaves none. Absent when the paragraph ends here, and in older layouts.
   */
  openEnd?: boolean;
};

export const chunks = sqliteTable(
  "chunks",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    documentId: text("document_id")
      .notNull()
      .references(() => documents.id, { onDelete: "cascade" }),
    /** 0-based position in the document. */
    chunkIndex: integer("chunk_index").notNull(),
    /** First and last physical page the chunk spans (the first is where it starts). */
    pageStart: integer("page_start").notNull(),
    pageEnd: integer("page_end").notNull(),
    /** Every physical page the chunk spans, ascending. */
    pages: text("pages", { mode: "json" }).$type<number[]>().notNull(),
    /** Printed label of the first page ("xii", "245"), when the document defines labels. */
    pageLabel: text("page_label"),
    /** Headings above the chunk, outermost first, joined with " > ". */
    heading: text("heading"),
    text: text("text").notNull(),
    wordCount: integer("word_count").notNull(),
    /** Index terms of title + heading + text: the length BM25 normalises by. */
    tokenCount: integer("token_count").notNull(),
    /**
     * Where in `text` each page starts and where table rows sit (ChunkLayout above), so a
     * quoted sentence is cited with the page it is printed on. null for chunks indexed before it existed.
     */
    layout: text("layout", { mode: "json" }).$type<ChunkLayout>(),
  },
  (t) => [uniqueIndex("chunks_document_idx").on(t.documentId, t.chunkIndex)],
);

/**
 * Abbreviations a document defines ("feline infectious peritonitis (FIP)"), mined at indexing
 * (app/lib/search/abbreviations.ts), so a question's "FIP" also finds passages that spell it out and the
 * reverse. Terms are index terms (tokenized as the index is); `count` is how often the document defines it.
 */
export const abbreviations = sqliteTable(
  "abbreviations",
  {
    documentId: text("document_id")
      .notNull()
      .references(() => documents.id, { onDelete: "cascade" }),
    /** The short form as written ("FIP") and as an index term ("fip"). */
    short: text("short").notNull(),
    shortTerm: text("short_term").notNull(),
    /** The long form as first written, and its index terms space-joined ("felin infecti periton"). */
    long: text("long").notNull(),
    longTerms: text("long_terms").notNull(),
    /** The long form's first two index terms (its only one, if single), to find long forms written in a question. */
    leadTerms: text("lead_terms").notNull(),
    count: integer("count").notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.documentId, t.shortTerm, t.longTerms] }),
    index("abbreviations_short_idx").on(t.shortTerm),
    index("abbreviations_lead_idx").on(t.leadTerms),
  ],
);

/**
 * One embedding per chunk (float32, L2-normalised, from the embedder named). The exact vectors live here,
 * in an ordinary table that cascades; a binary-quantised copy per dimension count is the fast index
 * (`chunk_vector_bits_<dims>`, created on first use, see app/lib/search/vector.server.ts).
 */
export const chunkVectors = sqliteTable(
  "chunk_vectors",
  {
    chunkId: integer("chunk_id")
      .primaryKey()
      .references(() => chunks.id, { onDelete: "cascade" }),
    embedderId: text("embedder_id").notNull(),
    dimensions: integer("dimensions").notNull(),
    embedding: blob("embedding", { mode: "buffer" }).notNull(),
  },
  (t) => [index("chunk_vectors_embedder_idx").on(t.embedderId)],
);

export const UPLOAD_STATUSES = ["processing", "completed", "failed", "cancelled"] as const;
export const UPLOAD_STEPS = ["metadata", "chunking", "embeddings", "finalizing"] as const;

export const uploadSessions = sqliteTable(
  "upload_sessions",
  {
    id: text("id").primaryKey(),
    documentId: text("document_id").references(() => documents.id, { onDelete: "set null" }),
    userId: text("user_id").references(() => users.id, { onDelete: "cascade" }),
    /** Whose library the upload goes to, as documents.ownerId: null = the shared knowledge base. Kept after its document is gone. */
    ownerId: text("owner_id").references(() => users.id, { onDelete: "cascade" }),
    filename: text("filename").notNull(),
    fileSize: integer("file_size").notNull(),
    status: text("status", { enum: UPLOAD_STATUSES }).notNull().default("processing"),
    error: text("error"),
    consoleOutput: text("console_output", { mode: "json" }).$type<string[]>().notNull().default(sql`'[]'`),
    currentStep: text("current_step"),
    totalChunks: integer("total_chunks"),
    chunksCreated: integer("chunks_created").notNull().default(0),
    /**
     * Percent done (0-100) from the real stages (pages read, chunks, embedding batches, indexing); written
     * only upwards while a run lasts, and 100 once completed (app/lib/ingest/progress.server.ts).
     */
    progress: integer("progress").notNull().default(0),
    createdAt: createdAt(),
    updatedAt: integer("updated_at", { mode: "timestamp_ms" }).notNull().default(now),
  },
  (t) => [index("upload_sessions_status_idx").on(t.status)],
);

/** Admin-edited text: the three system prompts and the welcome message. */
export const appSettings = sqliteTable("app_settings", {
  key: text("key").primaryKey(),
  value: text("value").notNull(),
  updatedBy: text("updated_by").references(() => users.id, { onDelete: "set null" }),
  updatedAt: integer("updated_at", { mode: "timestamp_ms" }).notNull().default(now),
});

/**
 * PubMed searches answered by NCBI, kept a day (app/lib/pubmed): `key` is the normalised search (words,
 * priority journals, count), `results` the articles found as JSON; a row older than a day is ignored and
 * replaced by the next search.
 */
export const pubmedCache = sqliteTable(
  "pubmed_cache",
  {
    key: text("key").primaryKey(),
    /** The esearch term that found the results. */
    query: text("query").notNull(),
    results: text("results", { mode: "json" }).$type<unknown>().notNull(),
    fetchedAt: integer("fetched_at", { mode: "timestamp_ms" }).notNull(),
  },
  (t) => [index("pubmed_cache_fetched_idx").on(t.fetchedAt)],
);

export type User = typeof users.$inferSelect;
export type NewUser = typeof users.$inferInsert;
