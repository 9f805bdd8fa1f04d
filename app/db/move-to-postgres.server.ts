import SQLite from "better-sqlite3";
import pg from "pg";

/**
 * Moves a shop from its SQLite file into a PostgreSQL database (`npm run db:move -- --to postgres://…`,
 * docs/deploy.md, "Moving to PostgreSQL"). Both databases are at the same schema (the caller migrates
 * both first). Every table's rows are copied in one PostgreSQL transaction, parents before children
 * (the foreign keys), with their ids; the sequences then continue after the largest id. The rows are
 * counted on both sides before the commit: a difference, or any error, rolls everything back.
 */

export class MoveRefused extends Error {
  override readonly name = "MoveRefused";
}

/** Kysely's own bookkeeping: each database has its own (the caller migrated both). */
const NOT_COPIED = new Set(["kysely_migration", "kysely_migration_lock"]);
/** Rows per INSERT, under PostgreSQL's 65,535 parameters for the widest table. */
const BATCH_ROWS = 500;

export interface TableMoved {
  table: string;
  rows: number;
}

export interface MoveResult {
  tables: TableMoved[];
  sequences: number;
  ms: number;
}

const quote = (name: string) => `"${name.replaceAll('"', '""')}"`;

interface TargetColumn {
  table: string;
  column: string;
  type: string;
  serial: boolean;
  identityAlways: boolean;
}

/** True when the PostgreSQL database already holds a shop: an order or a plan in it. */
export async function postgresHoldsShop(url: string): Promise<boolean> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const found = await client.query<{ orders: string | null; plans: string | null }>(
      "select to_regclass('public.orders')::text as orders, to_regclass('public.plans')::text as plans",
    );
    const { orders, plans } = found.rows[0]!;
    if (!orders || !plans) return false;
    const rows = await client.query<{ n: string }>(
      "select (select count(*) from orders) + (select count(*) from plans) as n",
    );
    return Number(rows.rows[0]!.n) > 0;
  } finally {
    await client.end();
  }
}

/** Parents before children: a table comes after every table its foreign keys point at. */
function dependencyOrder(tables: string[], references: { child: string; parent: string }[]): string[] {
  const ordered: string[] = [];
  const state = new Map<string, "visiting" | "done">();
  const visit = (table: string) => {
    if (state.get(table)) return;
    state.set(table, "visiting");
    for (const r of references)
      if (r.child === table && r.parent !== table && tables.includes(r.parent)) visit(r.parent);
    state.set(table, "done");
    ordered.push(table);
  };
  for (const table of [...tables].sort()) visit(table);
  return ordered;
}

/** A SQLite value as PostgreSQL takes it: 0/1 as a boolean where the column is one, large integers whole. */
function toPostgres(value: unknown, type: string): unknown {
  if (value === null || value === undefined) return null;
  if (type === "boolean") return Boolean(Number(value));
  if (typeof value === "bigint") return value.toString();
  return value;
}

/** Copies every row of the SQLite file `source` into the PostgreSQL database `url`, replacing what is there. */
export async function moveSqliteToPostgres(options: {
  source: string;
  url: string;
  onTable?: (moved: TableMoved) => void;
}): Promise<MoveResult> {
  const started = Date.now();
  const sqlite = new SQLite(options.source, { readonly: true, fileMustExist: true });
  sqlite.defaultSafeIntegers(true);
  const client = new pg.Client({ connectionString: options.url });
  await client.connect();
  try {
    // SQLite's full-text index (a virtual table and its shadow tables) is SQLite's own: PostgreSQL searches its way.
    const listed = sqlite
      .prepare("select name, sql from sqlite_master where type = 'table' and name not like 'sqlite_%' order by name")
      .all() as { name: string; sql: string | null }[];
    const virtual = listed.filter((t) => /^create virtual table/i.test(t.sql ?? "")).map((t) => t.name);
    const sourceTables = listed
      .map((t) => t.name)
      .filter((t) => !NOT_COPIED.has(t) && !virtual.some((v) => t === v || t.startsWith(`${v}_`)));
    const columns = (
      await client.query<{
        table_name: string;
        column_name: string;
        data_type: string;
        column_default: string | null;
        is_identity: string;
        identity_generation: string | null;
      }>(
        `select table_name, column_name, data_type, column_default, is_identity, identity_generation
           from information_schema.columns where table_schema = 'public'`,
      )
    ).rows.map((c): TargetColumn => ({
      table: c.table_name,
      column: c.column_name,
      type: c.data_type,
      serial: c.is_identity === "YES" || (c.column_default ?? "").startsWith("nextval("),
      identityAlways: c.identity_generation === "ALWAYS",
    }));
    const targetTables = [...new Set(columns.map((c) => c.table))].filter((t) => !NOT_COPIED.has(t));
    const missing = sourceTables.filter((t) => !targetTables.includes(t));
    if (missing.length > 0) {
      throw new MoveRefused(
        `the PostgreSQL database has no table ${missing.join(", ")}: both databases must be at the same schema`,
      );
    }
    const references = (
      await client.query<{ child: string; parent: string }>(
        `select conrelid::regclass::text as child, confrelid::regclass::text as parent
           from pg_constraint where contype = 'f' and connamespace = 'public'::regnamespace`,
      )
    ).rows;
    const order = dependencyOrder(sourceTables, references);

    // One moment of the SQLite file (the shop should be stopped; a read transaction holds the moment anyway).
    sqlite.prepare("begin").run();
    await client.query("begin");
    try {
      // Whatever the target holds (the rows its migrations made, a shop replaced with --force) goes first.
      await client.query(`truncate table ${targetTables.map(quote).join(", ")} restart identity cascade`);
      const tables: TableMoved[] = [];
      for (const table of order) {
        const sourceColumns = (
          sqlite.prepare(`select name from pragma_table_info(?)`).all(table) as { name: string }[]
        ).map((c) => c.name);
        const target = new Map(columns.filter((c) => c.table === table).map((c) => [c.column, c]));
        const absent = sourceColumns.filter((c) => !target.has(c));
        if (absent.length > 0) {
          throw new MoveRefused(
            `the PostgreSQL table ${table} has no column ${absent.join(", ")}: both databases must be at the same schema`,
          );
        }
        const types = sourceColumns.map((c) => target.get(c)!.type);
        const overriding = sourceColumns.some((c) => target.get(c)!.identityAlways) ? " overriding system value" : "";
        const head = `insert into ${quote(table)} (${sourceColumns.map(quote).join(", ")})${overriding} values `;
        let rows = 0;
        let batch: unknown[][] = [];
        const flush = async () => {
          if (batch.length === 0) return;
          const params: unknown[] = [];
          const values = batch.map(
            (row) =>
              `(${row.map((value, i) => (params.push(toPostgres(value, types[i]!)), `$${params.length}`)).join(", ")})`,
          );
          await client.query(head + values.join(", "), params);
          rows += batch.length;
          batch = [];
        };
        const select = sqlite.prepare(`select ${sourceColumns.map(quote).join(", ")} from ${quote(table)}`).raw(true);
        for (const row of select.iterate() as Iterable<unknown[]>) {
          batch.push(row);
          if (batch.length >= BATCH_ROWS) await flush();
        }
        await flush();
        tables.push({ table, rows });
      }

      // The ids go on after the largest one copied.
      let sequences = 0;
      for (const c of columns.filter((c) => c.serial && !NOT_COPIED.has(c.table))) {
        await client.query(
          `select setval(pg_get_serial_sequence($1, $2), coalesce(max(${quote(c.column)}), 0) + 1, false) from ${quote(c.table)}`,
          [quote(c.table), c.column],
        );
        sequences++;
      }

      // The same number of rows on both sides, counted in the transaction about to commit.
      for (const moved of tables) {
        const there = Number(
          (await client.query<{ n: string }>(`select count(*) as n from ${quote(moved.table)}`)).rows[0]!.n,
        );
        const here = Number(
          (sqlite.prepare(`select count(*) as n from ${quote(moved.table)}`).get() as { n: bigint }).n,
        );
        if (there !== here || there !== moved.rows) {
          throw new MoveRefused(`${moved.table}: ${here} rows in SQLite but ${there} in PostgreSQL`);
        }
      }
      await client.query("commit");
      for (const moved of tables) options.onTable?.(moved);
      return { tables, sequences, ms: Date.now() - started };
    } catch (error) {
      await client.query("rollback").catch(() => {});
      if (error instanceof MoveRefused) throw error;
      throw new MoveRefused(`PostgreSQL refused the copy: ${(error as Error).message}`);
    } finally {
      sqlite.prepare("rollback").run();
    }
  } finally {
    await client.end();
    sqlite.close();
  }
}
