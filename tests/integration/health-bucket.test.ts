import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { GetObjectCommand, S3Client } from "@aws-sdk/client-s3";
import { generateIdentity, identityToRecipient } from "age-encryption";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { checkBucketIfDue } from "~/domain/health/bucket-check.server";
import { raiseHealthAlerts } from "~/domain/health/health-alerts.server";
import { shopHealth } from "~/domain/health/health.server";
import { BUCKET_CHECK_MS, HEALTH_TICK_MS, staleAfterMs } from "~/domain/jobs/jobs";
import { backupServices, withPushAlerts } from "../support/backups";
import { freshDatabase, testDatabases } from "../support/databases";
import { type S3Server, bucketEnv, startS3Server } from "../support/s3-server";

/**
 * The bucket's heartbeat (issue 52, point 4) against a real S3 server
 * (s3rver) on loopback: the health job puts a tiny `heartbeat` object with
 * the shop's write-only key every minute, so a bucket that stops taking
 * copies is red (and the operator alerted) within two minutes instead of at
 * the next hourly backup, and green with a "Resolved" alert at the first
 * heartbeat it takes again. A heartbeat older than its limit (the health job
 * stopped) is red too. Time is the health job's ticks, given to each check.
 * SQLite only: a PostgreSQL shop puts nothing in the bucket (its WAL
 * archiving is PostgreSQL's own, docs/deploy.md), so its Health has no bucket.
 */

const T0 = Date.UTC(2026, 0, 10, 0, 30);
const MINUTE = 60_000;
const sqlite = testDatabases().find((d) => d.name === "sqlite")!;

describe("the bucket's heartbeat", () => {
  let s3: S3Server;
  let dir: string;
  let handle: Awaited<ReturnType<typeof freshDatabase>> | undefined;
  beforeAll(async () => {
    s3 = await startS3Server();
    dir = mkdtempSync(join(tmpdir(), "bucket-heartbeat-"));
  });
  afterAll(async () => {
    await s3?.stop();
    rmSync(dir, { recursive: true, force: true });
  });
  afterEach(async () => {
    await handle?.cleanup();
  });

  it("is red within two minutes of the bucket going away, alerted once, and resolved at the first heartbeat it takes again", async () => {
    handle = await freshDatabase(sqlite);
    await withPushAlerts(handle);
    const services = backupServices(handle, {
      DATABASE_URL: handle.target.kind === "sqlite" ? handle.target.file : "",
      BACKUP_DIR: join(dir, "backups"),
      ...bucketEnv(s3, await identityToRecipient(await generateIdentity())),
    });
    const reader = new S3Client({
      endpoint: s3.endpoint,
      region: "us-east-1",
      forcePathStyle: true,
      credentials: { accessKeyId: s3.accessKeyId, secretAccessKey: s3.secretAccessKey },
    });
    const heartbeat = async () => {
      const object = await reader.send(new GetObjectCommand({ Bucket: s3.bucket, Key: "shop/heartbeat" }));
      return (await object.Body!.transformToString()).trim();
    };
    /** One tick of the health job at `now`: the bucket put when due, the report read, the alerts raised. */
    async function tick(now: number, { heartbeat = true } = {}) {
      if (heartbeat) await checkBucketIfDue(services, now);
      const report = await shopHealth(services, { now, upSince: T0 });
      await raiseHealthAlerts(handle!.db, report, now);
      return report.checks.find((c) => c.key === "bucket")!;
    }
    const bucketAlerts = async () =>
      (
        await handle!.db
          .selectFrom("alert_outbox")
          .select("facts")
          .where("event", "=", "shop_health")
          .where("event_key", "like", "health:bucket:%")
          .orderBy("id")
          .execute()
      ).map((a) => (JSON.parse(a.facts) as { title: string }).title);

    // Before the first heartbeat: amber, not yet known.
    expect(await tick(T0, { heartbeat: false })).toMatchObject({ status: "warn", summary: "Not run yet" });
    // Each minute's heartbeat is in the bucket, with its time.
    expect(await tick(T0 + 1_000)).toMatchObject({ status: "ok", label: "Bucket reachable" });
    expect(await heartbeat()).toBe(new Date(T0 + 1_000).toISOString());
    let now = T0 + 1_000;
    for (; now < T0 + 2 * MINUTE; now += HEALTH_TICK_MS) expect((await tick(now)).status).toBe("ok");
    expect(await heartbeat()).toBe(new Date(T0 + 1_000 + 2 * HEALTH_TICK_MS).toISOString());

    // The provider goes away (nothing listens on its port).
    await s3.pause();
    const down = now;
    let red: number | null = null;
    for (; now <= down + 3 * MINUTE && red === null; now += HEALTH_TICK_MS) {
      const bucket = await tick(now);
      if (bucket.status === "failing") {
        red = now;
        expect(bucket.summary).toMatch(
          /^Failing for 0 s: s3:\/\/shop-backups\/shop\/ at 127\.0\.0\.1:\d+: .*ECONNREFUSED/,
        );
      }
    }
    expect(red).not.toBeNull();
    // Worst case: a heartbeat put just before the outage, the next one a minute later.
    expect(red! - down).toBeLessThanOrEqual(BUCKET_CHECK_MS);
    for (let i = 0; i < 6; i++, now += HEALTH_TICK_MS) expect((await tick(now)).status).toBe("failing");
    expect(await bucketAlerts()).toEqual(["Needs attention: Bucket reachable"]);

    // Back: green at the first heartbeat it takes, resolved once, and the object is fresh again.
    await s3.resume();
    const back = now;
    let green: number | null = null;
    for (; now <= back + 3 * MINUTE && green === null; now += HEALTH_TICK_MS) {
      if ((await tick(now)).status === "ok") green = now;
    }
    expect(green! - back).toBeLessThanOrEqual(BUCKET_CHECK_MS);
    expect(await heartbeat()).toBe(new Date(green!).toISOString());
    expect(await bucketAlerts()).toEqual(["Needs attention: Bucket reachable", "Resolved: Bucket reachable"]);

    // No heartbeat put for longer than its limit (the health job stopped): red, "Stopped", under two minutes.
    const lastPut = green!;
    const stale = staleAfterMs(BUCKET_CHECK_MS);
    expect(stale).toBeLessThan(2 * MINUTE);
    expect((await tick(lastPut + stale - 1_000, { heartbeat: false })).status).toBe("ok");
    const stopped = await tick(lastPut + stale + 1_000, { heartbeat: false });
    expect(stopped.status).toBe("failing");
    expect(stopped.summary).toMatch(/^Stopped: last ran/);
    // The job runs again: green.
    expect((await tick(lastPut + stale + 2_000)).status).toBe("ok");
    reader.destroy();
  });
});
