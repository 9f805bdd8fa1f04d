import { type Kysely, sql } from "kysely";
import { targetKey } from "~/domain/orders/target-key";
import type { ServiceType } from "~/domain/panel/service-types";
import type { Dialect } from "../database.server";

/**
 * No overlapping orders at the panel (issue 51, point 5; docs/panels.md,
 * "One order per target at a time"): each order keeps its target normalised
 * (`target_key`, orders/target-key.ts), and a partial unique index lets at most
 * one order per target be at the panel or on its way there (sending, waiting
 * for the panel, of unknown outcome, sent, delivering). Whatever the senders
 * do at once, on one instance or several, the database refuses the second.
 * The statuses are the lifecycle's TARGET_HELD_STATUSES; a change to that list
 * needs a migration that rebuilds this index.
 *
 * Existing orders get their key; of two already at the panel for one target
 * (possible before this), the newer keeps none, so the index can be built.
 */
const HELD = ["sending", "placement_unknown", "waiting_panel", "sent", "delivering"];
const OPEN = [...HELD, "paid", "failed", "refund_due", "awaiting_payment", "payment_claimed"];

export function orderTargetKey(_dialect: Dialect) {
  return {
    async up(db: Kysely<any>) {
      await db.schema.alterTable("orders").addColumn("target_key", "text").execute();
      const rows = (await db
        .selectFrom("orders")
        .select(["id", "service_type", "target", "status"])
        .where("status", "in", OPEN)
        .orderBy("id")
        .execute()) as { id: number; service_type: ServiceType; target: string; status: string }[];
      const held = new Set<string>();
      for (const row of rows) {
        const key = targetKey(row.service_type, row.target);
        if (HELD.includes(row.status)) {
          if (held.has(key)) continue;
          held.add(key);
        }
        await db.updateTable("orders").set({ target_key: key }).where("id", "=", row.id).execute();
      }
      await sql`create index if not exists orders_target_key on orders (target_key)`.execute(db);
      await sql
        .raw(
          `create unique index if not exists orders_one_held_per_target on orders (target_key) ` +
            `where status in (${HELD.map((s) => `'${s}'`).join(", ")})`,
        )
        .execute(db);
    },
    async down(db: Kysely<any>) {
      await sql`drop index if exists orders_one_held_per_target`.execute(db);
      await sql`drop index if exists orders_target_key`.execute(db);
      await db.schema.alterTable("orders").dropColumn("target_key").execute();
    },
  };
}
