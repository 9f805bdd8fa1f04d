/**
 * Load benchmarks on loopback, each bounded in time. Runs every bench, or the
 * ones named: `npm run bench` / `npm run bench -- buying`. Add a bench by
 * writing a module that exports a `Bench` and listing it below.
 * Needs a production build (`npm run build`; BUILD_DIR picks another folder).
 */
import { adminBench } from "./admin";
import { alertsBench } from "./alerts";
import { backupBench } from "./backup";
import { buyingBench } from "./buying";
import { checkoutWritesBench } from "./checkout-writes";
import { lighthouseBench } from "./lighthouse";
import { loginFloodBench } from "./login-flood";
import { mixedBench } from "./mixed";
import { orderStatusBench } from "./order-status";
import { paymentConfirmBench } from "./payment-confirm";
import { storefrontBench } from "./storefront";
import type { Bench } from "./harness";

const BENCHES: Bench[] = [
  buyingBench,
  checkoutWritesBench,
  storefrontBench,
  orderStatusBench,
  mixedBench,
  adminBench,
  loginFloodBench,
  paymentConfirmBench,
  alertsBench,
  backupBench,
  lighthouseBench,
];

const wanted = process.argv.slice(2).filter((a) => !a.startsWith("-"));
const chosen = wanted.length ? BENCHES.filter((b) => wanted.includes(b.name)) : BENCHES;
if (chosen.length === 0) {
  console.error(`unknown bench; choose from: ${BENCHES.map((b) => b.name).join(", ")}`);
  process.exit(64);
}
let failed = false;
for (const bench of chosen) {
  console.log(`\n## ${bench.name}: ${bench.description}`);
  try {
    const ok = await bench.run();
    if (!ok) failed = true;
  } catch (error) {
    failed = true;
    console.error(`${bench.name} failed:`, error);
  }
}
process.exit(failed ? 1 : 0);
