import type { Kysely } from "kysely";
import type { Dialect } from "../database.server";

/**
 * What the shop pays a buyer on top of the refund when it cancels a paid
 * order itself (issue 51, point 4): the cancellation fee a buyer pays when
 * they cancel, borne the other way (Consumer Protection (E-Commerce) Rules
 * 2020, rule 4(6)). Already inside `refund_due_paise`; kept apart so the order
 * page and the export can show it. Null on orders before it and on any other refund.
 */
export function refundCompensation(dialect: Dialect) {
  const big = dialect === "postgres" ? ("bigint" as const) : ("integer" as const);
  return {
    async up(db: Kysely<any>) {
      await db.schema.alterTable("orders").addColumn("refund_compensation_paise", big).execute();
    },
    async down(db: Kysely<any>) {
      await db.schema.alterTable("orders").dropColumn("refund_compensation_paise").execute();
    },
  };
}
