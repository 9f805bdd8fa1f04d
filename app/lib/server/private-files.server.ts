import { chmodSync, closeSync, existsSync, mkdirSync, openSync, statSync } from "node:fs";

/**
 * Every file holding buyer data (the SQLite database and its WAL, order and
 * danger-zone backups, whole-database backups, restores, crash notes) is
 * readable by the shop's own user only: files 0600 in folders 0700, whatever
 * the umask, and whatever mode an earlier version left behind (security round
 * 4, finding 8: under `npm start` the order backups were 0644 in a 0755 folder).
 */
export const PRIVATE_FILE_MODE = 0o600;
export const PRIVATE_FOLDER_MODE = 0o700;

/** Ours to tighten: owned by this process's user, and not a shared sticky folder such as /tmp. */
function ours(path: string): boolean {
  const stat = statSync(path);
  return (process.getuid === undefined || stat.uid === process.getuid()) && (stat.mode & 0o1000) === 0;
}

/**
 * Makes the folder a backup or the database lives in, 0700. An existing folder
 * that is ours is tightened too; one that is not (another user's, /tmp) is left
 * as it is, its files being 0600 anyway.
 */
export function privateFolder(dir: string): void {
  mkdirSync(dir, { recursive: true, mode: PRIVATE_FOLDER_MODE });
  if (ours(dir) && (statSync(dir).mode & 0o077) !== 0) chmodSync(dir, PRIVATE_FOLDER_MODE);
}

/** Tightens a file to 0600 if it exists and is ours (a file written before this rule, or over an older one). */
export function privateFile(file: string): void {
  if (existsSync(file) && ours(file) && (statSync(file).mode & 0o077) !== 0) chmodSync(file, PRIVATE_FILE_MODE);
}

/**
 * Creates the file empty and 0600 unless it exists, so it is never, even for a moment, readable by others;
 * an existing one is only tightened (never opened here: it may be another user's, or read-only).
 */
export function createPrivateFile(file: string): void {
  if (!existsSync(file)) {
    try {
      closeSync(openSync(file, "wx", PRIVATE_FILE_MODE));
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
    }
  }
  privateFile(file);
}
