import type { Kysely } from "kysely";
import type { Dialect } from "../database.server";

/**
 * Operator alerts: one row per (event, channel), written in the transaction of
 * the change that caused it and sent later by a background job. The unique
 * (event_key, channel) pair keeps an event from being queued twice; the
 * status, attempt count and claim time let several instances share the work
 * without sending one row twice, and a crashed sender's row be taken over.
 * Web Push subscriptions are kept per device (the browser's endpoint, once).
 */
export function alertOutbox(dialect: Dialect) {
  const pg = dialect === "postgres";
  const big = pg ? ("bigint" as const) : ("integer" as const);
  return {
    async up(db: Kysely<any>) {
      await db.schema
        .createTable("alert_outbox")
        .addColumn("id", pg ? "serial" : "integer", (c) => (pg ? c.primaryKey() : c.primaryKey().autoIncrement()))
        .addColumn("event_key", "text", (c) => c.notNull())
        .addColumn("channel", "text", (c) => c.notNull())
        .addColumn("event", "text", (c) => c.notNull())
        .addColumn("order_id", "text")
        .addColumn("facts", "text", (c) => c.notNull())
        .addColumn("status", "text", (c) => c.notNull())
        .addColumn("attempts", "integer", (c) => c.notNull().defaultTo(0))
        .addColumn("next_attempt_at", big, (c) => c.notNull())
        .addColumn("claimed_at", big)
        .addColumn("last_error", "text")
        .addColumn("created_at", big, (c) => c.notNull())
        .addColumn("sent_at", big)
        .execute();
      await db.schema
        .createIndex("alert_outbox_event_channel")
        .on("alert_outbox")
        .columns(["event_key", "channel"])
        .unique()
        .execute();
      await db.schema
        .createIndex("alert_outbox_due")
        .on("alert_outbox")
        .columns(["status", "next_attempt_at"])
        .execute();
      await db.schema
        .createTable("alert_push_subscriptions")
        .addColumn("id", pg ? "serial" : "integer", (c) => (pg ? c.primaryKey() : c.primaryKey().autoIncrement()))
        .addColumn("endpoint", "text", (c) => c.notNull().unique())
        .addColumn("p256dh", "text", (c) => c.notNull())
        .addColumn("auth", "text", (c) => c.notNull())
        .addColumn("device", "text", (c) => c.notNull())
        .addColumn("created_at", big, (c) => c.notNull())
        .execute();
    },
    async down(db: Kysely<any>) {
      await db.schema.dropTable("alert_push_subscriptions").ifExists().execute();
      await db.schema.dropTable("alert_outbox").ifExists().execute();
    },
  };
}
