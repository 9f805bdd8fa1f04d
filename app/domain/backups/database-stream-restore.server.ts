import { createWriteStream, rmSync, writeFileSync } from "node:fs";
import { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import type { ReadableStream as WebReadableStream } from "node:stream/web";
import { createGunzip, gunzipSync } from "node:zlib";
import SQLite from "better-sqlite3";
import { WAL_HEADER_BYTES, committedFrames, parseWalHeader } from "~/db/sqlite-wal";
import { RestoreRefused } from "./database-restore.server";
import type { OffsiteTarget } from "./offsite.server";
import { STREAM_FOLDER, type SegmentRef, generationTime, parseSegmentKey, snapshotKey } from "./stream-keys";

/**
 * Rebuilds a SQLite shop from its continuous copy in the bucket (issue 52,
 * point 3): the newest generation's snapshot, then each WAL life's segments
 * written back as a WAL file and replayed by SQLite itself. Needs a key that
 * may list and read the bucket (the shop's own key only writes) and the
 * operator's age secret key. No AWS CLI: the shop's own S3 client.
 */

export interface Generation {
  name: string;
  startedAt: number;
}

export interface BucketRebuild {
  generation: string;
  segments: number;
  /** When the last copied frame reached the bucket (what the restored shop knows up to). */
  copiedUpTo: number;
  /** A segment missing or damaged: the copy is restored up to just before it. */
  gap: string | null;
}

async function listKeys(target: OffsiteTarget, prefix: string, delimiter?: string) {
  const { ListObjectsV2Command } = await import("@aws-sdk/client-s3");
  const client = await target.client();
  const keys: Array<{ key: string; modified: number }> = [];
  const prefixes: string[] = [];
  let token: string | undefined;
  do {
    const page = await client.send(
      new ListObjectsV2Command({
        Bucket: target.bucket,
        Prefix: prefix,
        Delimiter: delimiter,
        ContinuationToken: token,
      }),
    );
    for (const o of page.Contents ?? []) {
      if (o.Key) keys.push({ key: o.Key, modified: o.LastModified?.getTime() ?? 0 });
    }
    for (const p of page.CommonPrefixes ?? []) if (p.Prefix) prefixes.push(p.Prefix);
    token = page.IsTruncated ? page.NextContinuationToken : undefined;
  } while (token);
  return { keys, prefixes };
}

/** The generations in the bucket, newest first. */
export async function listGenerations(target: OffsiteTarget): Promise<Generation[]> {
  const root = `${target.prefix}${STREAM_FOLDER}`;
  const { prefixes } = await listKeys(target, root, "/");
  return prefixes
    .map((p) => p.slice(root.length).replace(/\/$/, ""))
    .map((name) => ({ name, startedAt: generationTime(name) }))
    .filter((g): g is Generation => g.startedAt !== null)
    .sort((a, b) => b.startedAt - a.startedAt);
}

async function getObject(target: OffsiteTarget, key: string) {
  const { GetObjectCommand } = await import("@aws-sdk/client-s3");
  const client = await target.client();
  const answer = await client.send(new GetObjectCommand({ Bucket: target.bucket, Key: key }));
  if (!answer.Body) throw new RestoreRefused(`${key}: the bucket sent no content`);
  return answer.Body;
}

async function decrypter(identities: string[]) {
  if (identities.length === 0) {
    throw new RestoreRefused("the copies are encrypted: give the secret key with --identity <key file>");
  }
  const { Decrypter } = await import("age-encryption");
  const d = new Decrypter();
  for (const identity of identities) d.addIdentity(identity);
  return d;
}

/** Downloads, decrypts and unpacks the snapshot into `out`. */
async function fetchSnapshot(target: OffsiteTarget, key: string, identities: string[], out: string) {
  const body = await getObject(target, key);
  const d = await decrypter(identities);
  try {
    const plain = await d.decrypt(body.transformToWebStream() as ReadableStream<Uint8Array>);
    await pipeline(
      Readable.fromWeb(plain as unknown as WebReadableStream<Uint8Array>),
      createGunzip(),
      createWriteStream(out, { mode: 0o600 }),
    );
  } catch (error) {
    throw new RestoreRefused(
      `${key} could not be opened: ${error instanceof Error ? error.message : String(error)} (a different key, or a damaged copy)`,
    );
  }
}

async function fetchSegment(target: OffsiteTarget, segment: SegmentRef, identities: string[]): Promise<Buffer> {
  const body = await getObject(target, segment.key);
  const d = await decrypter(identities);
  return gunzipSync(await d.decrypt(await body.transformToByteArray()));
}

/** Runs `work` on each item, `limit` at a time, keeping the order of the results. */
async function inParallel<T, R>(items: T[], limit: number, work: (item: T) => Promise<R>): Promise<R[]> {
  const results: R[] = new Array<R>(items.length);
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const i = next++;
      results[i] = await work(items[i]!);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
  return results;
}

/**
 * Writes the generation's database into `out` (a new file): the snapshot,
 * then every epoch's frames, in order, replayed by SQLite. Stops at the first
 * missing or damaged segment and says so.
 */
export async function rebuildFromBucket(options: {
  target: OffsiteTarget;
  identities: string[];
  out: string;
  generation?: string;
}): Promise<BucketRebuild> {
  const { target, identities, out } = options;
  const generations = await listGenerations(target);
  const generation = options.generation ?? generations[0]?.name;
  if (!generation) throw new RestoreRefused(`no continuous copy in ${target.label} (nothing under ${STREAM_FOLDER})`);
  const { keys } = await listKeys(target, `${target.prefix}${STREAM_FOLDER}${generation}/`);
  const snapshot = keys.find((k) => k.key === snapshotKey(target.prefix, generation));
  if (!snapshot) throw new RestoreRefused(`the copy ${generation} has no snapshot (its upload did not finish)`);
  await fetchSnapshot(target, snapshot.key, identities, out);

  const modified = new Map(keys.map((k) => [k.key, k.modified]));
  const segments = keys
    .map((k) => parseSegmentKey(k.key))
    .filter((s): s is SegmentRef => s !== null)
    .sort((a, b) => a.epoch - b.epoch || a.offset - b.offset);
  const contents = await inParallel(segments, 8, (s) => fetchSegment(target, s, identities));

  let applied = 0;
  let copiedUpTo = snapshot.modified;
  let gap: string | null = null;
  for (let i = 0; i < segments.length && !gap;) {
    const epoch = segments[i]!.epoch;
    const header = parseWalHeader(contents[i]!);
    if (!header) {
      gap = `${segments[i]!.key} is not a WAL segment`;
      break;
    }
    const frames: Buffer[] = [];
    let offset = WAL_HEADER_BYTES;
    let sums = header.sums;
    for (; i < segments.length && segments[i]!.epoch === epoch; i++) {
      const segment = segments[i]!;
      const data = contents[i]!;
      if (segment.offset !== offset) {
        gap = `a segment of the copy is missing before ${segment.key}`;
        break;
      }
      const body = data.subarray(WAL_HEADER_BYTES);
      const valid = committedFrames(body, header, sums);
      if (!data.subarray(0, WAL_HEADER_BYTES).equals(header.bytes) || valid.length !== body.length) {
        gap = `${segment.key} is damaged`;
        break;
      }
      frames.push(body);
      offset += body.length;
      sums = valid.sums;
      applied++;
      copiedUpTo = Math.max(copiedUpTo, modified.get(segment.key) ?? 0);
    }
    // What was read of this epoch is replayed by SQLite, then written into the file.
    if (frames.length > 0) replay(out, Buffer.concat([header.bytes, ...frames]));
    // After a gap, the rest cannot follow.
    if (gap) break;
  }
  return { generation, segments: applied, copiedUpTo, gap };
}

/** SQLite replays a WAL written beside the file on opening; a checkpoint then writes it into the file. */
function replay(file: string, wal: Buffer) {
  rmSync(`${file}-shm`, { force: true });
  writeFileSync(`${file}-wal`, wal, { mode: 0o600 });
  const db = new SQLite(file);
  try {
    db.prepare("select count(*) from sqlite_master").get();
    const [result] = db.pragma("wal_checkpoint(TRUNCATE)") as Array<{
      busy: number;
      log: number;
      checkpointed: number;
    }>;
    if (!result || result.busy !== 0 || result.log !== result.checkpointed) {
      throw new RestoreRefused("SQLite could not replay the copied WAL");
    }
  } finally {
    db.close();
  }
}
