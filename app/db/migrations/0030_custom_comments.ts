import type { Kysely } from "kysely";
import type { Dialect } from "../database.server";

/**
 * Custom comments (issue 32, point 4): a comments plan may be a custom-comments
 * plan (`plans.custom_comments` 0/1), whose buyers write the comments, kept on
 * their order (`orders.comments`, a JSON array of texts) and sent to the panel
 * as `comments`. Existing plans stay random-comments plans.
 */
export function customComments(_dialect: Dialect) {
  return {
    async up(db: Kysely<any>) {
      await db.schema
        .alterTable("plans")
        .addColumn("custom_comments", "integer", (c) => c.notNull().defaultTo(0))
        .execute();
      await db.schema.alterTable("orders").addColumn("comments", "text").execute();
    },
    async down(db: Kysely<any>) {
      await db.schema.alterTable("orders").dropColumn("comments").execute();
      await db.schema.alterTable("plans").dropColumn("custom_comments").execute();
    },
  };
}
