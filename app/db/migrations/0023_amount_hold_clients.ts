import type { Kysely } from "kysely";
import type { Dialect } from "../database.server";

/**
 * Who asked for each held amount: the client's address (an IPv6 client as its /64). A flood of
 * checkouts from one client can then hold only a small share of a price's unique amounts
 * (app/domain/payments/unique-amount.server.ts). Empty for holds made before.
 */
export function amountHoldClients(_dialect: Dialect) {
  return {
    async up(db: Kysely<any>) {
      await db.schema.alterTable("payment_amount_holds").addColumn("client_address", "text").execute();
    },
    async down(db: Kysely<any>) {
      await db.schema.alterTable("payment_amount_holds").dropColumn("client_address").execute();
    },
  };
}
