import type { Kysely } from "kysely";
import type { Dialect } from "../database.server";

/**
 * The buyer's billing address on an order (issue 51, point 2; docs/receipts.md,
 * "The buyer's address"): asked at checkout only while the shop issues tax
 * invoices (a GSTIN is set), as CGST rule 46(f)'s proviso for online services
 * to unregistered recipients asks. The address and PIN code are erased with
 * the buyer's name; the State code stays (the place of supply, and so the
 * tax, rests on it). All null on orders placed without it.
 */
export function billingAddress(_dialect: Dialect) {
  return {
    async up(db: Kysely<any>) {
      await db.schema.alterTable("orders").addColumn("billing_address", "text").execute();
      await db.schema.alterTable("orders").addColumn("billing_pin", "text").execute();
      await db.schema.alterTable("orders").addColumn("billing_state", "text").execute();
    },
    async down(db: Kysely<any>) {
      await db.schema.alterTable("orders").dropColumn("billing_state").execute();
      await db.schema.alterTable("orders").dropColumn("billing_pin").execute();
      await db.schema.alterTable("orders").dropColumn("billing_address").execute();
    },
  };
}
