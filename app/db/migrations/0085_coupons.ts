import type { Kysely } from "kysely";
import type { Dialect } from "../database.server";

/**
 * Coupons (issue 51, point 6): one row per code the operator runs, and on
 * each order the code it was bought with and the discount taken off the
 * plan's price. `price_paise` stays what the buyer pays (after the discount);
 * `discount_paise` is 0 on every order without a code, so a receipt's
 * discount line reads these two columns alone. `coupon_id` names the coupon
 * its uses are counted against (docs/coupons.md), whatever its code becomes.
 */
export function coupons(dialect: Dialect) {
  const pg = dialect === "postgres";
  const big = pg ? ("bigint" as const) : ("integer" as const);
  return {
    async up(db: Kysely<any>) {
      await db.schema
        .createTable("coupons")
        .addColumn("id", pg ? "serial" : "integer", (c) => (pg ? c.primaryKey() : c.primaryKey().autoIncrement()))
        // Upper case: codes are compared without regard to case, and unique so.
        .addColumn("code", "text", (c) => c.notNull().unique())
        .addColumn("kind", "text", (c) => c.notNull())
        // Percent: whole percent (1–100); flat: paise.
        .addColumn("amount", "integer", (c) => c.notNull())
        .addColumn("min_order_paise", big, (c) => c.notNull().defaultTo(0))
        // JSON arrays; empty: every service, every plan.
        .addColumn("service_types", "text", (c) => c.notNull().defaultTo("[]"))
        .addColumn("plan_ids", "text", (c) => c.notNull().defaultTo("[]"))
        .addColumn("starts_at", big)
        .addColumn("ends_at", big)
        .addColumn("total_uses", "integer")
        .addColumn("uses_per_phone", "integer")
        .addColumn("is_enabled", "integer", (c) => c.notNull().defaultTo(1))
        .addColumn("created_at", big, (c) => c.notNull())
        .addColumn("updated_at", big, (c) => c.notNull())
        .execute();
      await db.schema.alterTable("orders").addColumn("coupon_code", "text").execute();
      await db.schema
        .alterTable("orders")
        .addColumn("discount_paise", big, (c) => c.notNull().defaultTo(0))
        .execute();
      await db.schema.alterTable("orders").addColumn("coupon_id", "integer").execute();
      // A checkout counts its coupon's uses, and its phone's, with these.
      await db.schema
        .createIndex("orders_by_coupon")
        .on("orders")
        .columns(["coupon_id", "customer_phone"])
        .where("coupon_id", "is not", null)
        .execute();
    },
    async down(db: Kysely<any>) {
      await db.schema.dropIndex("orders_by_coupon").ifExists().execute();
      await db.schema.alterTable("orders").dropColumn("coupon_id").execute();
      await db.schema.alterTable("orders").dropColumn("discount_paise").execute();
      await db.schema.alterTable("orders").dropColumn("coupon_code").execute();
      await db.schema.dropTable("coupons").ifExists().execute();
    },
  };
}
