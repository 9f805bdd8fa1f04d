import type { Kysely } from "kysely";
import type { Dialect } from "../database.server";

/**
 * The buyer hears from the shop (issue 46, docs/buyer-messages.md).
 *
 * - On the order, what the buyer chose at checkout: an optional e-mail for the
 *   receipt and updates, the language they bought in, and the explicit opt-in
 *   to business-initiated WhatsApp updates (when, and to which wording, as the
 *   terms are kept); the UPI id they gave for a refund that is due.
 * - The one outbox (alert_outbox) carries the buyer's messages beside the
 *   operator's alerts: the provider's id for a sent message (WhatsApp's
 *   `wamid`) and what its status callbacks said since (delivered, read, failed).
 * - The buyer's channels: a browser's Web Push subscription bound to one
 *   order; a WhatsApp chat per number (the 24-hour customer-service window, and
 *   STOP); the orders a chat was linked to.
 */
export function buyerMessages(dialect: Dialect) {
  const pg = dialect === "postgres";
  const big = pg ? ("bigint" as const) : ("integer" as const);
  const id = pg ? ("serial" as const) : ("integer" as const);
  return {
    async up(db: Kysely<any>) {
      await db.schema.alterTable("orders").addColumn("customer_email", "text").execute();
      await db.schema.alterTable("orders").addColumn("locale", "text").execute();
      await db.schema.alterTable("orders").addColumn("whatsapp_opt_in_at", big).execute();
      await db.schema.alterTable("orders").addColumn("whatsapp_opt_in_version", "text").execute();
      await db.schema.alterTable("orders").addColumn("refund_upi_id", "text").execute();

      await db.schema.alterTable("alert_outbox").addColumn("provider_id", "text").execute();
      await db.schema.alterTable("alert_outbox").addColumn("delivery", "text").execute();
      await db.schema.alterTable("alert_outbox").addColumn("delivery_at", big).execute();
      await db.schema.createIndex("alert_outbox_provider_id").on("alert_outbox").column("provider_id").execute();
      await db.schema.createIndex("alert_outbox_order").on("alert_outbox").column("order_id").execute();

      await db.schema
        .createTable("buyer_push_subscriptions")
        .addColumn("id", id, (c) => (pg ? c.primaryKey() : c.primaryKey().autoIncrement()))
        .addColumn("order_id", "text", (c) => c.notNull())
        .addColumn("endpoint", "text", (c) => c.notNull())
        .addColumn("p256dh", "text", (c) => c.notNull())
        .addColumn("auth", "text", (c) => c.notNull())
        .addColumn("created_at", big, (c) => c.notNull())
        .execute();
      await db.schema
        .createIndex("buyer_push_subscriptions_order_endpoint")
        .on("buyer_push_subscriptions")
        .columns(["order_id", "endpoint"])
        .unique()
        .execute();

      await db.schema
        .createTable("whatsapp_chats")
        .addColumn("wa_id", "text", (c) => c.primaryKey())
        .addColumn("last_inbound_at", big, (c) => c.notNull())
        .addColumn("stopped_at", big)
        .addColumn("updated_at", big, (c) => c.notNull())
        .execute();

      await db.schema
        .createTable("whatsapp_links")
        .addColumn("order_id", "text", (c) => c.primaryKey())
        .addColumn("linked_at", big, (c) => c.notNull())
        .execute();
    },
    async down(db: Kysely<any>) {
      await db.schema.dropTable("whatsapp_links").ifExists().execute();
      await db.schema.dropTable("whatsapp_chats").ifExists().execute();
      await db.schema.dropTable("buyer_push_subscriptions").ifExists().execute();
      await db.schema.dropIndex("alert_outbox_order").ifExists().execute();
      await db.schema.dropIndex("alert_outbox_provider_id").ifExists().execute();
      for (const column of ["delivery_at", "delivery", "provider_id"]) {
        await db.schema.alterTable("alert_outbox").dropColumn(column).execute();
      }
      for (const column of [
        "refund_upi_id",
        "whatsapp_opt_in_version",
        "whatsapp_opt_in_at",
        "locale",
        "customer_email",
      ]) {
        await db.schema.alterTable("orders").dropColumn(column).execute();
      }
    },
  };
}
