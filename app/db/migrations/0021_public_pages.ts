import type { Kysely } from "kysely";
import type { Dialect } from "../database.server";

/**
 * One counter that every write changing what the public pages show bumps in
 * its own transaction, so every instance sharing the database can tell that
 * its in-memory copies of those pages are out of date by reading one row.
 */
export function publicPages(dialect: Dialect) {
  const big = dialect === "postgres" ? ("bigint" as const) : ("integer" as const);
  return {
    async up(db: Kysely<any>) {
      await db.schema
        .createTable("public_pages_generation")
        .addColumn("id", "integer", (c) => c.primaryKey())
        .addColumn("generation", big, (c) => c.notNull())
        .execute();
      await db.insertInto("public_pages_generation").values({ id: 1, generation: 0 }).execute();
    },
    async down(db: Kysely<any>) {
      await db.schema.dropTable("public_pages_generation").execute();
    },
  };
}
