/**
 * Fills DATABASE_URL with realistic orders over the last two years, for benchmarks:
 *   DATABASE_URL=file:.tmp/bench/shop.db npm run bench:seed -- --orders 1000000
 */
import { parseArgs } from "node:util";
import { migrateToLatest } from "~/db/migrate.server";
import { seedDemoDataOnce } from "~/db/seed.server";
import { openConfiguredDatabase } from "../cli";
import { seedOrders } from "./seed-orders";

const { values } = parseArgs({
  options: { orders: { type: "string", default: "100000" }, days: { type: "string", default: "730" } },
});
const count = Number(values.orders);
const spanDays = Number(values.days);
if (!Number.isInteger(count) || count < 1 || !Number.isInteger(spanDays) || spanDays < 1) {
  console.error("usage: npm run bench:seed -- --orders 1000000 [--days 730]");
  process.exit(64);
}

const { database } = await openConfiguredDatabase({ create: true });
try {
  await migrateToLatest(database.db, database.dialect);
  await seedDemoDataOnce(database.db);
  const started = Date.now();
  let last = 0;
  await seedOrders(database.db, database.dialect, count, {
    spanDays,
    onProgress(done) {
      if (done - last >= 100_000 || done === count) {
        last = done;
        console.log(`${done.toLocaleString("en-IN")} orders (${Math.round(done / ((Date.now() - started) / 1000))}/s)`);
      }
    },
  });
  console.log(`Added ${count.toLocaleString("en-IN")} orders in ${((Date.now() - started) / 1000).toFixed(1)} s.`);
} finally {
  await database.close();
}
