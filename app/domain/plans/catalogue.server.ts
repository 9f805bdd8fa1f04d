import type { DB } from "~/db/database.server";
import { MIN_PLAN_QUANTITY } from "./plans.server";
import type { ServiceType } from "~/domain/panel/service-types";

/** Cheapest orderable price per service, for "from ₹X" on the storefront. */
export async function startingPrices(db: DB): Promise<Partial<Record<ServiceType, number>>> {
  const rows = await db
    .selectFrom("plans")
    .select(["service_type", (eb) => eb.fn.min<number>("price_paise").as("min")])
    .where("is_enabled", "=", 1)
    .where("quantity", ">=", MIN_PLAN_QUANTITY)
    .groupBy("service_type")
    .execute();
  return Object.fromEntries(rows.map((r) => [r.service_type, Number(r.min)]));
}
