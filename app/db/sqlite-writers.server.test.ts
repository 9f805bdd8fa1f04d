import { spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { sql } from "kysely";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { type DatabaseHandle, openDatabase } from "./database.server";

/**
 * Another process writing the shop's SQLite file (a second instance during an upgrade, `npm run
 * setup-link`, a restore) holds the write lock for a while. A transaction of the shop's that reads
 * and then writes must wait for it, not fail: begun deferred, its write found the file taken after
 * its read and SQLite answered SQLITE_BUSY at once, without waiting out busy_timeout (seen in the
 * Razorpay tests: a checkout answered 500).
 */
describe("a SQLite file another process writes", () => {
  let dir: string;
  let handle: DatabaseHandle;

  beforeEach(async () => {
    dir = mkdtempSync(join(tmpdir(), "sqlite-writers-"));
    handle = openDatabase({ kind: "sqlite", file: join(dir, "shop.db") });
    await sql`create table t (id integer primary key, who text not null)`.execute(handle.db);
  });

  afterEach(async () => {
    await handle.close();
    rmSync(dir, { recursive: true, force: true });
  });

  /** Another process takes the write lock, writes, says so, and commits `holdMs` later. */
  function otherWriter(holdMs: number) {
    const script = `
      const db = new (require("better-sqlite3"))(process.argv[1]);
      db.pragma("busy_timeout = 5000");
      db.prepare("begin immediate").run();
      db.prepare("insert into t (who) values ('other')").run();
      console.log("holding");
      setTimeout(() => { db.prepare("commit").run(); db.close(); }, ${holdMs});
    `;
    const child = spawn(process.execPath, ["-e", script, join(dir, "shop.db")], { cwd: process.cwd() });
    const holding = new Promise<void>((resolve, reject) => {
      child.stdout.on("data", () => resolve());
      child.on("exit", (code) => reject(new Error(`the other writer ended (${code}) before it held the lock`)));
    });
    const done = new Promise<void>((resolve) => child.on("exit", () => resolve()));
    return { holding, done };
  }

  it("waits for the other writer's commit in a transaction that reads before it writes", async () => {
    const other = otherWriter(300);
    await other.holding;
    await handle.db.transaction().execute(async (trx) => {
      const seen = await sql<{ n: number }>`select count(*) as n from t`.execute(trx);
      await sql`insert into t (who) values (${`shop after ${seen.rows[0]!.n}`})`.execute(trx);
    });
    await other.done;
    const rows = await sql<{ who: string }>`select who from t order by id`.execute(handle.db);
    // The shop's transaction began once the other's had committed: it saw that row and came after it.
    expect(rows.rows.map((r) => r.who)).toEqual(["other", "shop after 1"]);
  });
});
