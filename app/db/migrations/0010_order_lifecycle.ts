import { type Kysely, sql } from "kysely";
import type { Dialect } from "../database.server";
import { createRollUpTriggers, rebuildRollUpWithRefunds, rollUpWithRefunds } from "./daily-stats-triggers";

/**
 * The order lifecycle (app/domain/orders/lifecycle.ts) replaces the old
 * statuses (pending, completed, failed, cancelled + a separate panel_state):
 * payment and delivery become states of their own, with who confirmed the
 * payment and what is owed back. Existing rows are mapped below; under the old
 * rules "Place Order" meant "payment seen", so every order the operator sent
 * counts as paid by the operator.
 */
export function orderLifecycle(dialect: Dialect) {
  const money = dialect === "postgres" ? ("bigint" as const) : ("integer" as const);
  return {
    async up(db: Kysely<any>) {
      const orders = () => db.schema.alterTable("orders");
      await orders().addColumn("paid_at", money).execute();
      /** "operator:<name>", "bank-alert:<source>", "gateway:<name>". */
      await orders().addColumn("paid_by", "text").execute();
      /** JSON: what the confirmation rested on (UTR, alert, gateway payment id). */
      await orders().addColumn("payment_evidence", "text").execute();
      /** Owed back to the buyer (kept after the refund is paid, as the refunded amount). */
      await orders().addColumn("refund_due_paise", money).execute();
      await orders().addColumn("refunded_at", money).execute();
      await orders().addColumn("refund_reference", "text").execute();

      await mapOldStatuses(db, Date.now());

      // panel_state's meaning now lives in the status (sending, placement_unknown, sent).
      await db.schema.dropIndex("orders_panel_state").ifExists().execute();
      await db.schema.dropIndex("orders_panel_next_sync").ifExists().execute();
      await orders().dropColumn("panel_state").execute();
      // Only orders at the panel have a next sync time; final ones are null.
      await db.schema.createIndex("orders_panel_next_sync").on("orders").column("panel_next_sync_at").execute();
      // The admin's live view asks "what changed since?" every few seconds.
      await db.schema.createIndex("orders_updated_at").on("orders").column("updated_at").execute();

      await rebuildDailyStats(db, dialect);
    },
    down() {
      return Promise.reject(new Error("The order lifecycle migration cannot be undone: restore a backup instead"));
    },
  };
}

/** Old (status, panel_state, panel_status) → new status, in an order where each row matches one rule. */
/** refundPaise() of lifecycle.ts in SQL: the undelivered share of the price, less the 5% fee. */
function refundSql(undelivered: string) {
  const share = `((price_paise * ${undelivered} + quantity / 2) / quantity)`;
  return `(${share} - (${share} * 5 + 50) / 100)`;
}

async function mapOldStatuses(db: Kysely<any>, now: number) {
  const paidByOperator = `paid_at = coalesce(panel_placed_at, updated_at), paid_by = 'operator',
    payment_evidence = '{"migrated":true}'`;
  const statements = [
    // Sent, answer pending or never known.
    `update orders set status = 'sending', ${paidByOperator} where status = 'pending' and panel_state = 'sending'`,
    `update orders set status = 'placement_unknown', ${paidByOperator}
      where status in ('failed', 'pending') and panel_state = 'unknown'`,
    // Not sent yet: the buyer's claim, a lapsed window, or still open.
    `update orders set status = 'payment_claimed' where status = 'pending' and utr is not null`,
    `update orders set status = 'expired' where status = 'pending' and payment_deadline_at <= ${now}`,
    `update orders set status = 'awaiting_payment' where status = 'pending'`,
    // The panel refused it after the operator had seen the payment: the buyer is owed the price. It cost
    // nothing, so its profit is its price (the refund comes off it on the dashboard), as the live code sets it.
    `update orders set status = 'refund_due', refund_due_paise = ${refundSql("quantity")}, ${paidByOperator},
      profit_paise = coalesce(profit_paise, price_paise) where status = 'failed'`,
    // Placed: the panel's last word decides.
    `update orders set status = 'delivered', ${paidByOperator}
      where status = 'completed' and panel_status = 'completed'`,
    `update orders set status = 'refund_due', ${paidByOperator},
      refund_due_paise = ${refundSql("coalesce(panel_remains, quantity)")}
      where status in ('completed', 'partial') and panel_status = 'partial'`,
    `update orders set status = 'refund_due', refund_due_paise = ${refundSql("quantity")}, ${paidByOperator}
      where status in ('completed', 'cancelled') and panel_order_id is not null and panel_status in ('cancelled', 'failed')`,
    `update orders set status = 'delivering', ${paidByOperator}
      where status in ('completed', 'processing', 'in_progress') and panel_status in ('in_progress', 'processing')`,
    `update orders set status = 'sent', ${paidByOperator}
      where status in ('completed', 'processing', 'in_progress') and panel_order_id is not null`,
    `update orders set status = 'delivering', ${paidByOperator} where status in ('processing', 'in_progress')`,
    `update orders set status = 'refund_due', refund_due_paise = ${refundSql("coalesce(panel_remains, quantity)")},
      ${paidByOperator} where status = 'partial'`,
    // Cancelled before anything was sent stays cancelled; anything else left over is checked by hand.
    `update orders set status = 'placement_unknown', ${paidByOperator} where status = 'completed'`,
  ];
  for (const statement of statements) await sql.raw(statement).execute(db);
}

/**
 * The dashboard's per-day roll-up gains the refunds owed, so revenue can be
 * shown net of them; rebuilt from the orders under the new statuses.
 */
async function rebuildDailyStats(db: Kysely<any>, dialect: Dialect) {
  if (dialect === "postgres") {
    await sql`drop trigger if exists orders_daily_stats on orders`.execute(db);
    await sql`drop function if exists orders_daily_stats_apply()`.execute(db);
  } else {
    for (const t of ["orders_daily_stats_insert", "orders_daily_stats_update", "orders_daily_stats_delete"]) {
      await sql.raw(`drop trigger if exists ${t}`).execute(db);
    }
  }
  await db.schema
    .alterTable("order_daily_stats")
    .addColumn("refund_paise", dialect === "postgres" ? "bigint" : "integer", (c) => c.notNull().defaultTo(0))
    .execute();
  await sql`delete from order_daily_stats`.execute(db);
  await sql.raw(rebuildRollUpWithRefunds("coalesce(profit_paise, 0)")).execute(db);
  await createRollUpTriggers(
    db,
    dialect,
    rollUpWithRefunds((row) => `coalesce(${row}.profit_paise, 0)`),
  );
}
