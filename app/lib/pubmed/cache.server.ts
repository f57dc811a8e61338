import { eq, lt } from "drizzle-orm";
import { z } from "zod";
import { pubmedCache, type Db } from "../db/index.server";
import type { PubMedArticle } from "./types";

/** PubMed results kept in SQLite for a day, so the same search does not ask NCBI again. */

export const PUBMED_CACHE_TTL_MS = 24 * 60 * 60 * 1000;

export type CachedSearch = { articles: PubMedArticle[]; query: string };

const articleSchema = z.object({
  pmid: z.string(),
  title: z.string(),
  abstract: z.string(),
  authors: z.array(z.string()),
  journal: z.string(),
  year: z.number().nullable(),
  publicationDate: z.string(),
  doi: z.string().nullable(),
  url: z.string(),
  priority: z.boolean(),
});
const resultsSchema = z.array(articleSchema);

/** The cached search, or null when absent, older than the TTL, or stored in a shape this version does not read. */
export function readCachedSearch(db: Db, key: string, now = Date.now(), ttlMs = PUBMED_CACHE_TTL_MS): CachedSearch | null {
  const row = db.select().from(pubmedCache).where(eq(pubmedCache.key, key)).get();
  if (!row || now - row.fetchedAt.getTime() >= ttlMs || row.fetchedAt.getTime() > now) return null;
  const parsed = resultsSchema.safeParse(row.results);
  return parsed.success ? { articles: parsed.data, query: row.query } : null;
}

/** Stores (or replaces) a search's results, and drops rows that have expired. */
export function writeCachedSearch(db: Db, key: string, value: CachedSearch, now = Date.now(), ttlMs = PUBMED_CACHE_TTL_MS): void {
  const fetchedAt = new Date(now);
  db.transaction((tx) => {
    tx.delete(pubmedCache).where(lt(pubmedCache.fetchedAt, new Date(now - ttlMs))).run();
    tx.insert(pubmedCache)
      .values({ key, query: value.query, results: value.articles, fetchedAt })
      .onConflictDoUpdate({ target: pubmedCache.key, set: { query: value.query, results: value.articles, fetchedAt } })
      .run();
  }, { behavior: "immediate" });
}
