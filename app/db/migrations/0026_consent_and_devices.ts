import type { Kysely } from "kysely";
import type { Dialect } from "../database.server";

/**
 * The buyer's agreement to the terms (18 or older) on their order: when, and
 * to which version of the terms. And the admin's sessions: whether the
 * operator asked this device to be remembered (up to 30 days instead of 2
 * hours), which device that was, and when the password was last typed on it
 * (danger zone, secrets, account changes and restores ask for it again after
 * 15 minutes).
 */
export function consentAndDevices(dialect: Dialect) {
  const big = dialect === "postgres" ? ("bigint" as const) : ("integer" as const);
  return {
    async up(db: Kysely<any>) {
      await db.schema.alterTable("orders").addColumn("terms_agreed_at", big).execute();
      await db.schema.alterTable("orders").addColumn("terms_version", "text").execute();
      await db.schema
        .alterTable("admin_sessions")
        .addColumn("remembered", "integer", (c) => c.notNull().defaultTo(0))
        .execute();
      await db.schema.alterTable("admin_sessions").addColumn("device", "text").execute();
      await db.schema.alterTable("admin_sessions").addColumn("password_at", big).execute();
    },
    async down(db: Kysely<any>) {
      for (const column of ["remembered", "device", "password_at"]) {
        await db.schema.alterTable("admin_sessions").dropColumn(column).execute();
      }
      await db.schema.alterTable("orders").dropColumn("terms_version").execute();
      await db.schema.alterTable("orders").dropColumn("terms_agreed_at").execute();
    },
  };
}
