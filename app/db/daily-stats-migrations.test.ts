import {
  type CompiledQuery,
  type DatabaseConnection,
  type Driver,
  Kysely,
  PostgresAdapter,
  PostgresIntrospector,
  PostgresQueryCompiler,
  SqliteAdapter,
  SqliteIntrospector,
  SqliteQueryCompiler,
} from "kysely";
import type { Migration } from "kysely/migration";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import type { Dialect } from "./database.server";
import { adminSchema } from "./migrations/0003_admin";
import { orderLifecycle } from "./migrations/0010_order_lifecycle";
import { orderMoney } from "./migrations/0025_order_money";

/** Every statement a migration's `up` sends, in order, on a database that answers nothing. */
async function statementsOf(migration: Migration, dialect: Dialect): Promise<string[]> {
  const sent: string[] = [];
  const connection: DatabaseConnection = {
    executeQuery: (query: CompiledQuery) => {
      sent.push(query.sql);
      return Promise.resolve({ rows: [] });
    },
    streamQuery: () => {
      throw new Error("not streamed");
    },
  };
  const driver: Driver = {
    init: () => Promise.resolve(),
    acquireConnection: () => Promise.resolve(connection),
    beginTransaction: () => Promise.resolve(),
    commitTransaction: () => Promise.resolve(),
    rollbackTransaction: () => Promise.resolve(),
    releaseConnection: () => Promise.resolve(),
    destroy: () => Promise.resolve(),
  };
  const pg = dialect === "postgres";
  const db = new Kysely<unknown>({
    dialect: {
      createAdapter: () => (pg ? new PostgresAdapter() : new SqliteAdapter()),
      createDriver: () => driver,
      createIntrospector: (k) => (pg ? new PostgresIntrospector(k) : new SqliteIntrospector(k)),
      createQueryCompiler: () => (pg ? new PostgresQueryCompiler() : new SqliteQueryCompiler()),
    },
  });
  await migration.up(db);
  return sent;
}

/*
 * Migrations 0003, 0010 and 0025 build the dashboard's roll-up triggers from one helper
 * (migrations/daily-stats-triggers.ts). Shops ran them long ago: the statements they send must stay exactly those
 * they sent when each was written. The snapshot holds them as they were before the helper existed.
 */
describe("the daily stats migrations", () => {
  // 0010 maps old orders by the time it runs: one fixed instant.
  beforeAll(() => vi.useFakeTimers({ now: Date.UTC(2026, 0, 1), toFake: ["Date"] }));
  afterAll(() => vi.useRealTimers());

  for (const dialect of ["sqlite", "postgres"] as const) {
    it(`send on ${dialect} the statements they always sent`, async () => {
      expect({
        "0003_admin": await statementsOf(adminSchema(dialect), dialect),
        "0010_order_lifecycle": await statementsOf(orderLifecycle(dialect), dialect),
        "0025_order_money": await statementsOf(orderMoney(dialect), dialect),
      }).toMatchSnapshot();
    });
  }
});
