import { createReadStream } from "node:fs";
import { open, writeFile } from "node:fs/promises";
import { Readable } from "node:stream";
import type { ReadableStream as WebReadableStream } from "node:stream/web";
import type { S3Client } from "@aws-sdk/client-s3";
import type { Config } from "~/lib/server/config.server";
import { type DatabaseBackup, type OffsiteCopy, offsiteMarker } from "./database-backup.server";

/**
 * The off-machine copy of a whole-database backup: encrypted on this machine
 * with age (age-encryption.org/v1, the format of the `age` command) to the
 * operator's public key, then put in an S3-compatible bucket. The server never
 * holds the secret key, so neither the bucket's owner nor anyone who later
 * reads the server can open a copy; the operator restores with the secret key
 * (`npm run restore -- --full <file> --identity <key file>`, or `age -d`).
 */

export type OffsiteConfig = Pick<
  Config,
  | "BACKUP_S3_BUCKET"
  | "BACKUP_S3_ENDPOINT"
  | "BACKUP_S3_REGION"
  | "BACKUP_S3_PREFIX"
  | "BACKUP_S3_ACCESS_KEY_ID"
  | "BACKUP_S3_SECRET_ACCESS_KEY"
  | "BACKUP_S3_FORCE_PATH_STYLE"
  | "BACKUP_ENCRYPTION_RECIPIENT"
>;

export interface OffsiteTarget {
  bucket: string;
  prefix: string;
  recipient: string;
  /** Made, with the SDK loaded, the first time a copy is put (ADR 0032). */
  client: () => Promise<S3Client>;
  /** "s3://bucket/prefix" at the endpoint, for the admin and the logs. */
  label: string;
}

/** "s3://bucket/prefix at host", or null when off-machine copies are off. */
export function offsiteLabel(config: OffsiteConfig): string | null {
  if (!config.BACKUP_S3_BUCKET || !config.BACKUP_ENCRYPTION_RECIPIENT) return null;
  const host = config.BACKUP_S3_ENDPOINT ? ` at ${new URL(config.BACKUP_S3_ENDPOINT).host}` : "";
  return `s3://${config.BACKUP_S3_BUCKET}/${config.BACKUP_S3_PREFIX}${host}`;
}

const targets = new WeakMap<OffsiteConfig, OffsiteTarget>();

/** The configured bucket (one client per configuration), or null when off-machine copies are off. */
export function offsiteTarget(config: OffsiteConfig): OffsiteTarget | null {
  const bucket = config.BACKUP_S3_BUCKET;
  const recipient = config.BACKUP_ENCRYPTION_RECIPIENT;
  const label = offsiteLabel(config);
  if (!bucket || !recipient || !label) return null;
  const known = targets.get(config);
  if (known) return known;
  let client: Promise<S3Client> | undefined;
  const makeClient = async () => {
    const { S3Client } = await import("@aws-sdk/client-s3");
    return new S3Client({
      region: config.BACKUP_S3_REGION,
      ...(config.BACKUP_S3_ENDPOINT ? { endpoint: config.BACKUP_S3_ENDPOINT } : {}),
      forcePathStyle: config.BACKUP_S3_FORCE_PATH_STYLE,
      ...(config.BACKUP_S3_ACCESS_KEY_ID && config.BACKUP_S3_SECRET_ACCESS_KEY
        ? {
            credentials: {
              accessKeyId: config.BACKUP_S3_ACCESS_KEY_ID,
              secretAccessKey: config.BACKUP_S3_SECRET_ACCESS_KEY,
            },
          }
        : {}),
      // Checksums only where S3 requires them: the SDK's default (a CRC in an aws-chunked trailer)
      // is refused by several S3-compatible services. The age format authenticates every chunk anyway.
      requestChecksumCalculation: "WHEN_REQUIRED",
      responseChecksumValidation: "WHEN_REQUIRED",
      // Our own retry schedule (the backup job's backoff) decides when to try again.
      maxAttempts: 2,
    });
  };
  const target = { bucket, prefix: config.BACKUP_S3_PREFIX, recipient, client: () => (client ??= makeClient()), label };
  targets.set(config, target);
  return target;
}

/** The object key of a backup's encrypted copy. */
export function offsiteKey(target: Pick<OffsiteTarget, "prefix">, backup: Pick<DatabaseBackup, "name">): string {
  return `${target.prefix}${backup.name}.age`;
}

/**
 * Encrypts one backup as it streams and puts it in the bucket (one PUT: a
 * shop's compressed database is far below S3's 5 GB limit), then records
 * where it went beside the backup. Throws what the bucket answered.
 */
export async function uploadBackup(
  target: OffsiteTarget,
  backup: DatabaseBackup,
  now = Date.now(),
): Promise<OffsiteCopy> {
  const key = offsiteKey(target, backup);
  const bytes = await putEncryptedFile(target, key, backup.file, backup.bytes, {
    metadata: backup.sha256 ? { "plain-sha256": backup.sha256 } : undefined,
  });
  const copy: OffsiteCopy = { bucket: target.bucket, key, uploadedAt: now, bytes };
  await writeFile(offsiteMarker(backup.file), JSON.stringify(copy), { mode: 0o600 });
  return copy;
}

/**
 * Encrypts a file as it streams and puts it under `key`; returns the
 * encrypted size. The file is opened first: one this user cannot read
 * (EACCES: written by another user) fails here as a rejected promise that the
 * job records and alerts about, not later as a stream error nobody listens to,
 * which would end the process (issue 52).
 */
export async function putEncryptedFile(
  target: OffsiteTarget,
  key: string,
  file: string,
  plainBytes: number,
  { metadata, timeoutMs = 30 * 60_000 }: { metadata?: Record<string, string>; timeoutMs?: number } = {},
): Promise<number> {
  const [{ Encrypter }, { PutObjectCommand }, client] = await Promise.all([
    import("age-encryption"),
    import("@aws-sdk/client-s3"),
    target.client(),
  ]);
  // Opened and closed first: EACCES, ENOENT and the like reject here.
  await (await open(file, "r")).close();
  const encrypter = new Encrypter();
  encrypter.addRecipient(target.recipient);
  const abort = new AbortController();
  // A bucket that stops answering must not hold the job for ever.
  const timer = setTimeout(() => abort.abort(), timeoutMs);
  try {
    const plain = createReadStream(file);
    const encrypted = await encrypter.encrypt(Readable.toWeb(plain) as ReadableStream<Uint8Array>);
    const bytes = encrypted.size(plainBytes);
    const body = Readable.fromWeb(encrypted as unknown as WebReadableStream<Uint8Array>);
    // A read that fails half-way (a disk error) ends the request with that error instead of the process.
    const failure: { error: Error | null } = { error: null };
    body.on("error", (error: Error) => {
      failure.error = error;
      abort.abort(error);
    });
    try {
      await client.send(
        new PutObjectCommand({
          Bucket: target.bucket,
          Key: key,
          Body: body,
          ContentLength: bytes,
          ContentType: "application/octet-stream",
          Metadata: metadata,
        }),
        { abortSignal: abort.signal },
      );
    } catch (error) {
      throw failure.error ?? error;
    }
    if (failure.error) throw failure.error;
    return bytes;
  } finally {
    clearTimeout(timer);
  }
}

/** Encrypts a small piece of data (a WAL segment) in memory and puts it under `key`. */
export async function putEncryptedBytes(target: OffsiteTarget, key: string, data: Uint8Array): Promise<void> {
  const [{ Encrypter }, { PutObjectCommand }, client] = await Promise.all([
    import("age-encryption"),
    import("@aws-sdk/client-s3"),
    target.client(),
  ]);
  const encrypter = new Encrypter();
  encrypter.addRecipient(target.recipient);
  const body = await encrypter.encrypt(data);
  await client.send(
    new PutObjectCommand({ Bucket: target.bucket, Key: key, Body: body, ContentType: "application/octet-stream" }),
    { abortSignal: AbortSignal.timeout(60_000) },
  );
}

/**
 * Puts one tiny object (`<prefix>heartbeat`, the time) in the bucket: the
 * health job's check that the bucket still takes copies (issue 52), with the
 * same write-only key, while no backup is due. Throws what the bucket answered.
 */
export async function putHeartbeat(target: OffsiteTarget, now = Date.now()): Promise<void> {
  const [{ PutObjectCommand }, client] = await Promise.all([import("@aws-sdk/client-s3"), target.client()]);
  await client.send(
    new PutObjectCommand({
      Bucket: target.bucket,
      Key: `${target.prefix}heartbeat`,
      Body: `${new Date(now).toISOString()}\n`,
      ContentType: "text/plain",
    }),
    { abortSignal: AbortSignal.timeout(30_000) },
  );
}

/** What an upload failure says, without the request's details (no credentials are ever in it). */
export function describeUploadError(error: unknown): string {
  if (!(error instanceof Error)) return String(error);
  const status = (error as { $metadata?: { httpStatusCode?: number } }).$metadata?.httpStatusCode;
  const code = (error as { code?: string }).code;
  const what = error.name && error.name !== "Error" ? `${error.name}: ` : "";
  return `${what}${error.message}${status ? ` (HTTP ${status})` : ""}${code ? ` (${code})` : ""}`.slice(0, 300);
}
