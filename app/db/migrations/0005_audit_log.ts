import type { Kysely } from "kysely";
import type { Dialect } from "../database.server";

export function auditLog(dialect: Dialect) {
  const pg = dialect === "postgres";
  return {
    async up(db: Kysely<any>) {
      await db.schema
        .createTable("audit_log")
        .addColumn("id", pg ? "serial" : "integer", (c) => (pg ? c.primaryKey() : c.primaryKey().autoIncrement()))
        .addColumn("at", pg ? "bigint" : "integer", (c) => c.notNull())
        .addColumn("actor", "text", (c) => c.notNull())
        .addColumn("action", "text", (c) => c.notNull())
        .addColumn("target_type", "text")
        .addColumn("target_id", "text")
        .addColumn("details", "text")
        .execute();
      await db.schema.createIndex("audit_log_at").on("audit_log").column("at").execute();
      await db.schema
        .createIndex("audit_log_target")
        .on("audit_log")
        .columns(["target_type", "target_id", "at"])
        .execute();
    },
    async down(db: Kysely<any>) {
      await db.schema.dropTable("audit_log").ifExists().execute();
    },
  };
}
