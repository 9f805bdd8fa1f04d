import type { Kysely } from "kysely";
import type { Dialect } from "../database.server";

/**
 * Devices the admin has signed in on (issue 45, point 10): a long-lived cookie
 * names one, and a sign-in from it is counted apart from its address, so a
 * stranger's guesses from the same address (a carrier's NAT, a proxy) cannot
 * lock the operator out. The cookie's token is kept only as its SHA-256.
 */
export function adminKnownDevices(dialect: Dialect) {
  const timestamp = dialect === "postgres" ? ("bigint" as const) : ("integer" as const);
  return {
    async up(db: Kysely<any>) {
      await db.schema
        .createTable("admin_known_devices")
        .addColumn("id", "text", (c) => c.primaryKey())
        .addColumn("admin_user_id", "integer", (c) => c.notNull().references("admin_users.id").onDelete("cascade"))
        .addColumn("created_at", timestamp, (c) => c.notNull())
        .addColumn("used_at", timestamp, (c) => c.notNull())
        .addColumn("expires_at", timestamp, (c) => c.notNull())
        .execute();
      await db.schema
        .createIndex("admin_known_devices_expires_at")
        .on("admin_known_devices")
        .column("expires_at")
        .execute();
    },
    async down(db: Kysely<any>) {
      await db.schema.dropTable("admin_known_devices").ifExists().execute();
    },
  };
}
