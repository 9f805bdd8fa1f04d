import { type Kysely, sql } from "kysely";
import type { Dialect } from "../database.server";

/**
 * Searching orders for "@handle" (issue 45, point 12) finds the orders of that
 * Instagram account, also those whose target is one of its posts: an index on
 * the account's name in lower case, which the search compares with.
 */
export function orderAccountSearch(_dialect: Dialect) {
  return {
    async up(db: Kysely<any>) {
      await sql`create index if not exists orders_target_username_lower on orders (lower(target_username))`.execute(db);
    },
    async down(db: Kysely<any>) {
      await sql`drop index if exists orders_target_username_lower`.execute(db);
    },
  };
}
