import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { GetObjectCommand, ListObjectsV2Command, S3Client } from "@aws-sdk/client-s3";
import { generateIdentity, identityToRecipient } from "age-encryption";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { openDatabase } from "~/db/database.server";
import { closeStream, newStreamState, runStreamTick, stopStream } from "~/domain/backups/database-stream.server";
import { shopHealth } from "~/domain/health/health.server";
import { DEFAULT_MAILBOX } from "~/domain/payments/mail/mailbox-config";
import { saveMailbox } from "~/domain/payments/mail/mailbox-store.server";
import { backupServices, manyOrders, orderRecords, paidOrder, runScript } from "../support/backups";
import { freshDatabase, testDatabases } from "../support/databases";
import { type S3Server, bucketEnv, startS3Server } from "../support/s3-server";

/**
 * The continuous copy (issue 52, point 3): SQLite's WAL shipped to a real
 * S3-compatible server (s3rver) run after run, through a checkpoint and a
 * new life of the WAL, and a new machine rebuilt from the bucket by the
 * shop's own restore command: every order committed before the last run is
 * back with its payment and history, none after it, and the restore says
 * what it cannot know. Runs of the job are called with the time they should
 * see, never waited for. PostgreSQL shops are not copied by the shop
 * (WAL archiving or the provider's recovery; Health says so).
 */

const sqlite = testDatabases().find((d) => d.name === "sqlite")!;
const T0 = Date.UTC(2026, 0, 10, 9, 0);
type Fresh = Awaited<ReturnType<typeof freshDatabase>>;

let s3: S3Server;
let identity: string;
let recipient: string;
let dir: string;
let handle: Fresh | undefined;

beforeAll(async () => {
  s3 = await startS3Server();
  identity = await generateIdentity();
  recipient = await identityToRecipient(identity);
  dir = mkdtempSync(join(tmpdir(), "stream-"));
});
afterAll(async () => {
  await s3?.stop();
  rmSync(dir, { recursive: true, force: true });
});
afterEach(async () => {
  await handle?.cleanup();
  handle = undefined;
});

const s3Env = () => bucketEnv(s3, recipient);

const bucketClient = () =>
  new S3Client({
    endpoint: s3.endpoint,
    region: "us-east-1",
    forcePathStyle: true,
    credentials: { accessKeyId: s3.accessKeyId, secretAccessKey: s3.secretAccessKey },
  });

async function keys(prefix: string) {
  const client = bucketClient();
  const listed = await client.send(new ListObjectsV2Command({ Bucket: s3.bucket, Prefix: prefix }));
  client.destroy();
  return (listed.Contents ?? []).map((o) => o.Key!);
}

describe("the continuous copy of a SQLite shop", () => {
  // 12,000 orders, a checkpoint and two runs of the restore command (a process each): 3 s on a quiet
  // machine, 30 s when the machine ran at a third of its speed (CI, 29 November).
  it("ships every committed order to the bucket within a run, and a new machine gets them all back", async () => {
    handle = await freshDatabase(sqlite);
    const file = handle.target.kind === "sqlite" ? handle.target.file : "";
    const services = backupServices(handle, {
      DATABASE_URL: file,
      BACKUP_DIR: join(dir, "backups"),
      BACKUP_STREAM_INTERVAL_MS: "10000",
      ...s3Env(),
    });
    const state = newStreamState();
    const before = [await paidOrder(handle.db, T0 - 60_000)];
    // The first run: a new generation, its snapshot and the frames already in the WAL.
    const first = await runStreamTick(services, state, T0);
    expect(first.snapshot).toBe(true);
    const generation = first.generation!;

    // Orders keep coming, a run every 10 s ships them.
    const shipped = [...before];
    for (let run = 1; run <= 3; run++) {
      shipped.push(await paidOrder(handle.db, T0 + run * 10_000 - 5_000));
      const tick = await runStreamTick(services, state, T0 + run * 10_000);
      expect(tick.segments).toBe(1);
    }
    // Enough rows to pass the 4 MB checkpoint: the WAL is copied, checkpointed and starts a new life.
    await manyOrders(handle.db, 12_000, T0 + 35_000);
    await runStreamTick(services, state, T0 + 40_000);
    expect(state.restartExpected).toBe(true);
    shipped.push(await paidOrder(handle.db, T0 + 45_000));
    await runStreamTick(services, state, T0 + 50_000);
    expect(state.epoch).toBe(1);
    shipped.push(await paidOrder(handle.db, T0 + 55_000));
    await runStreamTick(services, state, T0 + 60_000);
    // After the last run: lost with the machine.
    const lost = await paidOrder(handle.db, T0 + 65_000);

    const stored = await keys(`shop/stream/${generation}/`);
    expect(stored).toContain(`shop/stream/${generation}/snapshot.sqlite.gz.age`);
    expect(stored.some((k) => k.includes(`/${generation}/000001/`))).toBe(true);

    // Health: the copy's line, green.
    const report = await shopHealth(services, { now: T0 + 61_000, upSince: T0 });
    expect(report.checks.find((c) => c.key === "stream")).toMatchObject({ status: "ok" });

    const expected = await orderRecords(
      handle.db,
      shipped.map((o) => o.order_id),
    );
    closeStream(state);

    // The machine is gone: a new one, the shop's own command, the operator's key; no AWS CLI.
    const fresh = mkdtempSync(join(tmpdir(), "new-machine-"));
    writeFileSync(join(fresh, "key.txt"), `# public key: ${recipient}\n${identity}\n`);
    const env = { DATABASE_URL: `file:${join(fresh, "shop.db")}`, BACKUP_DIR: join(fresh, "backups"), ...s3Env() };
    const listed = await runScript("restore", ["--list-bucket"], env);
    expect(listed.output).toContain(generation);
    const started = Date.now();
    const restored = await runScript("restore", ["--full", "--from-bucket", "--identity", join(fresh, "key.txt")], env);
    const seconds = (Date.now() - started) / 1000;
    expect(restored.code, restored.output).toBe(0);
    expect(restored.output).toContain(`copy ${generation}`);
    expect(restored.output).toContain("What this restore cannot know");
    expect(restored.output).toMatch(/paid orders? (was|were) on/);
    expect(seconds).toBeLessThan(300);
    console.log(
      `restore from the bucket: ${seconds.toFixed(1)} s for the command; ${/Restored .*/.exec(restored.output)?.[0]}`,
    );
    const back = openDatabase({ kind: "sqlite", file: join(fresh, "shop.db") });
    expect(
      await orderRecords(
        back.db,
        shipped.map((o) => o.order_id),
      ),
    ).toEqual(expected);
    expect((await orderRecords(back.db, [lost.order_id])).orders).toEqual([]);
    const rows = await back.db
      .selectFrom("orders")
      .select((eb) => eb.fn.countAll<number>().as("n"))
      .executeTakeFirstOrThrow();
    expect(Number(rows.n)).toBe(shipped.length + 12_000);
    await back.close();
    rmSync(fresh, { recursive: true, force: true });
  }, 120_000);

  it("puts nothing in the bucket in the clear: the snapshot and every piece are age files", async () => {
    handle = await freshDatabase(sqlite);
    const file = handle.target.kind === "sqlite" ? handle.target.file : "";
    const services = backupServices(handle, { DATABASE_URL: file, BACKUP_DIR: join(dir, "clear"), ...s3Env() });
    const state = newStreamState();
    // A secret setting before the snapshot, another written later (shipped in a WAL piece).
    const mailbox = { ...DEFAULT_MAILBOX, enabled: true, host: "imap.example.in", username: "alerts" };
    await saveMailbox(handle.db, mailbox, "snapshot-secret-Kq7", T0 - 1_000);
    const first = await runStreamTick(services, state, T0);
    await saveMailbox(handle.db, mailbox, "segment-secret-Zp4", T0 + 5_000);
    await paidOrder(handle.db, T0 + 6_000);
    expect((await runStreamTick(services, state, T0 + 10_000)).segments).toBe(1);
    closeStream(state);

    const client = bucketClient();
    const stored = await keys(`shop/stream/${first.generation}/`);
    expect(stored.length).toBeGreaterThanOrEqual(2);
    for (const key of stored) {
      const object = await client.send(new GetObjectCommand({ Bucket: s3.bucket, Key: key }));
      const bytes = Buffer.from(await object.Body!.transformToByteArray());
      // The age format's header: only the operator's secret key opens it; no SQLite or gzip header, no secret.
      expect(bytes.subarray(0, 22).toString("latin1"), key).toBe("age-encryption.org/v1\n");
      expect(bytes.includes("SQLite format 3"), key).toBe(false);
      expect(bytes.includes("secret-"), key).toBe(false);
    }
    client.destroy();
  });

  it("keeps the WAL while the bucket is gone, says so on Health, and ships it all once the bucket is back", async () => {
    handle = await freshDatabase(sqlite);
    const file = handle.target.kind === "sqlite" ? handle.target.file : "";
    const good = s3Env();
    const env = { DATABASE_URL: file, BACKUP_DIR: join(dir, "gone"), ...good };
    const services = backupServices(handle, env);
    const state = newStreamState();
    await runStreamTick(services, state, T0);
    const gone = backupServices(handle, { ...env, BACKUP_S3_ENDPOINT: "http://127.0.0.1:9" });
    const during = [await paidOrder(handle.db, T0 + 5_000)];
    await runStreamTick(gone, state, T0 + 10_000);
    expect(state.error).toMatch(/failed/);
    during.push(await paidOrder(handle.db, T0 + 15_000));
    await runStreamTick(gone, state, T0 + 20_000);
    await runStreamTick(gone, state, T0 + 35_000);
    // Failing for 25 s, past its grace: red.
    const report = await shopHealth(gone, { now: T0 + 35_000, upSince: T0 });
    expect(report.checks.find((c) => c.key === "stream")).toMatchObject({ status: "failing" });
    // The bucket answers again: everything waiting goes, in order.
    await runStreamTick(services, state, T0 + 40_000);
    expect(state.pending).toEqual([]);
    expect(state.error).toBeNull();
    await stopStream(services, state);
  });
});
