import type { Kysely } from "kysely";
import type { Dialect } from "../database.server";

/**
 * Testimonials and before/after proof cards the operator writes in the admin.
 * A row is a draft until published; only published rows reach the public
 * site. The "creators boosted" claim stops being a setting (it is counted
 * from delivered orders), so its stored value is removed.
 */
export function socialProof(dialect: Dialect) {
  const pg = dialect === "postgres";
  const big = pg ? ("bigint" as const) : ("integer" as const);
  const id = pg ? ("serial" as const) : ("integer" as const);
  return {
    async up(db: Kysely<any>) {
      await db.schema
        .createTable("testimonials")
        .addColumn("id", id, (c) => (pg ? c.primaryKey() : c.primaryKey().autoIncrement()))
        .addColumn("name", "text", (c) => c.notNull())
        .addColumn("handle", "text", (c) => c.notNull())
        .addColumn("content", "text", (c) => c.notNull())
        .addColumn("rating", "integer", (c) => c.notNull())
        .addColumn("given_on", "text", (c) => c.notNull())
        .addColumn("language", "text", (c) => c.notNull())
        .addColumn("published", "integer", (c) => c.notNull().defaultTo(0))
        .addColumn("created_at", big, (c) => c.notNull())
        .addColumn("updated_at", big, (c) => c.notNull())
        .execute();
      await db.schema.createIndex("testimonials_published").on("testimonials").columns(["published", "id"]).execute();
      await db.schema
        .createTable("proof_cards")
        .addColumn("id", id, (c) => (pg ? c.primaryKey() : c.primaryKey().autoIncrement()))
        .addColumn("service_type", "text", (c) => c.notNull())
        .addColumn("title", "text", (c) => c.notNull())
        .addColumn("description", "text", (c) => c.notNull())
        .addColumn("before_label", "text", (c) => c.notNull())
        .addColumn("before_value", "text", (c) => c.notNull())
        .addColumn("after_label", "text", (c) => c.notNull())
        .addColumn("after_value", "text", (c) => c.notNull())
        /** JSON array of { label, value }. */
        .addColumn("stats", "text", (c) => c.notNull())
        .addColumn("verified", "integer", (c) => c.notNull().defaultTo(0))
        .addColumn("published", "integer", (c) => c.notNull().defaultTo(0))
        .addColumn("created_at", big, (c) => c.notNull())
        .addColumn("updated_at", big, (c) => c.notNull())
        .execute();
      await db.schema.createIndex("proof_cards_published").on("proof_cards").columns(["published", "id"]).execute();
      await db.deleteFrom("settings").where("key", "=", "CREATORS_BOOSTED").execute();
    },
    async down(db: Kysely<any>) {
      await db.schema.dropTable("proof_cards").ifExists().execute();
      await db.schema.dropTable("testimonials").ifExists().execute();
    },
  };
}
