import type { Kysely } from "kysely";
import type { Dialect } from "../database.server";

/**
 * One row per sign-in lock subject (a client address, an admin and address),
 * upserted at the start of every attempt's transaction: the row lock makes
 * concurrent attempts on one subject count one after another, so a burst
 * cannot slip past the failure limit.
 */
export function loginAttempts(dialect: Dialect) {
  const timestamp = dialect === "postgres" ? ("bigint" as const) : ("integer" as const);
  return {
    async up(db: Kysely<any>) {
      await db.schema
        .createTable("admin_login_gates")
        .addColumn("subject", "text", (c) => c.primaryKey())
        .addColumn("touched_at", timestamp, (c) => c.notNull())
        .execute();
      // Pruning old failures looks them up by time alone.
      await db.schema
        .createIndex("admin_login_failures_failed_at")
        .on("admin_login_failures")
        .column("failed_at")
        .execute();
    },
    async down(db: Kysely<any>) {
      await db.schema.dropIndex("admin_login_failures_failed_at").ifExists().execute();
      await db.schema.dropTable("admin_login_gates").ifExists().execute();
    },
  };
}
