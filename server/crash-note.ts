import { readFileSync, realpathSync, rmSync, writeFileSync } from "node:fs";
import { hostname } from "node:os";
import { basename, dirname, join } from "node:path";
import type { Config } from "~/lib/server/config.server";
import { privateFolder } from "~/lib/server/private-files.server";

/**
 * What a dying process leaves for the next one (issue 52, point 2): the error
 * that killed it, written synchronously as it dies, read and removed at the
 * next start and recorded with that start (app/domain/health/process-starts),
 * so the Health page says why the shop restarted. It lives in BACKUP_DIR, a
 * folder the shop writes anyway (systemd's PrivateTmp empties /tmp on restart).
 */
const NOTE = "last-crash.json";

export function crashNoteFile(config: Pick<Config, "BACKUP_DIR">): string {
  return join(config.BACKUP_DIR, NOTE);
}

/** Writes the note; never throws (the process is dying already). */
export function writeCrashNote(config: Pick<Config, "BACKUP_DIR">, error: unknown, now = Date.now()): void {
  try {
    const message = error instanceof Error ? `${error.name}: ${error.message}` : String(error);
    privateFolder(config.BACKUP_DIR);
    writeFileSync(crashNoteFile(config), JSON.stringify({ at: now, message: message.slice(0, 400) }), {
      mode: 0o600,
    });
  } catch {
    // Nothing more can be done: the supervisor's log has the error.
  }
}

/** Reads and removes the previous process's note: "<error> (at <time>)", or null. */
export function takeCrashNote(config: Pick<Config, "BACKUP_DIR">): string | null {
  const file = crashNoteFile(config);
  try {
    const note = JSON.parse(readFileSync(file, "utf8")) as { at: number; message: string };
    rmSync(file, { force: true });
    return `${note.message} (at ${new Date(note.at).toISOString()})`;
  } catch {
    return null;
  }
}

/** host:port: the starts of one instance follow each other. */
export function instanceName(config: Pick<Config, "PORT">): string {
  return `${hostname()}:${config.PORT}`;
}

/** The release folder this process runs from (releases/<name>, npm run upgrade), else null. */
export function releaseName(cwd = process.cwd()): string | null {
  try {
    const real = realpathSync(cwd);
    return basename(dirname(real)) === "releases" ? basename(real) : null;
  } catch {
    return null;
  }
}
