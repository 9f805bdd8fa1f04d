import { mkdirSync } from "node:fs";
import { dirname } from "node:path";
import SQLite from "better-sqlite3";
import { Kysely, PostgresDialect, SqliteDialect, type SqliteDatabase, sql } from "kysely";
import pg from "pg";
import type { Database } from "./schema";

export type DB = Kysely<Database>;
export type Dialect = "sqlite" | "postgres";

export type DatabaseTarget = { kind: "sqlite"; file: string } | { kind: "postgres"; url: string; poolSize?: number };

export interface DatabaseHandle {
  db: DB;
  dialect: Dialect;
  close(): Promise<void>;
}

const PG_INT8 = 20;

export function openDatabase(
  target: DatabaseTarget,
  onIdleError: (error: Error) => void = (error) => console.warn(`database connection closed: ${error.message}`),
): DatabaseHandle {
  if (target.kind === "postgres") {
    const pool = new pg.Pool({
      connectionString: target.url,
      max: target.poolSize ?? 10,
      // Counts and epoch-millisecond timestamps fit in a double; the default would return strings.
      types: {
        getTypeParser: (oid: number, format?: "text" | "binary") =>
          oid === PG_INT8
            ? (v: string) => Number(v)
            : (pg.types.getTypeParser(oid, format) as (value: string) => unknown),
      },
    });
    // An idle connection can be closed by the server (restart, failover, an
    // administrator); pg then emits 'error' on the pool, which would crash the
    // process if nobody listened. The pool drops that client and opens another.
    pool.on("error", (error) => onIdleError(error));
    const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
    return { db, dialect: "postgres", close: () => db.destroy() };
  }

  if (target.file !== ":memory:") mkdirSync(dirname(target.file), { recursive: true });
  const sqlite = new SQLite(target.file);
  sqlite.pragma("journal_mode = WAL");
  // FULL: an order acknowledged to a buyer survives a power cut, not only a process crash.
  sqlite.pragma("synchronous = FULL");
  sqlite.pragma("foreign_keys = ON");
  sqlite.pragma("busy_timeout = 5000");
  const db = new Kysely<Database>({ dialect: new SqliteDialect({ database: withStatementCache(sqlite) }) });
  return { db, dialect: "sqlite", close: () => db.destroy() };
}

const STATEMENT_CACHE_SIZE = 500;

/**
 * Kysely asks better-sqlite3 to prepare (parse and plan) every query anew;
 * reusing the prepared statement for the same SQL text takes that off every
 * request. Bounded, least recently used out; a statement still iterating (a
 * streamed query) is never handed out twice.
 */
function withStatementCache(sqlite: SQLite.Database): SqliteDatabase {
  const cache = new Map<string, SQLite.Statement>();
  return {
    close: () => sqlite.close(),
    prepare(sql: string) {
      const cached = cache.get(sql);
      if (cached && !cached.busy) {
        cache.delete(sql);
        cache.set(sql, cached);
        return cached;
      }
      const statement = sqlite.prepare(sql);
      cache.set(sql, statement);
      if (cache.size > STATEMENT_CACHE_SIZE) cache.delete(cache.keys().next().value!);
      return statement;
    },
  };
}

/** Cheap round trip used by /healthz. */
export async function pingDatabase(db: DB): Promise<void> {
  await sql`select 1`.execute(db);
}
