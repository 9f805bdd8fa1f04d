import type { Kysely } from "kysely";
import type { Dialect } from "../database.server";

/** Who did it from where: the audit trail records the client's address and browser, and can be filtered. */
export function auditClient(_dialect: Dialect) {
  return {
    async up(db: Kysely<any>) {
      await db.schema.alterTable("audit_log").addColumn("client_ip", "text").execute();
      await db.schema.alterTable("audit_log").addColumn("user_agent", "text").execute();
      await db.schema.createIndex("audit_log_action_at").on("audit_log").columns(["action", "at"]).execute();
      await db.schema.createIndex("audit_log_actor_at").on("audit_log").columns(["actor", "at"]).execute();
    },
    async down(db: Kysely<any>) {
      await db.schema.dropIndex("audit_log_actor_at").ifExists().execute();
      await db.schema.dropIndex("audit_log_action_at").ifExists().execute();
      await db.schema.alterTable("audit_log").dropColumn("user_agent").execute();
      await db.schema.alterTable("audit_log").dropColumn("client_ip").execute();
    },
  };
}
