import { type Kysely, sql } from "kysely";
import type { Dialect } from "../database.server";

/**
 * Receiving accounts (issue 44, point 1): the UPI IDs buyers pay, each with
 * its kind (business or personal), its bank, the account's last digits as
 * its alerts print them, an optional daily cap and a pause switch.
 *
 * - The shop's one UPI ID (the `VITE_UPI_ID` setting, or the placeholder a
 *   fresh shop had when it was never saved) becomes account 1, a business
 *   account (its checkout links keep `tr`, as before), and the setting's row
 *   goes: the record holds it, and the setting's name reads and writes it.
 * - Orders keep the account they showed (`receiving_account_id`, and its UPI
 *   ID as shown, `receiving_upi_id`); every existing order belongs to account 1.
 *   `payment_received_paise` is what the credit that paid it said (issue 45,
 *   point 2: a surplus or a shortfall is kept).
 * - Unique amounts are per account: `payment_amount_holds` is keyed by
 *   (account_id, amount_paise), and each hold also records the client's wider
 *   networks (an IPv6 client's /56 and /48, an IPv4 client's /24) so a flood from
 *   many addresses of one network holds only a small share (issue 44, point 6).
 */
export const PLACEHOLDER_UPI_ID = "placeholder-change-me@upi";

export function receivingAccounts(dialect: Dialect) {
  const pg = dialect === "postgres";
  const big = pg ? ("bigint" as const) : ("integer" as const);
  return {
    async up(db: Kysely<any>) {
      await db.schema
        .createTable("receiving_accounts")
        .addColumn("id", pg ? "serial" : "integer", (c) => (pg ? c.primaryKey() : c.primaryKey().autoIncrement()))
        .addColumn("upi_id", "text", (c) => c.notNull().unique())
        .addColumn("kind", "text", (c) => c.notNull())
        .addColumn("bank_id", "text")
        .addColumn("account_digits", "text")
        .addColumn("daily_cap_paise", big)
        .addColumn("daily_cap_payments", "integer")
        .addColumn("paused", "integer", (c) => c.notNull().defaultTo(0))
        .addColumn("created_at", big, (c) => c.notNull())
        .addColumn("updated_at", big, (c) => c.notNull())
        .execute();

      const saved: { value: string } | undefined = await db
        .selectFrom("settings")
        .select("value")
        .where("key", "=", "VITE_UPI_ID")
        .executeTakeFirst();
      const upiId = saved?.value.trim().toLowerCase() || PLACEHOLDER_UPI_ID;
      const now = Date.now();
      const inserted = await db
        .insertInto("receiving_accounts")
        .values({ upi_id: upiId, kind: "business", paused: 0, created_at: now, updated_at: now })
        .returning("id")
        .executeTakeFirstOrThrow();
      const accountId = Number(inserted.id);
      await db.deleteFrom("settings").where("key", "=", "VITE_UPI_ID").execute();

      await db.schema.alterTable("orders").addColumn("receiving_account_id", "integer").execute();
      await db.schema.alterTable("orders").addColumn("receiving_upi_id", "text").execute();
      await db.schema.alterTable("orders").addColumn("payment_received_paise", big).execute();
      await db.updateTable("orders").set({ receiving_account_id: accountId, receiving_upi_id: upiId }).execute();
      await db.schema
        .createIndex("orders_receiving_account")
        .on("orders")
        .columns(["receiving_account_id", "created_at"])
        .execute();

      await db.schema
        .createTable("payment_amount_holds_0040")
        .addColumn("account_id", "integer", (c) => c.notNull())
        .addColumn("amount_paise", big, (c) => c.notNull())
        .addColumn("order_id", "text", (c) => c.notNull())
        .addColumn("held_until", big, (c) => c.notNull())
        .addColumn("client_address", "text")
        .addColumn("client_network", "text")
        .addColumn("client_wide", "text")
        .addPrimaryKeyConstraint("payment_amount_holds_pk", ["account_id", "amount_paise"])
        .execute();
      await db
        .insertInto("payment_amount_holds_0040")
        .columns(["account_id", "amount_paise", "order_id", "held_until", "client_address"])
        .expression(
          db
            .selectFrom("payment_amount_holds")
            .select([sql.lit(accountId).as("account_id"), "amount_paise", "order_id", "held_until", "client_address"]),
        )
        .execute();
      await db.schema.dropTable("payment_amount_holds").execute();
      await db.schema.alterTable("payment_amount_holds_0040").renameTo("payment_amount_holds").execute();
    },
    down() {
      return Promise.reject(new Error("The receiving accounts migration cannot be undone: restore a backup instead"));
    },
  };
}
