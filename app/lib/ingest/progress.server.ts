import { and, eq } from "drizzle-orm";
import { uploadSessions, type Db } from "../db/index.server";

export const CONSOLE_LINES = 50;
export type Step = "metadata" | "chunking" | "embeddings" | "finalizing";

/**
 * Writes an upload session's progress where polling sees it: step, chunk counts and
 * the last 50 console lines. Writes are coalesced (at most every `intervalMs`) except
 * step changes, so a fast loop does not hammer the database.
 */
export class SessionProgress {
  private lines: string[];
  private dirty = false;
  private lastWrite = 0;
  private state: { currentStep: Step | null; totalChunks: number | null; chunksCreated: number };

  constructor(
    private readonly db: Db,
    readonly sessionId: string,
    initial: { consoleOutput: string[]; currentStep: string | null; totalChunks: number | null; chunksCreated: number },
    private readonly echo?: (line: string) => void,
    private readonly intervalMs = 250,
  ) {
    this.lines = initial.consoleOutput.slice(-CONSOLE_LINES);
    this.state = {
      currentStep: (initial.currentStep as Step | null) ?? null,
      totalChunks: initial.totalChunks,
      chunksCreated: initial.chunksCreated,
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
