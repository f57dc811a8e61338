import type Database from "better-sqlite3";
import { prepared } from "./statements.server";

/**
 * Who may see what: only documents whose processing completed, and of those the shared knowledge
 * base (owner_id IS NULL) plus the viewer's own private library — never another user's. Every result
 * of search passes through here or through an equivalent SQL condition.
 */
export type Scope = {
  viewerId: string | null;
  /** Restrict to these documents (still only the visible ones). */
  documentIds?: string[];
};

export const VISIBLE_DOCUMENT_SQL = `d.processing_status = 'completed' AND (d.owner_id IS NULL OR d.owner_id = @viewerId)`;

/** The chunk ids, in their given order, that the scope allows. */
export function filterVisible(client: Database.Database, chunkIds: number[], scope: Scope): number[] {
  if (!chunkIds.length) return [];
  const documentFilter = scope.documentIds ? "AND d.id IN (SELECT value FROM json_each(@documentIds))" : "";
  const rows = prepared(
    client,
    `SELECT c.id FROM chunks c JOIN documents d ON d.id = c.document_id
     WHERE c.id IN (SELECT value FROM json_each(@ids)) AND ${VISIBLE_DOCUMENT_SQL} ${documentFilter}`,
  )
    .pluck()
    .all({
      ids: JSON.stringify(chunkIds),
      viewerId: scope.viewerId,
      ...(scope.documentIds ? { documentIds: JSON.stringify(scope.documentIds) } : {}),
    }) as number[];
  const allowed = new Set(rows);
  return chunkIds.filter((id) => allowed.has(id));
}
