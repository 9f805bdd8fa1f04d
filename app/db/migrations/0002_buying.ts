import type { Kysely } from "kysely";
import type { Dialect } from "../database.server";

/**
 * Likes and comments orders target a post link but the buyer also names the
 * account; keeping the handle lets the admin see it and the Recent Orders box
 * show it masked.
 */
export function buyingSchema(_dialect: Dialect) {
  return {
    async up(db: Kysely<any>) {
      await db.schema.alterTable("orders").addColumn("target_username", "text").execute();
    },
    async down(db: Kysely<any>) {
      await db.schema.alterTable("orders").dropColumn("target_username").execute();
    },
  };
}
