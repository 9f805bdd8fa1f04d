/**
 * Where the continuous copy puts things in the bucket (under BACKUP_S3_PREFIX):
 *
 *   stream/<generation>/snapshot.sqlite.gz.age           the database file when the generation began
 *   stream/<generation>/<epoch>/<offset>.wal.gz.age      committed WAL frames from that offset of that WAL
 *
 * A generation is named for its start (UTC), so names sort by time; an epoch
 * is one life of the WAL between two restarts (after a checkpoint); offsets
 * are byte positions in that WAL, zero-padded so they sort. Every object is
 * gzip'd, then encrypted with age to the operator's public key.
 */

export const STREAM_FOLDER = "stream/";

export function generationName(now: number, tag: string): string {
  const stamp = new Date(now)
    .toISOString()
    .replace(/[-:]/g, "")
    .replace(/\.(\d{3})Z$/, "$1Z");
  return `${stamp}-${tag}`;
}

export function snapshotKey(prefix: string, generation: string): string {
  return `${prefix}${STREAM_FOLDER}${generation}/snapshot.sqlite.gz.age`;
}

export function segmentKey(prefix: string, generation: string, epoch: number, offset: number): string {
  return `${prefix}${STREAM_FOLDER}${generation}/${String(epoch).padStart(6, "0")}/${String(offset).padStart(14, "0")}.wal.gz.age`;
}

export interface SegmentRef {
  key: string;
  epoch: number;
  offset: number;
}

/** The epoch and offset a segment's key names, or null for another object. */
export function parseSegmentKey(key: string): SegmentRef | null {
  const match = /\/(\d{6})\/(\d{14})\.wal\.gz\.age$/.exec(key);
  return match ? { key, epoch: Number(match[1]), offset: Number(match[2]) } : null;
}

/** The time a generation's name gives (its start). */
export function generationTime(generation: string): number | null {
  const m = /^(\d{4})(\d{2})(\d{2})T(\d{2})(\d{2})(\d{2})(\d{3})Z-/.exec(generation);
  if (!m) return null;
  return Date.UTC(+m[1]!, +m[2]! - 1, +m[3]!, +m[4]!, +m[5]!, +m[6]!, +m[7]!);
}
