import { chmodSync, chownSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { generateIdentity, identityToRecipient } from "age-encryption";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type S3Server, startS3Server } from "../support/s3-server";
import { sqliteDatabase } from "../support/databases";
import { type TestShop, startTestShop } from "../support/test-shop";

/**
 * No crash loops (issue 52, point 2), on the production build running as the
 * service's own user (`nobody` here): a backup file it cannot read (written
 * by root, as `npm run backup -- now` once did) makes the off-machine upload
 * fail with EACCES. It used to end the process every minute, forever, with
 * /readyz saying "ok". Now the error is caught where it happens, the shop
 * keeps serving, Health and /readyz say what failed, and a process that was
 * killed is counted as a restart after a crash when the next one starts.
 */

const NOBODY = 65_534;
let dir: string;
let s3: S3Server;
let shop: TestShop | undefined;

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), "crash-loop-"));
  chmodSync(dir, 0o755);
  s3 = await startS3Server();
});
afterAll(async () => {
  await shop?.stop();
  await s3?.stop();
  rmSync(dir, { recursive: true, force: true });
});

describe("a background job's error on a shop running as its own user", () => {
  it("is caught where it happens: the shop keeps serving and tells the operator; a killed process counts as a crash", async () => {
    const state = join(dir, "state");
    mkdirSync(state, { mode: 0o700 });
    chownSync(state, NOBODY, NOBODY);
    // Its jobs run when the test asks (shop.runJobs).
    shop = await startTestShop({
      engine: sqliteDatabase,
      admin: false,
      user: { uid: NOBODY, gid: NOBODY },
      env: {
        BACKUP_DIR: join(state, "backups"),
        SEED_DEMO_DATA: "false",
        BACKUP_S3_BUCKET: s3.bucket,
        BACKUP_S3_ENDPOINT: s3.endpoint,
        BACKUP_S3_FORCE_PATH_STYLE: "true",
        BACKUP_S3_ACCESS_KEY_ID: s3.accessKeyId,
        BACKUP_S3_SECRET_ACCESS_KEY: s3.secretAccessKey,
        BACKUP_ENCRYPTION_RECIPIENT: await identityToRecipient(await generateIdentity()),
        BACKUP_RETRY_BASE_MS: "100",
      },
    });
    await shop.runJobs();

    // A backup file of root's (mode 0600), as the CLI run as root used to leave: the service cannot read it.
    const backups = join(state, "backups", "database");
    const name = "shop-20260110T090000Z.sqlite.gz";
    writeFileSync(join(backups, name), Buffer.alloc(1000, 7), { mode: 0o600 });
    writeFileSync(join(backups, `${name}.sha256`), `${"0".repeat(64)}  ${name}\n`, { mode: 0o600 });

    for (let i = 0; i < 3; i++) await shop.runJobs();
    // Still the same process, still serving.
    const { server } = shop;
    expect(server.child.exitCode).toBeNull();
    expect((await fetch(`${server.url}/healthz`)).status).toBe(200);
    expect((await fetch(`${server.url}/`)).status).toBe(200);
    const ready = await fetch(`${server.url}/readyz`);
    expect(ready.status).toBe(503);
    const report = (await ready.json()) as { checks: { key: string; status: string; summary: string }[] };
    const offsite = report.checks.find((c) => c.key === "offsite")!;
    expect(offsite.status).toBe("failing");
    expect(offsite.summary).toContain(`Copying ${name}`);
    expect(offsite.summary).toContain("EACCES");
    expect(server.output()).not.toContain("uncaught exception");

    // Killed (out of memory, SIGKILL): the next start counts a restart after a crash.
    await server.stop("SIGKILL");
    await shop.restart();
    const again = (await (await fetch(`${shop.url}/readyz`)).json()) as {
      checks: { key: string; status: string; summary: string }[];
    };
    const restarts = again.checks.find((c) => c.key === "restarts")!;
    expect(restarts.status).toBe("warn");
    expect(restarts.summary).toContain("Restarted once in 10 min after a crash");
    expect(restarts.summary).toContain("ended without stopping cleanly");
    // A clean stop is not a crash.
    expect((await shop.server.stop()).code).toBe(0);
    await shop.restart();
    const clean = (await (await fetch(`${shop.url}/readyz`)).json()) as {
      checks: { key: string; summary: string }[];
    };
    expect(clean.checks.find((c) => c.key === "restarts")!.summary).toContain("Restarted once");
    // Three starts of the production server: more than a test's usual 30 s on a loaded machine.
  }, 120_000);
});
