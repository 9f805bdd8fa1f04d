import type { Kysely } from "kysely";
import type { Dialect } from "../database.server";

/**
 * What the Health page reads: each background job's last run and last error
 * (one row per job, shared by every instance), and each problem the health
 * check found, from when, so its operator alert is raised once per episode.
 */
export function operations(dialect: Dialect) {
  const big = dialect === "postgres" ? ("bigint" as const) : ("integer" as const);
  return {
    async up(db: Kysely<any>) {
      await db.schema
        .createTable("job_runs")
        .addColumn("name", "text", (c) => c.primaryKey())
        .addColumn("interval_ms", big, (c) => c.notNull())
        .addColumn("last_run_at", big, (c) => c.notNull())
        .addColumn("last_ok_at", big)
        .addColumn("last_error", "text")
        .addColumn("last_error_at", big)
        .addColumn("failing_since", big)
        .execute();
      await db.schema
        .createTable("health_problems")
        .addColumn("check_key", "text", (c) => c.primaryKey())
        .addColumn("since", big, (c) => c.notNull())
        .addColumn("detail", "text", (c) => c.notNull())
        .execute();
    },
    async down(db: Kysely<any>) {
      await db.schema.dropTable("health_problems").execute();
      await db.schema.dropTable("job_runs").execute();
    },
  };
}
