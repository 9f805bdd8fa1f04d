import { spawn } from "node:child_process";
import { once } from "node:events";
import { fileURLToPath } from "node:url";
import pino from "pino";
import type { AppServices } from "~/context";
import { parseAlertSettings } from "~/domain/operator-alerts/alert-settings";
import { saveAlertSettings } from "~/domain/operator-alerts/alert-settings.server";
import type { DatabaseHandle } from "~/db/database.server";
import { recordCredit } from "~/domain/payments/matching.server";
import { createSettingsCache } from "~/domain/settings/settings.server";
import { loadConfig } from "~/lib/server/config.server";
import { generateOrderId } from "~/domain/orders/order-id.server";
import { makeOrder } from "./orders";

const root = fileURLToPath(new URL("../..", import.meta.url));

/** What the backup job and the health check are handed, as the server builds it. */
export function backupServices(
  database: DatabaseHandle,
  env: Record<string, string>,
): Pick<AppServices, "db" | "dialect" | "settings" | "config" | "logger"> {
  return {
    db: database.db,
    dialect: database.dialect,
    settings: createSettingsCache(database.db, 0),
    config: loadConfig({ NODE_ENV: "test", ...env }),
    logger: pino({ level: "silent" }),
  };
}

/** The operator hears alerts: Web Push switched on (it needs nothing more to queue one; its keys are made at start). */
export async function withPushAlerts(database: Pick<DatabaseHandle, "db">): Promise<void> {
  await saveAlertSettings(database.db, { settings: { ...parseAlertSettings("{}"), push: { enabled: true } } });
}

let nextPaise = 10_000;

/** An order paid by a bank credit: the order, its payment (payment_credits) and its history (audit_log). */
export async function paidOrder(db: DatabaseHandle["db"], now = Date.now()) {
  const price = nextPaise++;
  const order = await makeOrder(db, { price_paise: price, created_at: now, payment_deadline_at: now + 300_000 });
  await recordCredit(
    db,
    {
      source: "sms",
      amountPaise: price,
      utr: String(500_000_000_000 + price),
      at: now,
      evidence: { text: "credited" },
    },
    { graceSeconds: 86_400, now },
  );
  return order;
}

/** `count` unpaid orders at once (a database of some size, quickly). */
export async function manyOrders(db: DatabaseHandle["db"], count: number, now = Date.now()) {
  await db.transaction().execute(async (trx) => {
    for (let i = 0; i < count; i += 200) {
      const rows = Array.from({ length: Math.min(200, count - i) }, (_, j) => ({
        order_id: generateOrderId(),
        idempotency_key: null,
        service_type: "followers" as const,
        plan_id: null,
        plan_name: "Popular Followers",
        target: `filler_account_${i + j}`,
        quantity: 1000,
        price_paise: 34_900,
        status: "expired" as const,
        customer_name: "Priya Sharma",
        customer_phone: "+919812345678",
        utr: null,
        utr_submitted_at: null,
        payment_deadline_at: now - 1,
        created_at: now - 600_000,
        updated_at: now,
      }));
      await trx.insertInto("orders").values(rows).execute();
    }
  });
}

/** Everything a restore must bring back about a set of orders, in a comparable shape. */
export async function orderRecords(db: DatabaseHandle["db"], orderIds: string[]) {
  if (orderIds.length === 0) return { orders: [], credits: [], history: [] };
  const [orders, credits, history] = await Promise.all([
    db.selectFrom("orders").selectAll().where("order_id", "in", orderIds).orderBy("id").execute(),
    db.selectFrom("payment_credits").selectAll().where("order_id", "in", orderIds).orderBy("id").execute(),
    db
      .selectFrom("audit_log")
      .select(["action", "actor", "target_id", "details", "at"])
      .where("target_type", "=", "order")
      .where("target_id", "in", orderIds)
      .orderBy("id")
      .execute(),
  ]);
  return { orders, credits, history };
}

/** Runs one of the project's npm scripts (`npm run <name> -- args`) as the operator would, with `env`. */
export async function runScript(
  script: "restore" | "backup" | "db-migrate" | "db-move",
  args: string[],
  env: Record<string, string>,
  options: { uid?: number; gid?: number } = {},
) {
  const child = spawn(process.execPath, [`${root}node_modules/tsx/dist/cli.mjs`, `scripts/${script}.ts`, ...args], {
    cwd: root,
    // No /etc/boostkaro/shop.env of this machine: the test says what the command reads.
    env: { ...process.env, NODE_ENV: "test", LOG_LEVEL: "silent", SHOP_ENV_FILE: "none", ...env },
    stdio: ["ignore", "pipe", "pipe"],
    ...options,
  });
  let output = "";
  child.stdout.on("data", (d) => (output += d));
  child.stderr.on("data", (d) => (output += d));
  const [code] = (await once(child, "exit")) as [number | null];
  return { code, output };
}
