import { rm, stat, statfs, writeFile } from "node:fs/promises";
import { dirname, join, resolve } from "node:path";
import type { Config } from "~/lib/server/config.server";
import { formatBytes } from "./format";
import type { HealthCheck } from "./check";

/**
 * Every folder the shop writes (issue 52, point 4): the database's (SQLite),
 * BACKUP_DIR and its database backups, each checked for room and for whether
 * the shop's user can still write there (a full disk, a folder left to root by
 * a command run as root, a read-only remount). Free space is per folder: a
 * backups folder on another disk fills up on its own. Cheap (a statfs and one
 * tiny file per folder), so it is looked at on every read of the health.
 */

const GIB = 1024 ** 3;

export interface FolderState {
  path: string;
  what: string;
  freeBytes: number | null;
  totalBytes: number | null;
  writable: boolean;
  error: string | null;
}

export function shopFolders(config: Pick<Config, "database" | "BACKUP_DIR">): Array<{ path: string; what: string }> {
  const folders: Array<{ path: string; what: string }> = [];
  if (config.database.kind === "sqlite" && config.database.file !== ":memory:") {
    folders.push({ path: resolve(dirname(config.database.file)), what: "the database" });
  }
  folders.push({ path: resolve(config.BACKUP_DIR), what: "backups" });
  folders.push({ path: resolve(config.BACKUP_DIR, "database"), what: "whole-database backups" });
  // One line per folder, the first naming it.
  return folders.filter((f, i) => folders.findIndex((g) => g.path === f.path) === i);
}

async function probe(folder: { path: string; what: string }): Promise<FolderState | null> {
  const info = await stat(folder.path).catch(() => null);
  // Not made yet (the first backup makes its folder): nothing to say.
  if (!info) return null;
  const fs = await statfs(folder.path).catch(() => null);
  const test = join(folder.path, `.health-${process.pid}`);
  let error: string | null = null;
  try {
    await writeFile(test, "", { mode: 0o600 });
  } catch (e) {
    error = (e as NodeJS.ErrnoException).code ?? String(e);
  } finally {
    await rm(test, { force: true }).catch(() => undefined);
  }
  return {
    ...folder,
    freeBytes: fs ? fs.bavail * fs.bsize : null,
    totalBytes: fs ? fs.blocks * fs.bsize : null,
    writable: error === null,
    error,
  };
}

export async function folderStates(config: Pick<Config, "database" | "BACKUP_DIR">): Promise<FolderState[]> {
  return (await Promise.all(shopFolders(config).map(probe))).filter((f) => f !== null);
}

/** A folder's line: red when the shop cannot write there, or with less free space than it needs. */
export function folderCheck(folder: FolderState, databaseBytes: number | null): HealthCheck {
  const needed = Math.max(GIB / 2, 2 * (databaseBytes ?? 0));
  const base = { key: `folder:${folder.path}`, label: `Folder for ${folder.what}` };
  const room =
    folder.freeBytes === null
      ? "free space unknown"
      : `${formatBytes(folder.freeBytes)} free of ${formatBytes(folder.totalBytes ?? 0)}`;
  if (!folder.writable) {
    return {
      ...base,
      status: "failing",
      summary: `The shop cannot write to ${folder.path} (${folder.error}): check its owner (the shop's user) and the disk`,
    };
  }
  if (folder.freeBytes !== null && folder.freeBytes < needed) {
    return {
      ...base,
      status: "failing",
      summary: `${room} at ${folder.path} (below ${formatBytes(needed)}: backups and the database need room)`,
    };
  }
  return { ...base, status: "ok", summary: `${room} at ${folder.path}` };
}
