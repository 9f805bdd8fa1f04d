import type { Kysely } from "kysely";
import type { Dialect } from "../database.server";

/**
 * One lease per background job (issue 50, point 2; docs/decisions/0041): the
 * instance that runs a job's round holds it, renewing `expires_at` while the
 * round runs, and keeps `round_until` after it so no other instance runs the
 * same round. Only added: an older release runs on it unchanged.
 */
export function jobLeases(dialect: Dialect) {
  const timestamp = dialect === "postgres" ? ("bigint" as const) : ("integer" as const);
  return {
    async up(db: Kysely<any>) {
      await db.schema
        .createTable("job_leases")
        .addColumn("name", "text", (c) => c.primaryKey())
        .addColumn("holder", "text", (c) => c.notNull())
        .addColumn("round_until", timestamp, (c) => c.notNull())
        .addColumn("expires_at", timestamp, (c) => c.notNull())
        .execute();
    },
    async down(db: Kysely<any>) {
      await db.schema.dropTable("job_leases").ifExists().execute();
    },
  };
}
