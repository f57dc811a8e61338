import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { eq } from "drizzle-orm";
import { afterEach, describe, expect, it } from "vitest";
import { openDatabase, uploadSessions, type Db } from "../db/index.server";
import { SessionProgress, stagePercent, stagePlan } from "./progress.server";

const dirs: string[] = [];
const dbs: Db[] = [];
afterEach(() => {
  for (const db of dbs.splice(0)) db.$client.close();
  for (const dir of dirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});

function sessionDb(): Db {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "vetsearch-progress-"));
  dirs.push(dir);
  const db = openDatabase(path.join(dir, "app.db"));
  dbs.push(db);
  db.insert(uploadSessions).values({ id: "s1", filename: "book.pdf", fileSize: 1 }).run();
  return db;
}

const stored = (db: Db) => db.select({ progress: uploadSessions.progress }).from(uploadSessions).where(eq(uploadSessions.id, "s1")).get()!.progress;

describe("SessionProgress.percent", () => {
  it("writes every rise at once, even within the coalescing interval, and never a fall", () => {
    const db = sessionDb();
    const row = db.select().from(uploadSessions).where(eq(uploadSessions.id, "s1")).get()!;
    // An interval no test reaches: only the percent's own writes can land.
    const progress = new SessionProgress(db, "s1", row, undefined, 3_600_000);
    const seen: number[] = [];
    for (const value of [1, 12, 12.7, 30, 18, 45, 100]) {
      progress.percent(value);
      seen.push(stored(db));
    }
    expect(seen).toEqual([1, 12, 12, 30, 30, 45, 100]);
  });

  it("continues from the stored percent after a restart instead of going back to 0", () => {
    const db = sessionDb();
    db.update(uploadSessions).set({ progress: 37 }).where(eq(uploadSessions.id, "s1")).run();
    const row = db.select().from(uploadSessions).where(eq(uploadSessions.id, "s1")).get()!;
    const progress = new SessionProgress(db, "s1", row);
    progress.percent(5);
    expect(stored(db)).toBe(37);
    progress.percent(38);
    expect(stored(db)).toBe(38);
  });
});

describe("the stages' shares", () => {
  it("run from 1 to 99 in order, leaving 100 to completion, with and without an embedding model", () => {
    for (const plan of [stagePlan(true), stagePlan(false)]) {
      const bounds = [plan.extract, plan.chunk, plan.embed, plan.index];
      expect(bounds[0]![0]).toBe(1);
      expect(bounds.at(-1)![1]).toBe(99);
      for (let i = 1; i < bounds.length; i++) expect(bounds[i]![0]).toBe(bounds[i - 1]![1]);
    }
  });

  it("places pages read within the reading share, rounded down", () => {
    const { extract } = stagePlan(false);
    expect(stagePercent(extract, 0, 400)).toBe(1);
    expect(stagePercent(extract, 200, 400)).toBe(40);
    expect(stagePercent(extract, 400, 400)).toBe(80);
    expect(stagePercent(extract, 500, 400)).toBe(80);
    expect(stagePercent(extract, 3, 0)).toBe(1);
  });
});
