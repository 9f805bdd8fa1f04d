import type { Kysely } from "kysely";
import type { Dialect } from "../database.server";

/**
 * Each start of a shop process (issue 52, point 2): when it started, when it
 * stopped cleanly (null while it runs, or when it died), and why the one before
 * it ended, so the Health page and /readyz can say "restarted 4 times in 10
 * minutes after crashes: EACCES …" instead of a supervisor restarting it
 * silently for ever. Only added: an older release runs on it unchanged.
 */
export function processStarts(dialect: Dialect) {
  const big = dialect === "postgres" ? ("bigint" as const) : ("integer" as const);
  return {
    async up(db: Kysely<any>) {
      await db.schema
        .createTable("process_starts")
        .addColumn("id", dialect === "postgres" ? "serial" : "integer", (c) =>
          dialect === "sqlite" ? c.primaryKey().autoIncrement() : c.primaryKey(),
        )
        .addColumn("instance", "text", (c) => c.notNull())
        .addColumn("pid", "integer", (c) => c.notNull())
        .addColumn("release", "text")
        .addColumn("started_at", big, (c) => c.notNull())
        .addColumn("stopped_at", big)
        .addColumn("previous_end", "text")
        .addColumn("previous_crashed", "integer", (c) => c.notNull().defaultTo(0))
        .execute();
      await db.schema.createIndex("process_starts_by_time").on("process_starts").columns(["started_at"]).execute();
    },
    async down(db: Kysely<any>) {
      await db.schema.dropTable("process_starts").execute();
    },
  };
}
