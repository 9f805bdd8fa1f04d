import type { Kysely } from "kysely";
import type { Dialect } from "../database.server";

/**
 * Online gateways (Razorpay): the gateway-side order made for each shop order,
 * once, so a second click reuses it and a payment naming it finds its order;
 * and when the shop last asked the gateway about it, for the reconciliation
 * job that covers webhooks that never came.
 */
export function gatewayOrders(dialect: Dialect) {
  const big = dialect === "postgres" ? ("bigint" as const) : ("integer" as const);
  return {
    async up(db: Kysely<any>) {
      await db.schema
        .createTable("payment_gateway_orders")
        .addColumn("order_id", "text", (c) => c.primaryKey())
        .addColumn("gateway", "text", (c) => c.notNull())
        .addColumn("gateway_order_id", "text")
        .addColumn("amount_paise", big, (c) => c.notNull())
        .addColumn("created_at", big, (c) => c.notNull())
        .addColumn("webhook_at", big)
        .addColumn("next_check_at", big)
        .addColumn("check_failures", "integer", (c) => c.notNull().defaultTo(0))
        .execute();
      await db.schema
        .createIndex("payment_gateway_orders_gateway_id")
        .on("payment_gateway_orders")
        .columns(["gateway", "gateway_order_id"])
        .unique()
        .execute();
      await db.schema
        .createIndex("payment_gateway_orders_next_check")
        .on("payment_gateway_orders")
        .column("next_check_at")
        .execute();
    },
    async down(db: Kysely<any>) {
      await db.schema.dropTable("payment_gateway_orders").ifExists().execute();
    },
  };
}
