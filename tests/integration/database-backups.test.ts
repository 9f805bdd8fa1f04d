import { execFileSync } from "node:child_process";
import { mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { GetObjectCommand, S3Client } from "@aws-sdk/client-s3";
import { Decrypter, generateIdentity, identityToRecipient } from "age-encryption";
import SQLite from "better-sqlite3";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { openDatabase } from "~/db/database.server";
import { newBackupJobState, runBackupTick } from "~/domain/backups/database-backup-job.server";
import { listDatabaseBackups } from "~/domain/backups/database-backup.server";
import { restoreSqliteBackup } from "~/domain/backups/database-restore.server";
import { offsiteTarget } from "~/domain/backups/offsite.server";
import { raiseHealthAlerts } from "~/domain/health/health-alerts.server";
import { shopHealth } from "~/domain/health/health.server";
import { backupServices, manyOrders, orderRecords, paidOrder, runScript, withPushAlerts } from "../support/backups";
import { freshDatabase, testDatabases } from "../support/databases";
import { type S3Server, bucketEnv, startS3Server } from "../support/s3-server";

/**
 * Scheduled whole-database backups of a SQLite shop, driven by calling the
 * backup job's tick with the time it should see (never by waiting): one per
 * interval, the retention rule, a backup taken while orders pour in, a full
 * disk (a real 1 MB tmpfs), and the encrypted copy to a real S3-compatible
 * server (s3rver) that is reachable, refusing or gone. PostgreSQL shops are
 * backed up outside the shop (pg_dump; restore-drill.test.ts).
 */

const HOUR = 3_600_000;
const T0 = Date.UTC(2026, 0, 10, 0, 30);
const sqlite = testDatabases().find((d) => d.name === "sqlite")!;

type Fresh = Awaited<ReturnType<typeof freshDatabase>>;
let handle: Fresh;
let dir: string;
const fileOf = (h: Fresh) => (h.target.kind === "sqlite" ? h.target.file : "");

beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), "shop-backups-"));
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));
afterEach(async () => {
  await handle?.cleanup();
});

describe("scheduled database backups", () => {
  it("takes one backup an interval, keeps the retention rule's, and says so on the Health page", async () => {
    handle = await freshDatabase(sqlite);
    const backupDir = join(dir, "schedule");
    const services = backupServices(handle, {
      DATABASE_URL: fileOf(handle),
      BACKUP_DIR: backupDir,
      BACKUP_KEEP_HOURLY: "4",
      BACKUP_KEEP_DAILY: "2",
    });
    const state = newBackupJobState();
    await paidOrder(handle.db);

    expect((await runBackupTick(services, state, T0)).taken?.name).toBe("shop-20260110T003000Z.sqlite.gz");
    // A minute later nothing is due.
    expect((await runBackupTick(services, state, T0 + 60_000)).taken).toBeNull();
    // 30 hours, one tick an hour: 06:00 IST on 10 January to 12:00 IST on the 11th.
    for (let h = 1; h <= 30; h++) await runBackupTick(services, state, T0 + h * HOUR);
    const kept = await listDatabaseBackups(backupDir);
    // The last 4 hours, and the 10th's last backup (23:00 IST); the 11th's newest is among the 4.
    expect(kept.map((b) => b.createdAt)).toEqual([30, 29, 28, 27, 17].map((h) => T0 + h * HOUR));
    const newest = kept[0]!;
    // Checksums in sha256sum's own format, and no work files left.
    execFileSync("sha256sum", ["-c", `${newest.name}.sha256`], { cwd: join(backupDir, "database") });
    expect(readdirSync(join(backupDir, "database")).filter((n) => n.startsWith("."))).toEqual([]);

    // (The job looks every minute; this test ran it hourly, so the page is read within its last run's two minutes.)
    const health = await shopHealth(services, { now: T0 + 30 * HOUR + 90_000, upSince: T0 });
    const check = health.checks.find((c) => c.key === "backups")!;
    expect(check.status).toBe("ok");
    expect(check.summary).toMatch(/^Last backup 1 min ago, \d+ KB, in /);
    expect(health.checks.find((c) => c.key === "offsite")!.status).toBe("warn");

    // Three hours without a backup (a stopped job): red.
    const late = await shopHealth(services, { now: newest.createdAt + 3 * HOUR, upSince: T0 });
    expect(late.checks.find((c) => c.key === "backups")!.status).toBe("failing");
    expect(late.ok).toBe(false);
  });

  it("takes nothing while the interval is 0 (off) in Settings", async () => {
    handle = await freshDatabase(sqlite);
    const services = backupServices(handle, { DATABASE_URL: fileOf(handle), BACKUP_DIR: join(dir, "off") });
    await handle.db
      .insertInto("settings")
      .values({ key: "BACKUP_INTERVAL_HOURS", value: "0", updated_at: T0 })
      .execute();
    expect((await runBackupTick(services, newBackupJobState(), T0)).taken).toBeNull();
    const health = await shopHealth(services, { now: T0 });
    expect(health.checks.find((c) => c.key === "backups")).toMatchObject({
      status: "warn",
      summary: "Switched off in Settings",
    });
  });

  it("takes a consistent, restorable backup while 100 orders a second are being written", async () => {
    handle = await freshDatabase(sqlite);
    const backupDir = join(dir, "load");
    // Enough rows that the copy takes many steps (each step lets the writes in).
    await manyOrders(handle.db, 20_000);
    const services = backupServices(handle, { DATABASE_URL: fileOf(handle), BACKUP_DIR: backupDir });

    let writing = true;
    let written = 0;
    const writer = (async () => {
      while (writing) {
        await paidOrder(handle.db);
        written++;
        // About 100 a second: an order, then 10 ms for everyone else.
        await new Promise((r) => setTimeout(r, 10));
      }
    })();
    await new Promise((r) => setTimeout(r, 300));
    const { taken } = await runBackupTick(services, newBackupJobState());
    await new Promise((r) => setTimeout(r, 300));
    writing = false;
    await writer;
    expect(written).toBeGreaterThan(20);

    // The backup is one moment of the shop: whole orders with their payments and history, ids without gaps.
    const restoredFile = join(dir, "load-restored.db");
    const restore = await runScript("restore", ["--full", taken!.file], { DATABASE_URL: `file:${restoredFile}` });
    expect(restore.code, restore.output).toBe(0);
    const copy = new SQLite(restoredFile, { readonly: true });
    expect(copy.pragma("integrity_check", { simple: true })).toBe("ok");
    expect(copy.pragma("foreign_key_check")).toEqual([]);
    const ids = (copy.prepare("select id from orders order by id").all() as { id: number }[]).map((r) => r.id);
    copy.close();
    expect(ids.length).toBeGreaterThan(20_000);
    expect(ids).toEqual(ids.map((_, i) => i + 1));
    const restored = openDatabase({ kind: "sqlite", file: restoredFile });
    const orderIds = (await restored.db.selectFrom("orders").select("order_id").orderBy("id").execute()).map(
      (o) => o.order_id,
    );
    // The writer makes an order and then pays it in two transactions, as the shop does (a checkout, later
    // the bank's alert): the backup's moment may fall between the two for its newest order, which then
    // comes back unpaid. Every order before it is exactly as it is in the shop.
    const settled = orderIds.slice(0, -1);
    expect(await orderRecords(handle.db, settled)).toEqual(await orderRecords(restored.db, settled));
    // Every paid order in it came with the payment recorded in the same transaction: none without it.
    const inBackup = await orderRecords(restored.db, orderIds);
    const placed = inBackup.orders.filter((o) => !o.target.startsWith("filler_"));
    const credited = inBackup.credits.map((c) => c.order_id);
    expect(credited.length).toBeGreaterThan(0);
    expect(credited).toEqual(placed.slice(0, credited.length).map((o) => o.order_id));
    expect(inBackup.orders.filter((o) => o.paid_at !== null).map((o) => o.order_id)).toEqual(credited);
    if (placed.length > credited.length) {
      expect(placed.length - credited.length).toBe(1);
      expect(placed.at(-1)).toMatchObject({ order_id: orderIds.at(-1), paid_at: null });
    }
    await restored.close();
  });
});

describe("a full disk during a backup", () => {
  const mount = join(tmpdir(), `shop-full-disk-${process.pid}`);
  beforeAll(() => {
    // A real 1 MB file system: the backup runs out of room as it would on a full disk (needs root, as npm test has).
    mkdirSync(mount, { recursive: true });
    execFileSync("mount", ["-t", "tmpfs", "-o", "size=1m", "tmpfs", mount]);
  });
  afterAll(() => {
    execFileSync("umount", [mount]);
    rmSync(mount, { recursive: true, force: true });
  });

  it("leaves no partial backup, keeps the shop serving and alerts the operator once", async () => {
    handle = await freshDatabase(sqlite);
    await withPushAlerts(handle);
    // A database larger than the disk the backups go to.
    await manyOrders(handle.db, 5_000);
    const services = backupServices(handle, { DATABASE_URL: fileOf(handle), BACKUP_DIR: mount });
    const state = newBackupJobState();

    const result = await runBackupTick(services, state, T0);
    expect(result.taken).toBeNull();
    expect(readdirSync(join(mount, "database"))).toEqual([]);
    expect(state.backupError).toMatch(/The backup failed: .*(SQLITE_FULL|database or disk is full|ENOSPC|no space)/i);

    // The shop goes on taking orders.
    const order = await paidOrder(handle.db);
    expect((await orderRecords(handle.db, [order.order_id])).credits).toHaveLength(1);

    // Red on the Health page with the reason, and one alert however often the health check runs.
    const health = await shopHealth(services, { now: T0 + 60_000, upSince: T0 });
    const check = health.checks.find((c) => c.key === "backups")!;
    expect(check.status).toBe("failing");
    expect(check.summary).toContain("The backup failed");
    expect(await raiseHealthAlerts(handle.db, health, T0 + 60_000)).toEqual(expect.arrayContaining(["backups"]));
    // The next tick is not due yet (backoff): the failure is kept, nothing is retried every minute.
    expect((await runBackupTick(services, state, T0 + 2 * 60_000)).taken).toBeNull();
    for (let minute = 2; minute < 10; minute++) {
      const again = await shopHealth(services, { now: T0 + minute * 60_000, upSince: T0 });
      // (The other jobs do not run in this test: their checks turn red too, as they would.)
      expect(await raiseHealthAlerts(handle.db, again, T0 + minute * 60_000)).not.toContain("backups");
    }
    const alerts = await handle.db
      .selectFrom("alert_outbox")
      .select(["event", "facts"])
      .where("event", "=", "shop_health")
      .where("event_key", "like", "health:backups:%")
      .execute();
    expect(alerts).toHaveLength(1);
    expect(alerts[0]!.facts).toContain("Needs attention: Database backups");

    // Room again (the operator cleared the disk): the retry after the backoff succeeds, and the problem clears.
    execFileSync("mount", ["-o", "remount,size=64m", mount]);
    const retried = await runBackupTick(services, state, T0 + 6 * 60_000);
    expect(retried.taken).not.toBeNull();
    const healthy = await shopHealth(services, { now: T0 + 7 * 60_000, upSince: T0 });
    expect(healthy.checks.find((c) => c.key === "backups")!.status).toBe("ok");
    await raiseHealthAlerts(handle.db, healthy, T0 + 7 * 60_000);
    expect(await handle.db.selectFrom("health_problems").select("check_key").execute()).not.toContainEqual({
      check_key: "backups",
    });
  });
});

describe("the off-machine copy", () => {
  let s3: S3Server;
  let identity: string;
  let recipient: string;
  beforeAll(async () => {
    s3 = await startS3Server();
    identity = await generateIdentity();
    recipient = await identityToRecipient(identity);
  });
  afterAll(async () => {
    await s3?.stop();
  });

  const s3Env = (overrides: Record<string, string> = {}) => ({
    ...bucketEnv(s3, recipient),
    BACKUP_RETRY_BASE_MS: "60000",
    ...overrides,
  });

  it("puts each backup in the bucket encrypted to the operator's key, and a new machine restores from it", async () => {
    handle = await freshDatabase(sqlite);
    const orders = [await paidOrder(handle.db), await paidOrder(handle.db)];
    const expected = await orderRecords(
      handle.db,
      orders.map((o) => o.order_id),
    );
    const backupDir = join(dir, "offsite");
    const services = backupServices(handle, { DATABASE_URL: fileOf(handle), BACKUP_DIR: backupDir, ...s3Env() });
    const { taken, uploaded } = await runBackupTick(services, newBackupJobState(), T0);
    expect(uploaded).toEqual([taken!.name]);
    const [listed] = await listDatabaseBackups(backupDir);
    expect(listed!.offsite).toMatchObject({ bucket: s3.bucket, key: `shop/${taken!.name}.age` });

    // What the bucket holds is an age file: not the database, and opened only by the operator's secret key.
    const client = new S3Client({
      endpoint: s3.endpoint,
      region: "us-east-1",
      forcePathStyle: true,
      credentials: { accessKeyId: s3.accessKeyId, secretAccessKey: s3.secretAccessKey },
    });
    const object = await client.send(new GetObjectCommand({ Bucket: s3.bucket, Key: `shop/${taken!.name}.age` }));
    const body = Buffer.from(await object.Body!.transformToByteArray());
    client.destroy();
    expect(body.subarray(0, 22).toString()).toBe("age-encryption.org/v1\n");
    expect(body.includes(Buffer.from(orders[0]!.order_id))).toBe(false);
    const decrypter = new Decrypter();
    decrypter.addIdentity(identity);
    expect(Buffer.from(await decrypter.decrypt(new Uint8Array(body)))).toEqual(readFileSync(taken!.file));

    // The machine is gone: a new one restores from the downloaded copy with the secret key.
    const fresh = mkdtempSync(join(tmpdir(), "new-machine-"));
    writeFileSync(join(fresh, "copy.sqlite.gz.age"), body);
    writeFileSync(join(fresh, "key.txt"), `# public key: ${recipient}\n${identity}\n`);
    const env = { DATABASE_URL: `file:${join(fresh, "shop.db")}` };
    const copy = join(fresh, "copy.sqlite.gz.age");
    await expect(restoreSqliteBackup({ file: copy, target: join(fresh, "shop.db") })).rejects.toThrow(
      "is encrypted: give the secret key with --identity",
    );
    await expect(
      restoreSqliteBackup({ file: copy, target: join(fresh, "shop.db"), identities: [await generateIdentity()] }),
    ).rejects.toThrow("could not be decrypted");
    expect(readdirSync(fresh).sort()).toEqual(["copy.sqlite.gz.age", "key.txt"]);
    const restored = await runScript(
      "restore",
      ["--full", join(fresh, "copy.sqlite.gz.age"), "--identity", join(fresh, "key.txt")],
      env,
    );
    expect(restored.code, restored.output).toBe(0);
    const back = openDatabase({ kind: "sqlite", file: join(fresh, "shop.db") });
    expect(
      await orderRecords(
        back.db,
        orders.map((o) => o.order_id),
      ),
    ).toEqual(expected);
    await back.close();
    rmSync(fresh, { recursive: true, force: true });
  });

  it("keeps the local backups while the bucket refuses or is gone, retries with backoff, and alerts", async () => {
    handle = await freshDatabase(sqlite);
    await withPushAlerts(handle);
    await paidOrder(handle.db);
    const backupDir = join(dir, "refused");
    const base = {
      DATABASE_URL: fileOf(handle),
      BACKUP_DIR: backupDir,
      BACKUP_KEEP_HOURLY: "2",
      BACKUP_KEEP_DAILY: "0",
    };
    // An access key the server does not know: it answers 403 InvalidAccessKeyId.
    const refusing = backupServices(handle, { ...base, ...s3Env({ BACKUP_S3_ACCESS_KEY_ID: "NOT-THE-KEY" }) });
    const state = newBackupJobState();

    const first = await runBackupTick(refusing, state, T0);
    expect(first.taken).not.toBeNull();
    expect(first.uploaded).toEqual([]);
    expect(state.uploadError).toMatch(
      /Copying shop-.* to s3:\/\/shop-backups\/shop\/ at 127\.0\.0\.1:\d+ failed: .*403/,
    );
    expect(state.nextUploadAt).toBe(T0 + 60_000);

    // Within the backoff nothing is tried; the waits double: 1, 2, 4 minutes.
    await runBackupTick(refusing, state, T0 + 30_000);
    expect(state.uploadFailures).toBe(1);
    await runBackupTick(refusing, state, T0 + 60_000);
    expect(state.nextUploadAt).toBe(T0 + 60_000 + 120_000);
    await runBackupTick(refusing, state, T0 + 180_000);
    expect(state.nextUploadAt).toBe(T0 + 180_000 + 240_000);

    // Red and alerted once.
    const health = await shopHealth(refusing, { now: T0 + 200_000, upSince: T0 });
    expect(health.checks.find((c) => c.key === "offsite")).toMatchObject({ status: "failing" });
    expect(await raiseHealthAlerts(handle.db, health, T0 + 200_000)).toContain("offsite");
    expect(await raiseHealthAlerts(handle.db, health, T0 + 260_000)).toEqual([]);

    // Five hours of backups while the bucket is gone (nothing listens): retention (2 hourly) deletes none of them.
    const gone = backupServices(handle, { ...base, ...s3Env({ BACKUP_S3_ENDPOINT: "http://127.0.0.1:9" }) });
    for (let h = 1; h <= 5; h++) await runBackupTick(gone, state, T0 + h * HOUR);
    expect(await listDatabaseBackups(backupDir)).toHaveLength(6);
    expect(state.uploadError).toMatch(/ECONNREFUSED|connect/);

    // The bucket is back: everything waiting goes up, then retention applies.
    const back = backupServices(handle, { ...base, ...s3Env() });
    const later = await runBackupTick(back, state, T0 + 7 * HOUR);
    expect(later.uploaded).toHaveLength(7);
    expect(later.deleted).toHaveLength(5);
    expect(offsiteTarget(back.config)?.label).toContain("s3://shop-backups/shop/");
    const healthy = await shopHealth(back, { now: T0 + 7 * HOUR + 60_000, upSince: T0 });
    expect(healthy.checks.find((c) => c.key === "offsite")!.status).toBe("ok");
  });
});
