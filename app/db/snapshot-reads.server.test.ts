import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import SQLite from "better-sqlite3";
import { sql } from "kysely";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { type DatabaseHandle, openDatabase, snapshotReads } from "./database.server";

const nextTurn = () => new Promise((done) => setImmediate(done));

describe("snapshot reads of a SQLite file", () => {
  let dir: string;
  let handle: DatabaseHandle;

  beforeEach(async () => {
    dir = mkdtempSync(join(tmpdir(), "snapshot-reads-"));
    handle = openDatabase({ kind: "sqlite", file: join(dir, "shop.db") });
    await sql`create table t (id integer primary key, status text not null)`.execute(handle.db);
    await sql`insert into t (id, status) values (1, 'awaiting_payment')`.execute(handle.db);
  });

  afterEach(async () => {
    await handle.close();
    rmSync(dir, { recursive: true, force: true });
  });

  const statusOf = (id: number) =>
    snapshotReads(handle.db)!.first(sql<{ status: string }>`select status from t where id = ${id}`.compile(handle.db))
      ?.status;

  it("reads a change this process committed, even in the same event-loop turn", async () => {
    expect(statusOf(1)).toBe("awaiting_payment");
    await sql`update t set status = 'paid' where id = 1`.execute(handle.db);
    expect(statusOf(1)).toBe("paid");
    expect(statusOf(2)).toBeUndefined();
  });

  it("reads a change written by a statement that also returns rows", async () => {
    expect(statusOf(1)).toBe("awaiting_payment");
    await sql`update t set status = 'paid' where id = 1 returning id`.execute(handle.db);
    expect(statusOf(1)).toBe("paid");
  });

  it("never reads a change that is not committed yet", async () => {
    await handle.db.transaction().execute(async (trx) => {
      await sql`update t set status = 'paid' where id = 1`.execute(trx);
      expect(snapshotReads(trx)).toBeUndefined();
      expect(statusOf(1)).toBe("awaiting_payment");
    });
    expect(statusOf(1)).toBe("paid");
  });

  it("reads another process's commit from the next turn on", async () => {
    expect(statusOf(1)).toBe("awaiting_payment");
    const other = new SQLite(join(dir, "shop.db"));
    other.prepare("update t set status = 'paid' where id = 1").run();
    other.close();
    expect(statusOf(1)).toBe("awaiting_payment");
    await nextTurn();
    expect(statusOf(1)).toBe("paid");
  });

  it("refuses a statement that writes", () => {
    const write = sql`update t set status = 'paid'`.compile(handle.db);
    expect(() => snapshotReads(handle.db)!.first(write)).toThrow(/only reads/);
  });

  it("closes cleanly while a snapshot is open", async () => {
    statusOf(1);
    await handle.close();
    await nextTurn();
    handle = openDatabase({ kind: "sqlite", file: join(dir, "shop.db") });
    expect(statusOf(1)).toBe("awaiting_payment");
  });

  it("is not there for a database that lives in memory", async () => {
    const memory = openDatabase({ kind: "sqlite", file: ":memory:" });
    expect(snapshotReads(memory.db)).toBeUndefined();
    await memory.close();
  });
});
