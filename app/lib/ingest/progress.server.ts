import { and, eq } from "drizzle-orm";
import { uploadSessions, type Db } from "../db/index.server";

export const CONSOLE_LINES = 50;
export type Step = "metadata" | "chunking" | "embeddings" | "finalizing";

/**
 * Where each stage's share of the bar lies, in percent: reading the pages, chunking, embedding the
 * chunks in batches (only with a model), then indexing. Reading is the longest stage without a
 * model; with one, embedding usually is.
 */
export type StagePlan = Record<"extract" | "chunk" | "embed" | "index", readonly [number, number]>;

export function stagePlan(embeds: boolean): StagePlan {
  return embeds
    ? { extract: [1, 40], chunk: [40, 45], embed: [45, 92], index: [92, 99] }
    : { extract: [1, 80], chunk: [80, 88], embed: [88, 88], index: [88, 99] };
}

/** `done` of `total` within a stage's share, rounded down so 100 is only ever written by completion. */
export function stagePercent([from, to]: readonly [number, number], done: number, total: number): number {
  if (total <= 0) return from;
  return Math.floor(from + ((to - from) * Math.min(done, total)) / total);
}

/**
 * Writes an upload session's progress where polling sees it: step, percent, chunk counts and the
 * last 50 console lines. The percent only goes up, and every change of it is written (at most 100
 * writes a run), so the bar moves with the work; other changes are coalesced (at most every
 * `intervalMs`) except step changes, so a fast loop does not hammer the database.
 */
export class SessionProgress {
  private lines: string[];
  private dirty = false;
  private lastWrite = 0;
  private state: { currentStep: Step | null; totalChunks: number | null; chunksCreated: number; progress: number };

  constructor(
    private readonly db: Db,
    readonly sessionId: string,
    initial: { consoleOutput: string[]; currentStep: string | null; totalChunks: number | null; chunksCreated: number; progress: number },
    private readonly echo?: (line: string) => void,
    private readonly intervalMs = 250,
  ) {
    this.lines = initial.consoleOutput.slice(-CONSOLE_LINES);
    this.state = {
      currentStep: (initial.currentStep as Step | null) ?? null,
      totalChunks: initial.totalChunks,
      chunksCreated: initial.chunksCreated,
      // A run after a restart starts where the last one's bar stood: it never goes back.
      progress: initial.progress,
    };
  }

  log(line: string) {
    const stamped = `[${new Date().toISOString().slice(11, 19)}] ${line}`;
    this.lines.push(stamped);
    if (this.lines.length > CONSOLE_LINES) this.lines.splice(0, this.lines.length - CONSOLE_LINES);
    this.echo?.(line);
    this.touch();
  }

  step(step: Step, line: string) {
    this.state.currentStep = step;
    this.log(line);
    this.flush();
  }

  chunks(created: number, total: number | null = this.state.totalChunks) {
    this.state.chunksCreated = created;
    this.state.totalChunks = total;
    this.touch();
  }

  /** Raises the percent (a lower value is ignored) and writes it at once when it changed; 100 means completed. */
  percent(value: number) {
    const next = Math.max(0, Math.min(100, Math.floor(value)));
    if (next <= this.state.progress) return;
    this.state.progress = next;
    this.dirty = true;
    this.flush();
  }

  get progress(): number {
    return this.state.progress;
  }

  get consoleOutput(): string[] {
    return [...this.lines];
  }

  private touch() {
    this.dirty = true;
    if (Date.now() - this.lastWrite >= this.intervalMs) this.flush();
  }

  /** Writes pending progress now (only while the session is still processing). */
  flush() {
    if (!this.dirty) return;
    this.db
      .update(uploadSessions)
      .set({ ...this.state, consoleOutput: this.lines, updatedAt: new Date() })
      // A session that has ended (cancelled meanwhile) keeps the console its end wrote.
      .where(and(eq(uploadSessions.id, this.sessionId), eq(uploadSessions.status, "processing")))
      .run();
    this.dirty = false;
    this.lastWrite = Date.now();
  }
}
