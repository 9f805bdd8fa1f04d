import { randomBytes } from "node:crypto";
import { createReadStream, createWriteStream, closeSync, openSync, readSync, fstatSync } from "node:fs";
import { copyFile, rm, stat } from "node:fs/promises";
import { join } from "node:path";
import { pipeline } from "node:stream/promises";
import { gzipSync, createGzip } from "node:zlib";
import SQLite from "better-sqlite3";
import type { AppServices } from "~/context";
import { leaveCheckpointsToStream, sqliteFileOf } from "~/db/database.server";
import { WAL_HEADER_BYTES, type WalHeader, committedFrames, parseWalHeader } from "~/db/sqlite-wal";
import { errorText, recordJobRun } from "~/domain/jobs/job-runs.server";
import { JOBS } from "~/domain/jobs/jobs";
import {
  type OffsiteTarget,
  describeUploadError,
  offsiteTarget,
  putEncryptedBytes,
  putEncryptedFile,
} from "./offsite.server";
import { generationName, segmentKey, snapshotKey } from "./stream-keys";
import { privateFolder } from "~/lib/server/private-files.server";

/**
 * The continuous copy of a SQLite shop to the bucket (issue 52, point 3;
 * ADR 0033): a lost machine loses seconds of orders, not the hour since the
 * last whole backup. As Litestream does, it ships SQLite's write-ahead log:
 *
 * - A generation begins with the database file as it is (a snapshot), then
 *   every committed WAL frame after it, in order, in small segments, each
 *   gzip'd and encrypted to the operator's key; nothing is ever read back or
 *   deleted, so the shop's key only needs to write (PutObject).
 * - The shop's connection no longer checkpoints by itself; this job does,
 *   once the frames are copied, holding SQLite's write lock for the moment it
 *   reads the last frames, so no frame is ever moved into the database file
 *   (and its WAL space reused) before it is copied.
 * - A restore (database-stream-restore.server.ts) writes the frames back as
 *   WAL files over the snapshot and lets SQLite replay them, checksums and all.
 *
 * A new generation begins at every start of the shop and every six hours, so
 * a restore downloads at most six hours of segments. Frames are shipped every
 * BACKUP_STREAM_INTERVAL_MS (10 s): that is the loss window.
 */

const HOUR = 3_600_000;
/** A new snapshot this often: bounds how many segments a restore reads. */
const GENERATION_MS = 6 * HOUR;
/** Checkpoint once the WAL is this big (and copied). */
const CHECKPOINT_BYTES = 4 * 1024 * 1024;
/** While the bucket fails, the WAL may grow this much before it is checkpointed anyway (a new generation follows). */
const GIVE_UP_BYTES = 64 * 1024 * 1024;

type Services = Pick<AppServices, "db" | "dialect" | "config" | "logger">;

interface Segment {
  key: string;
  data: Buffer;
  /** When the last frame in it was read from the WAL. */
  readAt: number;
}

/** What the stream remembers between its runs (one per process; a new process begins a new generation). */
export interface StreamState {
  generation: string | null;
  /** The snapshot of the current generation, made and not yet uploaded. */
  snapshot: { file: string; bytes: number; key: string } | null;
  startedAt: number;
  epoch: number;
  header: WalHeader | null;
  /** The next byte of the WAL to read, and the running checksum there. */
  offset: number;
  sums: [number, number];
  pending: Segment[];
  /** When the newest copied frame was read (what a restore would bring back up to). */
  copiedUpTo: number | null;
  /** This job checkpointed: the WAL may start again from its beginning (a new epoch). */
  restartExpected: boolean;
  failures: number;
  error: string | null;
  lock: SQLite.Database | null;
  checkpointer: SQLite.Database | null;
}

export function newStreamState(): StreamState {
  return {
    generation: null,
    snapshot: null,
    startedAt: 0,
    epoch: 0,
    header: null,
    offset: WAL_HEADER_BYTES,
    sums: [0, 0],
    pending: [],
    copiedUpTo: null,
    restartExpected: false,
    failures: 0,
    error: null,
    lock: null,
    checkpointer: null,
  };
}

/** The stream's work folder: BACKUP_DIR/stream (a snapshot on its way to the bucket). */
export function streamDir(backupDir: string): string {
  return join(backupDir, "stream");
}

function openConnections(state: StreamState, file: string) {
  if (!state.lock) {
    // No busy wait: it would block the event loop while a request's transaction waits on it.
    state.lock = new SQLite(file, { fileMustExist: true });
    state.lock.pragma("busy_timeout = 0");
    state.lock.pragma("wal_autocheckpoint = 0");
  }
  if (!state.checkpointer) {
    state.checkpointer = new SQLite(file, { fileMustExist: true });
    state.checkpointer.pragma("busy_timeout = 0");
    state.checkpointer.pragma("wal_autocheckpoint = 0");
  }
  return { lock: state.lock, checkpointer: state.checkpointer };
}

/** Reads the WAL from `from` to its end, synchronously (under the write lock, nothing can append meanwhile). */
function readWal(file: string, from: number): { header: WalHeader | null; tail: Buffer; size: number } {
  let fd: number;
  try {
    fd = openSync(`${file}-wal`, "r");
  } catch {
    return { header: null, tail: Buffer.alloc(0), size: 0 };
  }
  try {
    const size = fstatSync(fd).size;
    const head = Buffer.alloc(WAL_HEADER_BYTES);
    readSync(fd, head, 0, WAL_HEADER_BYTES, 0);
    const header = parseWalHeader(head);
    const start = Math.max(from, WAL_HEADER_BYTES);
    const tail = Buffer.alloc(Math.max(0, size - start));
    if (tail.length > 0) readSync(fd, tail, 0, tail.length, start);
    return { header, tail, size };
  } finally {
    closeSync(fd);
  }
}

/**
 * Reads the committed frames not yet taken into a new pending segment. A WAL
 * that restarted (new salts, after this job's checkpoint) begins a new epoch.
 * Returns false when the WAL restarted without this job's checkpoint (it
 * cannot be followed: a new generation must begin).
 */
function takeFrames(state: StreamState, file: string, prefix: string, now: number): boolean {
  const { header, tail } = readWal(file, state.offset);
  if (!header) return true;
  if (!state.header || header.salt1 !== state.header.salt1 || header.salt2 !== state.header.salt2) {
    if (state.header && !state.restartExpected) return false;
    // A new life of the WAL: read it from its first frame.
    if (state.header) state.epoch++;
    state.restartExpected = false;
    state.header = header;
    state.offset = WAL_HEADER_BYTES;
    state.sums = header.sums;
    return takeFrames(state, file, prefix, now);
  }
  const frames = committedFrames(tail, header, state.sums);
  if (frames.length === 0) return true;
  const data = Buffer.concat([header.bytes, tail.subarray(0, frames.length)]);
  state.pending.push({
    key: segmentKey(prefix, state.generation!, state.epoch, state.offset),
    data: gzipSync(data),
    readAt: now,
  });
  state.offset += frames.length;
  state.sums = frames.sums;
  return true;
}

/**
 * Runs `work` synchronously while holding SQLite's write lock, so no
 * transaction commits meanwhile. The lock is asked for without waiting (a
 * request's transaction may hold it across an await, and a busy wait would
 * block the very event loop it needs to finish), again every 10 ms for up to
 * 2 s; false when it could not be had (the next run tries again).
 */
async function underWriteLock(lock: SQLite.Database, work: () => void): Promise<boolean> {
  for (let attempt = 0; attempt < 200; attempt++) {
    try {
      lock.exec("BEGIN IMMEDIATE");
    } catch (error) {
      if ((error as { code?: string }).code !== "SQLITE_BUSY") throw error;
      await new Promise((done) => setTimeout(done, 10));
      continue;
    }
    try {
      work();
      return true;
    } finally {
      lock.exec("ROLLBACK");
    }
  }
  return false;
}

/**
 * Begins a generation: the frames already in the WAL go into its first
 * segment, and the database file is copied as it is. Nothing checkpoints
 * between the two (this job is the only one that does), so the file plus the
 * frames is the database at the last commit.
 */
async function beginGeneration(services: Services, state: StreamState, file: string, now: number) {
  const target = offsiteTarget(services.config)!;
  openConnections(state, file);
  state.generation = generationName(now, randomBytes(3).toString("hex"));
  state.startedAt = now;
  state.epoch = 0;
  state.header = null;
  state.offset = WAL_HEADER_BYTES;
  state.restartExpected = false;
  state.pending = [];
  const dir = streamDir(services.config.BACKUP_DIR);
  privateFolder(services.config.BACKUP_DIR);
  privateFolder(dir);
  const copy = join(dir, `.snapshot-${state.generation}.sqlite`);
  const packed = join(dir, `.snapshot-${state.generation}.sqlite.gz`);
  // Only this job checkpoints, so the database file does not change until it does: the frames read now
  // and the file copied next are the database at the last commit among the frames.
  takeFrames(state, file, target.prefix, now);
  await copyFile(file, copy);
  try {
    await pipeline(createReadStream(copy), createGzip(), createWriteStream(packed, { mode: 0o600 }));
  } finally {
    await rm(copy, { force: true });
  }
  const previous = state.snapshot;
  if (previous) await rm(previous.file, { force: true });
  state.snapshot = {
    file: packed,
    bytes: (await stat(packed)).size,
    key: snapshotKey(target.prefix, state.generation),
  };
}

/**
 * Copies what is committed and not yet copied; checkpoints once the WAL is
 * big and everything is copied.
 */
async function checkpointIfDue(services: Services, state: StreamState, file: string, now: number) {
  const size = (await stat(`${file}-wal`).catch(() => null))?.size ?? 0;
  const uploading = state.pending.length > 0 || state.snapshot !== null;
  if (size < CHECKPOINT_BYTES) return;
  if (uploading && size < GIVE_UP_BYTES) return;
  const target = offsiteTarget(services.config)!;
  const { lock, checkpointer } = openConnections(state, file);
  if (uploading) {
    // The bucket has been failing for long: the WAL must not grow without end. This generation ends
    // here; the next one begins with a new snapshot once the bucket takes copies again.
    checkpointer.pragma("wal_checkpoint(PASSIVE)");
    services.logger.warn(
      { walBytes: size },
      "continuous copy: the bucket has not taken copies; a new snapshot will follow",
    );
    state.generation = null;
    return;
  }
  // The last frames read and the checkpoint with no commit in between: every frame moved into the
  // database file (after which the WAL may start again from its beginning) was copied first.
  const done = await underWriteLock(lock, () => {
    takeFrames(state, file, target.prefix, now);
    checkpointer.pragma("wal_checkpoint(PASSIVE)");
    state.restartExpected = true;
  });
  if (!done) services.logger.warn("continuous copy: the write lock was busy; the checkpoint waits for the next run");
}

/** Whatever failed, the WAL must not grow without end: past GIVE_UP_BYTES the generation ends. */
async function giveUpIfTooBig(services: Services, state: StreamState, file: string) {
  const size = (await stat(`${file}-wal`).catch(() => null))?.size ?? 0;
  if (size < GIVE_UP_BYTES) return;
  openConnections(state, file).checkpointer.pragma("wal_checkpoint(PASSIVE)");
  state.generation = null;
  services.logger.warn(
    { walBytes: size },
    "continuous copy: the WAL was checkpointed uncopied; a new snapshot will follow",
  );
}

async function uploadPending(target: OffsiteTarget, state: StreamState) {
  if (state.snapshot) {
    await putEncryptedFile(target, state.snapshot.key, state.snapshot.file, state.snapshot.bytes);
    await rm(state.snapshot.file, { force: true });
    state.snapshot = null;
  }
  while (state.pending.length > 0) {
    const segment = state.pending[0]!;
    await putEncryptedBytes(target, segment.key, segment.data);
    state.pending.shift();
    state.copiedUpTo = segment.readAt;
  }
}

export interface StreamTickResult {
  generation: string | null;
  segments: number;
  snapshot: boolean;
}

/**
 * One run of the continuous copy. Records its outcome for the Health page:
 * a bucket that refuses is amber at once and red within 30 s (the job's
 * grace), and the WAL is kept meanwhile, so nothing is lost by an outage.
 */
export async function runStreamTick(
  services: Services,
  state: StreamState,
  now = Date.now(),
  target: OffsiteTarget | null = offsiteTarget(services.config),
): Promise<StreamTickResult> {
  const file = services.dialect === "sqlite" ? sqliteFileOf(services.db) : null;
  const result: StreamTickResult = { generation: state.generation, segments: 0, snapshot: false };
  if (!file || !target) return result;
  let error: string | null = null;
  try {
    leaveCheckpointsToStream(services.db);
    if (!state.generation || now - state.startedAt >= GENERATION_MS) {
      await beginGeneration(services, state, file, now);
      result.snapshot = true;
      services.logger.info({ generation: state.generation }, "continuous copy: a new generation begins");
    } else {
      // Frames being written as this reads are left for the next run: only whole, committed ones are taken.
      if (!takeFrames(state, file, target.prefix, now)) {
        services.logger.warn("continuous copy: the WAL was checkpointed by someone else; a new snapshot follows");
        await beginGeneration(services, state, file, now);
        result.snapshot = true;
      }
    }
    result.generation = state.generation;
    const before = state.pending.length;
    try {
      await uploadPending(target, state);
      state.failures = 0;
      state.error = null;
    } catch (e) {
      state.failures++;
      state.error = `Copying to ${target.label} failed: ${describeUploadError(e)}`;
      error = state.error;
    }
    result.segments = before - state.pending.length;
    await checkpointIfDue(services, state, file, now);
  } catch (e) {
    error = `The continuous copy failed: ${errorText(e)}`;
    state.error = error;
    await giveUpIfTooBig(services, state, file).catch(() => undefined);
  }
  if (error) services.logger.error({ reason: error }, "continuous copy failed; the WAL is kept until it is copied");
  await recordJobRun(
    services.db,
    { name: JOBS.stream.name, intervalMs: services.config.BACKUP_STREAM_INTERVAL_MS, error },
    now,
  ).catch((err: unknown) => services.logger.warn({ err }, "continuous copy: the run could not be recorded"));
  return result;
}

/** At shutdown: one last copy of what was committed, then the connections close. */
export async function stopStream(services: Services, state: StreamState): Promise<void> {
  try {
    // Bounded: a bucket that does not answer must not hold the shutdown past the supervisor's patience.
    if (state.generation) {
      await Promise.race([
        runStreamTick(services, state),
        new Promise((done) => setTimeout(done, services.config.SHUTDOWN_TIMEOUT_MS).unref()),
      ]);
    }
  } finally {
    closeStream(state);
  }
}

/** Closes the stream's own connections (stopStream does, after its last copy). */
export function closeStream(state: StreamState): void {
  state.lock?.close();
  state.checkpointer?.close();
  state.lock = null;
  state.checkpointer = null;
}
