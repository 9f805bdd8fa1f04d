/**
 * How long a whole-database backup holds the shop's event loop (docs/deploy.md,
 * Backups). A SQLite file of BENCH_BACKUP_ORDERS orders is backed up by the
 * backup job's own function (a worker thread copies it) while a timer
 * measures the event loop's delay every millisecond (perf_hooks), as a request
 * waiting to be served would feel it; the same is measured with no backup
 * running, for the machine's own noise. Target: p99 delay during the backup
 * ≤ 5 ms above the idle p99, the longest single hold ≤ 20 ms.
 *   npm run bench -- backup   (BENCH_BACKUP_ORDERS, default 100000)
 */
import { mkdtempSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { monitorEventLoopDelay } from "node:perf_hooks";
import { setTimeout as sleep } from "node:timers/promises";
import { openDatabase } from "~/db/database.server";
import { migrateToLatest } from "~/db/migrate.server";
import { takeDatabaseBackup } from "~/domain/backups/database-backup.server";
import { generateOrderId } from "~/domain/orders/order-id.server";
import type { Bench } from "./harness";

const ORDERS = Number(process.env.BENCH_BACKUP_ORDERS ?? 100_000);
const P99_OVER_IDLE_MS = 5;
const MAX_HOLD_MS = 20;

async function delays(during: Promise<unknown>) {
  const histogram = monitorEventLoopDelay({ resolution: 1 });
  histogram.enable();
  await during;
  histogram.disable();
  return { p99: histogram.percentile(99) / 1e6, max: histogram.max / 1e6 };
}

export const backupBench: Bench = {
  name: "backup",
  description: `event-loop delay while ${ORDERS.toLocaleString("en-IN")} orders are backed up (VACUUM INTO on a worker thread, gzip)`,
  async run() {
    const dir = mkdtempSync(join(tmpdir(), "bench-backup-"));
    const database = openDatabase({ kind: "sqlite", file: join(dir, "shop.db") });
    try {
      await migrateToLatest(database.db, database.dialect);
      const now = Date.now();
      for (let i = 0; i < ORDERS; i += 500) {
        await database.db
          .insertInto("orders")
          .values(
            Array.from({ length: Math.min(500, ORDERS - i) }, (_, j) => ({
              order_id: generateOrderId(),
              idempotency_key: null,
              service_type: "followers" as const,
              plan_id: null,
              plan_name: "Popular Followers",
              target: `bench_account_${i + j}`,
              quantity: 1000,
              price_paise: 34_900 - ((i + j) % 97),
              status: "delivered" as const,
              customer_name: "Bench Buyer",
              customer_phone: "+919812345678",
              utr: String(400_000_000_000 + i + j),
              utr_submitted_at: now,
              payment_deadline_at: now,
              created_at: now - (i + j) * 1000,
              updated_at: now,
            })),
          )
          .execute();
      }
      const bytes = statSync(join(dir, "shop.db")).size;
      const idle = await delays(sleep(2_000));
      const started = performance.now();
      let backup: Awaited<ReturnType<typeof takeDatabaseBackup>> = null;
      const busy = await delays(
        takeDatabaseBackup(database.db, join(dir, "backups")).then((b) => {
          backup = b;
        }),
      );
      const seconds = (performance.now() - started) / 1000;
      const gz = (backup as { bytes: number } | null)?.bytes ?? 0;
      console.log(
        `database ${(bytes / 1e6).toFixed(1)} MB → backup ${(gz / 1e6).toFixed(1)} MB gzip in ${seconds.toFixed(1)} s`,
      );
      console.log(`event-loop delay idle:          p99 ${idle.p99.toFixed(1)} ms, max ${idle.max.toFixed(1)} ms`);
      console.log(`event-loop delay during backup: p99 ${busy.p99.toFixed(1)} ms, max ${busy.max.toFixed(1)} ms`);
      const ok = busy.p99 <= idle.p99 + P99_OVER_IDLE_MS && busy.max <= MAX_HOLD_MS;
      console.log(`target: p99 ≤ idle + ${P99_OVER_IDLE_MS} ms, max ≤ ${MAX_HOLD_MS} ms: ${ok ? "met" : "MISSED"}`);
      return ok;
    } finally {
      await database.close();
      rmSync(dir, { recursive: true, force: true });
    }
  },
};
