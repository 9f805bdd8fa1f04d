/**
 * SQLite's write-ahead log, read as the file format documents it
 * (sqlite.org/fileformat2.html, "The Write-Ahead Log"): a 32-byte header, then
 * frames of a 24-byte header and one page. A frame belongs to the log while
 * its salts match the header's and its checksum continues the running one;
 * a transaction ends at a commit frame (the database size after it, nonzero).
 * The continuous copy ships committed frames only, exactly as they are; a
 * restore writes them back as a WAL file and SQLite replays them itself.
 */

export const WAL_HEADER_BYTES = 32;
const FRAME_HEADER_BYTES = 24;
const MAGIC_LE = 0x377f0682;
const MAGIC_BE = 0x377f0683;

export interface WalHeader {
  pageSize: number;
  /** Checksums over big-endian words (magic 0x377f0683) or little-endian ones (0x377f0682). */
  bigEndian: boolean;
  salt1: number;
  salt2: number;
  /** The running checksum after the header: the first frame's starts from it. */
  sums: [number, number];
  bytes: Buffer;
}

/** The header, or null when the file is shorter than one or not a valid log (a new, empty WAL). */
export function parseWalHeader(buf: Buffer): WalHeader | null {
  if (buf.length < WAL_HEADER_BYTES) return null;
  const magic = buf.readUInt32BE(0);
  if (magic !== MAGIC_LE && magic !== MAGIC_BE) return null;
  const bigEndian = magic === MAGIC_BE;
  const sums = walChecksum(buf.subarray(0, 24), bigEndian, [0, 0]);
  if (sums[0] !== buf.readUInt32BE(24) || sums[1] !== buf.readUInt32BE(28)) return null;
  const pageSize = buf.readUInt32BE(8);
  return {
    pageSize: pageSize === 1 ? 65536 : pageSize,
    bigEndian,
    salt1: buf.readUInt32BE(16),
    salt2: buf.readUInt32BE(20),
    sums,
    bytes: Buffer.from(buf.subarray(0, WAL_HEADER_BYTES)),
  };
}

/** SQLite's WAL checksum over `data` (a multiple of 8 bytes), continuing from `start`. */
export function walChecksum(data: Buffer, bigEndian: boolean, start: [number, number]): [number, number] {
  let s0 = start[0];
  let s1 = start[1];
  for (let i = 0; i < data.length; i += 8) {
    const x0 = bigEndian ? data.readUInt32BE(i) : data.readUInt32LE(i);
    const x1 = bigEndian ? data.readUInt32BE(i + 4) : data.readUInt32LE(i + 4);
    s0 = (s0 + x0 + s1) >>> 0;
    s1 = (s1 + x1 + s0) >>> 0;
  }
  return [s0, s1];
}

export interface CommittedFrames {
  /** Bytes from the start of `buf` up to the end of the last commit frame (0: none). */
  length: number;
  /** The running checksum at that point, for the frames that follow. */
  sums: [number, number];
  frames: number;
}

/**
 * The committed frames at the start of `buf` (which begins at a frame
 * boundary whose running checksum is `sums`): valid frames are read until one
 * is not (another log's salt, a broken checksum, a frame cut short), and the
 * result ends at the last commit frame among them.
 */
export function committedFrames(buf: Buffer, header: WalHeader, sums: [number, number]): CommittedFrames {
  const frameBytes = FRAME_HEADER_BYTES + header.pageSize;
  let running = sums;
  let result: CommittedFrames = { length: 0, sums, frames: 0 };
  let frames = 0;
  for (let at = 0; at + frameBytes <= buf.length; at += frameBytes) {
    if (buf.readUInt32BE(at + 8) !== header.salt1 || buf.readUInt32BE(at + 12) !== header.salt2) break;
    const withHeader = walChecksum(buf.subarray(at, at + 8), header.bigEndian, running);
    const next = walChecksum(buf.subarray(at + FRAME_HEADER_BYTES, at + frameBytes), header.bigEndian, withHeader);
    if (next[0] !== buf.readUInt32BE(at + 16) || next[1] !== buf.readUInt32BE(at + 20)) break;
    running = next;
    frames++;
    if (buf.readUInt32BE(at + 4) !== 0) result = { length: at + frameBytes, sums: running, frames };
  }
  return result;
}
