import { mkdirSync } from "node:fs";
import { dirname, resolve, sep } from "node:path";
import SQLite from "better-sqlite3";
import { Kysely, PostgresDialect, SqliteDialect, type SqliteDatabase, sql } from "kysely";
import pg from "pg";
import { createPrivateFile, privateFile, privateFolder } from "~/lib/server/private-files.server";
import { withAfterCommit } from "./after-commit.server";
import { type GroupCommit, createGroupCommit } from "./group-commit.server";
import type { Database } from "./schema";
import { SnapshotReads } from "./snapshot-reads.server";
import { copySqliteDatabase } from "./sqlite-copy.server";

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
    const db = postgresPool(target.url, target.poolSize ?? 10, onIdleError);
    // The status poll and the page cache's checks have connections of their own (ADR 0052), opened on first use.
    const reads = postgresPool(target.url, HOT_READ_CONNECTIONS, onIdleError);
    hotReadsOf.set(db, reads);
    // Checkouts arriving together share one transaction here too (ADR 0052): one connection, one COMMIT.
    const group = createGroupCommit(db, { optimistic: true, concurrency: POSTGRES_BATCHES });
    groupCommitOf.set(db, group);
    return {
      db,
      dialect: "postgres",
      close: async () => {
        await group.drained();
        await reads.destroy();
        await db.destroy();
      },
    };
  }

  if (target.file !== ":memory:") privateDatabaseFile(target.file);
  const sqlite = new SQLite(target.file);
  sqlite.pragma("journal_mode = WAL");
  // SQLite gives its WAL and shared-memory files the database file's mode; ones left by an older version are tightened.
  if (target.file !== ":memory:") for (const suffix of ["-wal", "-shm"]) privateFile(target.file + suffix);
  // FULL: an order acknowledged to a buyer survives a power cut, not only a process crash.
  sqlite.pragma("synchronous = FULL");
  sqlite.pragma("foreign_keys = ON");
  sqlite.pragma("busy_timeout = 5000");
  // A :memory: database exists only on its own connection, so it has no snapshot reads.
  const reads = target.file === ":memory:" ? null : new SnapshotReads(target.file);
  const onWrite = () => reads?.endSnapshot();
  const db = new Kysely<Database>({ dialect: new SqliteDialect({ database: withStatementCache(sqlite, onWrite) }) });
  if (reads) snapshotReadsOf.set(db, reads);
  const group = createGroupCommit(db);
  groupCommitOf.set(db, group);
  if (target.file !== ":memory:") fileOf.set(db, target.file);
  connectionOf.set(db, sqlite);
  return {
    db,
    dialect: "sqlite",
    close: async () => {
      await group.drained();
      reads?.close();
      await db.destroy();
    },
  };
}

/** Group-commit batches in flight at once on PostgreSQL, each on a pooled connection (ADR 0052). */
const POSTGRES_BATCHES = 4;

/** Connections for the hot reads on PostgreSQL, beside the pool the writes share. */
const HOT_READ_CONNECTIONS = 2;

function postgresPool(url: string, max: number, onIdleError: (error: Error) => void): DB {
  const pool = new pg.Pool({
    connectionString: url,
    max,
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
  return new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
}

const hotReadsOf = new WeakMap<DB, DB>();

/**
 * Where the hottest reads go (the status poll, the page cache's generation
 * check): on PostgreSQL a small pool of their own, so they never wait for a
 * connection behind a burst of writes (ADR 0052); `db` itself elsewhere (on
 * SQLite the poll reads its snapshot).
 */
export function hotReads(db: DB): DB {
  return hotReadsOf.get(db) ?? db;
}

const snapshotReadsOf = new WeakMap<DB, SnapshotReads>();
const fileOf = new WeakMap<DB, string>();
const connectionOf = new WeakMap<DB, SQLite.Database>();

/** The SQLite file behind `db`; null for PostgreSQL and :memory:. */
export function sqliteFileOf(db: DB): string | null {
  return fileOf.get(db) ?? null;
}

/**
 * Stops the shop's SQLite connection from checkpointing by itself: the
 * continuous copy (app/domain/backups/database-stream.server.ts) checkpoints
 * once it has copied the WAL, so no frame leaves the WAL uncopied.
 */
export function leaveCheckpointsToStream(db: DB): void {
  connectionOf.get(db)?.pragma("wal_autocheckpoint = 0");
}

/**
 * Copies a SQLite file database, as one moment of it, into a new file
 * (app/db/sqlite-copy.server.ts: `VACUUM INTO` on a worker thread, so no
 * request waits for it). Null for PostgreSQL and :memory:, which it cannot copy.
 */
export function copySqliteFile(db: DB, destination: string): Promise<void> | null {
  const file = fileOf.get(db);
  return file ? copySqliteDatabase(file, destination) : null;
}

/**
 * Synchronous reads of committed rows (app/db/snapshot-reads.server.ts) for a
 * SQLite file database; undefined for PostgreSQL, :memory: and a transaction,
 * which read through Kysely.
 */
export function snapshotReads(db: DB): SnapshotReads | undefined {
  return snapshotReadsOf.get(db);
}

const groupCommitOf = new WeakMap<DB, GroupCommit<Database>>();

/**
 * Runs `work` in a write transaction and resolves once it is committed. On
 * the shop's SQLite connection the transaction is shared with the other
 * writes queued in the same event-loop turn, one `COMMIT` for all of them
 * (app/db/group-commit.server.ts, ADR 0013); a `work` that throws is rolled
 * back alone. Hooks `work` adds with `afterCommit` run once the batch is
 * committed, and never for a `work` that was rolled back. On PostgreSQL the
 * writes of a turn share one transaction as well, on one pooled connection,
 * without a savepoint each unless one of them throws (ADR 0052): `work` may
 * then run twice, so it must only run its statements.
 */
export function writeTransaction<T>(db: DB, work: (trx: DB) => Promise<T>): Promise<T> {
  const group = groupCommitOf.get(db);
  return withAfterCommit<DB, T>((body) => (group ? group.run(body) : db.transaction().execute(body)), opened(db, work));
}

/**
 * Runs `work` in a transaction of its own (`db.transaction().execute`), and
 * then the hooks it added with `afterCommit` (after-commit.server.ts), once
 * it committed. Every transaction that may change an order's status is
 * opened this way or with `writeTransaction`.
 */
export function transaction<T>(db: DB, work: (trx: DB) => Promise<T>): Promise<T> {
  return withAfterCommit<DB, T>((body) => db.transaction().execute(body), opened(db, work));
}

const openedOn = new WeakMap<DB, DB>();

function opened<T>(db: DB, work: (trx: DB) => Promise<T>): (trx: DB) => Promise<T> {
  return (trx) => {
    openedOn.set(trx, db);
    return work(trx);
  };
}

/** The database a transaction opened by `transaction` or `writeTransaction` belongs to (for work after its commit). */
export function databaseOf(trx: DB): DB | undefined {
  return openedOn.get(trx);
}

/** The group commit's counters for this database, or undefined where it has none. */
export function groupCommitStats(db: DB): GroupCommit<Database>["stats"] | undefined {
  return groupCommitOf.get(db)?.stats;
}

const STATEMENT_CACHE_SIZE = 500;

/**
 * Kysely asks better-sqlite3 to prepare (parse and plan) every query anew;
 * reusing the prepared statement for the same SQL text takes that off every
 * request. Bounded, least recently used out; a statement still iterating (a
 * streamed query) is never handed out twice. `onWrite` runs before every
 * statement that is not a plain read (begin and commit included).
 */
function withStatementCache(sqlite: SQLite.Database, onWrite: () => void): SqliteDatabase {
  const cache = new Map<string, SQLite.Statement>();
  return {
    close: () => sqlite.close(),
    prepare(text: string) {
      // Kysely begins a transaction deferred. Its first write after a read then finds the file taken by
      // another process (a second instance during an upgrade, a CLI command) and SQLite answers
      // SQLITE_BUSY at once, not after busy_timeout; begun immediate it waits for the lock instead.
      const sql = text === "begin" ? "begin immediate" : text;
      let statement = cache.get(sql);
      if (statement && !statement.busy) {
        cache.delete(sql);
      } else {
        statement = sqlite.prepare(sql);
        if (cache.size >= STATEMENT_CACHE_SIZE) cache.delete(cache.keys().next().value!);
      }
      cache.set(sql, statement);
      // A write that returns rows (insert … returning) is a reader; begin and commit count as read-only.
      if (!statement.readonly || !statement.reader) onWrite();
      return statement;
    },
  };
}

/** Cheap round trip used by /healthz. */
export async function pingDatabase(db: DB): Promise<void> {
  await sql`select 1`.execute(db);
}

/**
 * The database holds every buyer's name and phone: 0600, in a 0700 folder
 * when the folder is the database's own (not the project folder the shop runs
 * from, nor one above it), whatever the umask (app/lib/server/private-files.server.ts).
 */
function privateDatabaseFile(file: string): void {
  const dir = resolve(dirname(file));
  const cwd = process.cwd();
  if (dir === cwd || cwd.startsWith(dir + sep) || dir === sep) mkdirSync(dir, { recursive: true });
  else privateFolder(dir);
  createPrivateFile(file);
}
