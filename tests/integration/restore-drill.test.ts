import { execFileSync } from "node:child_process";
import { createHash } from "node:crypto";
import { existsSync, readFileSync, rmSync, truncateSync, writeFileSync } from "node:fs";
import { afterEach, describe, expect, it } from "vitest";
import { type DatabaseHandle, type DatabaseTarget, openDatabase } from "~/db/database.server";
import { migrateToLatest } from "~/db/migrate.server";
import { newBackupJobState, runBackupTick } from "~/domain/backups/database-backup-job.server";
import { postgresTool } from "~/domain/backups/database-restore.server";
import { freshDatabase, testDatabases } from "../support/databases";
import { backupServices, orderRecords, paidOrder, runScript } from "../support/backups";

/**
 * The restore drill (docs/deploy.md, Restoring): orders are written and paid,
 * the shop is backed up, more orders come, the database is lost, and
 * `npm run restore -- --full <backup>` rebuilds it: every order up to the
 * backup is there with its payment and its history, nothing after it. On
 * SQLite the backup is the backup job's own; on PostgreSQL it is a pg_dump
 * file, which the same command restores. A damaged backup is refused with its
 * reason and changes nothing; a database that holds a shop is not replaced
 * without --force.
 */

const sha = (file: string) => createHash("sha256").update(readFileSync(file)).digest("hex");

/** Each drill runs the backup and restore commands (a process each): 20-23 s when the machine ran at a third of its speed. */
const RESTORE_TIMEOUT_MS = 120_000;

describe.each(testDatabases())("the restore drill on $name", (kind) => {
  let handle: (DatabaseHandle & { target: DatabaseTarget; cleanup: () => Promise<void> }) | null = null;
  let cleanups: (() => Promise<void> | void)[] = [];
  afterEach(async () => {
    for (const c of cleanups.reverse()) await c();
    cleanups = [];
    await handle?.cleanup();
    handle = null;
  });

  it(
    "rebuilds the shop from its backup after the database is lost",
    async () => {
      handle = await freshDatabase(kind);
      const { db } = handle;
      const before = [];
      for (let i = 0; i < 20; i++) before.push(await paidOrder(db));
      const beforeIds = before.map((o) => o.order_id);
      const expected = await orderRecords(db, beforeIds);
      expect(expected.credits).toHaveLength(20);
      expect(expected.history.length).toBeGreaterThanOrEqual(20);

      let backupFile: string;
      let env: Record<string, string>;
      let lose: () => Promise<void>;
      if (kind.name === "sqlite") {
        const file = databaseFile(handle);
        const dir = `${file}.backups`;
        env = { DATABASE_URL: `file:${file}`, BACKUP_DIR: dir };
        const result = await runBackupTick(backupServices(handle, env), newBackupJobState());
        backupFile = result.taken!.file;
        lose = async () => {
          await handle!.close();
          for (const suffix of ["", "-wal", "-shm"]) rmSync(`${file}${suffix}`, { force: true });
        };
      } else {
        const url = databaseUrl(handle);
        backupFile = `${tmp()}/shop.dump`;
        execFileSync(postgresTool("pg_dump"), ["--format=custom", "--file", backupFile, url]);
        // The database is gone: the shop is rebuilt into a new, empty one.
        const fresh = await kind.create();
        cleanups.push(fresh.drop);
        env = { DATABASE_URL: (fresh.target as { url: string }).url };
        lose = async () => {
          await handle!.close();
        };
      }
      const after = await paidOrder(db);
      await lose();

      const restored = await runScript("restore", ["--full", backupFile], env);
      expect(restored.output).toContain("Restored the whole database from");
      expect(restored.output).toContain("20 orders");
      expect(restored.code).toBe(0);

      const back = openDatabase(targetOf(env));
      cleanups.push(() => back.close());
      await migrateToLatest(back.db, back.dialect);
      expect(await orderRecords(back.db, beforeIds)).toEqual(expected);
      expect(await back.db.selectFrom("orders").select("id").where("order_id", "=", after.order_id).execute()).toEqual(
        [],
      );
      const audit = await back.db
        .selectFrom("audit_log")
        .select("action")
        .where("action", "=", "data.restore_full")
        .execute();
      expect(audit).toHaveLength(1);
      // The restored shop takes new orders (PostgreSQL's id sequences came back with the rows).
      await paidOrder(back.db);
    },
    RESTORE_TIMEOUT_MS,
  );

  it(
    "refuses a database that already holds a shop without --force, and replaces it with --force",
    async () => {
      handle = await freshDatabase(kind);
      const order = await paidOrder(handle.db);
      let backupFile: string;
      let env: Record<string, string>;
      if (kind.name === "sqlite") {
        const file = databaseFile(handle);
        env = { DATABASE_URL: `file:${file}`, BACKUP_DIR: `${file}.backups` };
        backupFile = (await runBackupTick(backupServices(handle, env), newBackupJobState())).taken!.file;
      } else {
        env = { DATABASE_URL: databaseUrl(handle) };
        backupFile = `${tmp()}/shop.dump`;
        execFileSync(postgresTool("pg_dump"), ["--format=custom", "--file", backupFile, env.DATABASE_URL!]);
      }
      const later = await paidOrder(handle.db);

      const refused = await runScript("restore", ["--full", backupFile], env);
      expect(refused.code).toBe(1);
      expect(refused.output).toMatch(/Refused: .*(already holds a database|already has tables)/);
      expect(refused.output).toContain("--force");
      expect(refused.output).toContain("Nothing was changed.");
      expect(await handle.db.selectFrom("orders").select("order_id").orderBy("id").execute()).toEqual([
        { order_id: order.order_id },
        { order_id: later.order_id },
      ]);

      if (kind.name === "sqlite") await handle.close();
      const forced = await runScript("restore", ["--full", backupFile, "--force"], env);
      expect(forced.output).toContain("Restored the whole database");
      expect(forced.code).toBe(0);
      const back = openDatabase(targetOf(env));
      cleanups.push(() => back.close());
      expect(await back.db.selectFrom("orders").select("order_id").execute()).toEqual([{ order_id: order.order_id }]);
      if (kind.name === "sqlite") {
        // The database it replaced is kept beside it, whole.
        expect(forced.output).toMatch(/The database that was there is kept as .*\.replaced-/);
        const kept = /kept as (\S+)\./.exec(forced.output)![1]!;
        const old = openDatabase({ kind: "sqlite", file: kept });
        expect(await old.db.selectFrom("orders").select("order_id").orderBy("id").execute()).toHaveLength(2);
        await old.close();
      }
    },
    RESTORE_TIMEOUT_MS,
  );

  it("refuses a damaged backup with the reason and changes nothing", async () => {
    handle = await freshDatabase(kind);
    await paidOrder(handle.db);
    if (kind.name === "sqlite") {
      const file = databaseFile(handle);
      const env = { DATABASE_URL: `file:${file}`, BACKUP_DIR: `${file}.backups` };
      const backup = (await runBackupTick(backupServices(handle, env), newBackupJobState())).taken!;
      const target = { DATABASE_URL: `file:${tmp()}/new-shop.db` };

      // Cut short in transfer: its checksum no longer matches.
      const cut = `${tmp()}/${backup.name}`;
      writeFileSync(cut, readFileSync(backup.file).subarray(0, Math.floor(backup.bytes / 2)));
      writeFileSync(`${cut}.sha256`, readFileSync(`${backup.file}.sha256`));
      const mismatch = await runScript("restore", ["--full", cut], target);
      expect(mismatch.code).toBe(1);
      expect(mismatch.output).toContain("does not match its checksum");
      expect(existsSync(target.DATABASE_URL.slice(5))).toBe(false);

      // Without a checksum file, the gzip itself says it is cut short.
      rmSync(`${cut}.sha256`);
      const truncated = await runScript("restore", ["--full", cut], target);
      expect(truncated.code).toBe(1);
      expect(truncated.output).toContain("is not a complete gzip file");
      expect(existsSync(target.DATABASE_URL.slice(5))).toBe(false);

      // Not a backup at all, and a live database it would have replaced, untouched even with --force.
      const junk = `${tmp()}/junk.sqlite.gz`;
      writeFileSync(junk, "this is not a backup");
      const live = databaseFile(handle);
      const hash = sha(live);
      const foreign = await runScript("restore", ["--full", junk, "--force"], env);
      expect(foreign.code).toBe(1);
      expect(foreign.output).toContain("is not a backup of this shop");
      expect(sha(live)).toBe(hash);
      // Nothing of the attempt is left beside the database.
      expect(readdir(live).filter((n) => n.startsWith(".restore-"))).toEqual([]);
    } else {
      const dump = `${tmp()}/shop.dump`;
      execFileSync(postgresTool("pg_dump"), ["--format=custom", "--file", dump, databaseUrl(handle)]);
      truncateSync(dump, Math.floor(readFileSync(dump).length * 0.6));
      const fresh = await kind.create();
      cleanups.push(fresh.drop);
      const env = { DATABASE_URL: (fresh.target as { url: string }).url };
      const refused = await runScript("restore", ["--full", dump], env);
      expect(refused.code).toBe(1);
      expect(refused.output).toMatch(/Refused: shop\.dump (could not be restored|is a pg_dump file)/);
      const check = openDatabase(targetOf(env));
      cleanups.push(() => check.close());
      const tables = await check.db.introspection.getTables();
      expect(tables).toEqual([]);
    }
  });
});

function databaseFile(handle: { target: DatabaseTarget }): string {
  if (handle.target.kind !== "sqlite") throw new Error("not a SQLite test database");
  return handle.target.file;
}
function databaseUrl(handle: { target: DatabaseTarget }): string {
  if (handle.target.kind !== "postgres") throw new Error("not a PostgreSQL test database");
  return handle.target.url;
}
function targetOf(env: Record<string, string>) {
  const url = env.DATABASE_URL!;
  return url.startsWith("postgres")
    ? { kind: "postgres" as const, url, poolSize: 2 }
    : { kind: "sqlite" as const, file: url.slice(5) };
}
function tmp(): string {
  return execFileSync("mktemp", ["-d"], { encoding: "utf8" }).trim();
}
function readdir(file: string): string[] {
  return execFileSync("ls", ["-a", file.replace(/\/[^/]+$/, "")], { encoding: "utf8" }).split("\n");
}
