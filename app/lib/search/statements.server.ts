import type Database from "better-sqlite3";

/**
 * Prepared statements, made once per connection: preparing costs tens of microseconds, which adds
 * up over thousands of chunks at index time and a dozen statements per query.
 */
const cache = new WeakMap<Database.Database, Map<string, Database.Statement>>();

export function prepared(client: Database.Database, sql: string): Database.Statement {
  let byConnection = cache.get(client);
  if (!byConnection) {
    byConnection = new Map();
    cache.set(client, byConnection);
  }
  let statement = byConnection.get(sql);
  if (!statement) {
    statement = client.prepare(sql);
    byConnection.set(sql, statement);
  }
  return statement;
}
