import { execFileSync } from "node:child_process";
import { mkdirSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { raiseHealthAlerts } from "~/domain/health/health-alerts.server";
import { shopHealth } from "~/domain/health/health.server";
import { HEALTH_TICK_MS } from "~/domain/jobs/jobs";
import { backupServices, orderRecords, paidOrder, withPushAlerts } from "../support/backups";
import { freshDatabase, testDatabases } from "../support/databases";

/**
 * Every folder the shop writes is watched (issue 52, point 4): the backups
 * folder on a disk that turns read-only (a real tmpfs remounted `ro`, which
 * refuses root too, as a failing disk's remount does) is red at the health
 * job's next tick, with the folder and the reason, and the operator is alerted
 * once, without waiting for the next hourly backup to fail; "Resolved" once it
 * can write again. The shop keeps taking orders meanwhile. Time is the health
 * job's ticks, given to each check (never waited for).
 */

const T0 = Date.UTC(2026, 0, 10, 0, 30);

describe.each(testDatabases())("a folder the shop cannot write to, on $name", (kind) => {
  const mount = join(tmpdir(), `shop-ro-folder-${process.pid}-${kind.name}`);
  let handle: Awaited<ReturnType<typeof freshDatabase>> | undefined;
  beforeAll(() => {
    mkdirSync(mount, { recursive: true });
    // Large enough that free space is no problem (the check wants 512 MB); tmpfs takes memory only as it fills.
    execFileSync("mount", ["-t", "tmpfs", "-o", "size=1g", "tmpfs", mount]);
  });
  afterAll(() => {
    execFileSync("umount", [mount]);
    rmSync(mount, { recursive: true, force: true });
  });
  afterEach(async () => {
    await handle?.cleanup();
  });

  it("is red at the next health tick with the folder and the reason, alerted once, and resolved once it is writable", async () => {
    handle = await freshDatabase(kind);
    await withPushAlerts(handle);
    const backupDir = join(mount, "backups");
    mkdirSync(join(backupDir, "database"), { recursive: true });
    const databaseUrl = handle.target.kind === "sqlite" ? handle.target.file : handle.target.url;
    const services = backupServices(handle, { DATABASE_URL: databaseUrl, BACKUP_DIR: backupDir });
    const backupsFolder = `folder:${backupDir}`;
    const wholeFolder = `folder:${join(backupDir, "database")}`;

    /** One tick of the health job at `now`: the report read, the alerts raised. */
    async function tick(now: number) {
      const report = await shopHealth(services, { now, upSince: T0 });
      await raiseHealthAlerts(handle!.db, report, now);
      return report;
    }
    const check = (report: Awaited<ReturnType<typeof tick>>, key: string) => report.checks.find((c) => c.key === key);
    const folderAlerts = async () =>
      (
        await handle!.db
          .selectFrom("alert_outbox")
          .select("facts")
          .where("event", "=", "shop_health")
          .where("event_key", "like", "health:folder:%")
          .orderBy("id")
          .execute()
      ).map((a) => (JSON.parse(a.facts) as { title: string; lines: string[] }).title);

    const before = await tick(T0);
    expect(check(before, backupsFolder)).toMatchObject({ status: "ok", label: "Folder for backups" });
    expect(check(before, wholeFolder)?.status).toBe("ok");

    // The disk turns read-only between two ticks.
    execFileSync("mount", ["-o", "remount,ro", mount]);
    try {
      const broken = T0 + 1_000;
      const report = await tick(T0 + HEALTH_TICK_MS);
      expect(T0 + HEALTH_TICK_MS - broken).toBeLessThan(2 * 60_000);
      expect(report.ok).toBe(false);
      expect(check(report, backupsFolder)).toMatchObject({
        status: "failing",
        summary: `The shop cannot write to ${backupDir} (EROFS): check its owner (the shop's user) and the disk`,
      });
      expect(check(report, wholeFolder)?.status).toBe("failing");
      // The shop keeps taking orders meanwhile.
      const order = await paidOrder(handle.db);
      expect((await orderRecords(handle.db, [order.order_id])).credits).toHaveLength(1);

      // Alerted once per folder, however many ticks see it.
      for (let i = 2; i <= 6; i++) await tick(T0 + i * HEALTH_TICK_MS);
      expect(await folderAlerts()).toEqual([
        "Needs attention: Folder for backups",
        "Needs attention: Folder for whole-database backups",
      ]);
    } finally {
      execFileSync("mount", ["-o", "remount,rw", mount]);
    }

    // Writable again: green at the next tick, and said to be resolved, once.
    const fixed = await tick(T0 + 7 * HEALTH_TICK_MS);
    expect(check(fixed, backupsFolder)?.status).toBe("ok");
    expect(check(fixed, wholeFolder)?.status).toBe("ok");
    await tick(T0 + 8 * HEALTH_TICK_MS);
    expect((await folderAlerts()).slice(2).sort()).toEqual([
      "Resolved: Folder for backups",
      "Resolved: Folder for whole-database backups",
    ]);
  });
});
