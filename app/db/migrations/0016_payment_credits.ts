import type { Kysely } from "kysely";
import type { Dialect } from "../database.server";

/**
 * Payments that confirm themselves: credits reported by bank alerts (SMS,
 * e-mail) or a gateway are matched to orders by an amount unique among open
 * orders. `payment_amount_holds` makes that amount unique under concurrent
 * checkouts (its primary key is the amount); `payment_credits` keeps every
 * credit once, with what it matched or why it did not; `payment_replay_guard`
 * remembers signed requests already seen so a captured one cannot be replayed.
 */
export function paymentCredits(dialect: Dialect) {
  const pg = dialect === "postgres";
  const big = pg ? ("bigint" as const) : ("integer" as const);
  return {
    async up(db: Kysely<any>) {
      /** What the buyer was asked to pay, before the paise taken off for uniqueness. */
      await db.schema.alterTable("orders").addColumn("listed_price_paise", big).execute();

      await db.schema
        .createTable("payment_amount_holds")
        .addColumn("amount_paise", big, (c) => c.primaryKey())
        .addColumn("order_id", "text", (c) => c.notNull())
        .addColumn("held_until", big, (c) => c.notNull())
        .execute();

      await db.schema
        .createTable("payment_credits")
        .addColumn("id", pg ? "serial" : "integer", (c) => (pg ? c.primaryKey() : c.primaryKey().autoIncrement()))
        .addColumn("source", "text", (c) => c.notNull())
        .addColumn("dedupe_key", "text", (c) => c.notNull())
        .addColumn("amount_paise", big)
        .addColumn("utr", "text")
        .addColumn("payer_vpa", "text")
        .addColumn("credited_at", big)
        .addColumn("received_at", big, (c) => c.notNull())
        .addColumn("evidence", "text", (c) => c.notNull())
        .addColumn("status", "text", (c) => c.notNull())
        .addColumn("reason", "text")
        .addColumn("order_id", "text")
        .addColumn("resolved_by", "text")
        .addColumn("resolved_at", big)
        .addColumn("resolution_note", "text")
        .addUniqueConstraint("payment_credits_source_key", ["source", "dedupe_key"])
        .execute();
      await db.schema
        .createIndex("payment_credits_status")
        .on("payment_credits")
        .columns(["status", "received_at"])
        .execute();
      await db.schema.createIndex("payment_credits_utr").on("payment_credits").column("utr").execute();

      await db.schema
        .createTable("payment_replay_guard")
        .addColumn("key", "text", (c) => c.primaryKey())
        .addColumn("expires_at", big, (c) => c.notNull())
        .execute();
      await db.schema
        .createIndex("payment_replay_guard_expires")
        .on("payment_replay_guard")
        .column("expires_at")
        .execute();
    },
    async down(db: Kysely<any>) {
      await db.schema.dropTable("payment_replay_guard").ifExists().execute();
      await db.schema.dropTable("payment_credits").ifExists().execute();
      await db.schema.dropTable("payment_amount_holds").ifExists().execute();
      await db.schema.alterTable("orders").dropColumn("listed_price_paise").execute();
    },
  };
}
