import { createRequire } from "node:module";
import { Worker } from "node:worker_threads";

/**
 * The worker's code: its own read-only connection to the shop's database runs
 * `VACUUM INTO`, which writes one consistent snapshot of the database (one read
 * transaction; in WAL mode the shop's writers carry on meanwhile) to a new file.
 * Given as text, so the server build needs no second entry file.
 */
const WORKER = `
const { parentPort, workerData } = require("node:worker_threads");
const Database = require(workerData.module);
try {
  const db = new Database(workerData.source, { readonly: true, fileMustExist: true });
  try {
    db.pragma("busy_timeout = 5000");
    db.prepare("VACUUM INTO ?").run(workerData.destination);
  } finally {
    db.close();
  }
  parentPort.postMessage({ ok: true });
} catch (error) {
  parentPort.postMessage({ ok: false, message: String(error && error.message || error), code: error && error.code });
}
`;

const betterSqlite = createRequire(import.meta.url).resolve("better-sqlite3");

/**
 * Copies the SQLite database in `source` to the new file `destination`, as one
 * moment of it, on a worker thread: the shop's event loop does not wait for a
 * single page of it. Rejects with SQLite's error (SQLITE_FULL on a full disk).
 */
export function copySqliteDatabase(source: string, destination: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const worker = new Worker(WORKER, { eval: true, workerData: { module: betterSqlite, source, destination } });
    let settled = false;
    worker.once("message", (reply: { ok: boolean; message?: string; code?: string }) => {
      settled = true;
      if (reply.ok) resolve();
      else reject(Object.assign(new Error(reply.message), { code: reply.code }));
    });
    worker.once("error", (error) => {
      settled = true;
      reject(error instanceof Error ? error : new Error(String(error)));
    });
    worker.once("exit", (code) => {
      if (!settled) reject(new Error(`the database copy stopped (worker exit ${code})`));
    });
  });
}
