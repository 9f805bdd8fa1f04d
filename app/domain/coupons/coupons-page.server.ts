import type { DB } from "~/db/database.server";
import { costedPlans, warningsFor } from "./coupon-admin.server";
import { type AdminCoupon, adminCoupon } from "./coupon-view";
import { listCoupons, usesByCoupon } from "./coupons.repository.server";

/** Admin → Coupons: every coupon with its uses and below-cost warnings, and the plans a coupon may be limited to. */
export async function couponsPage(db: DB): Promise<{
  coupons: AdminCoupon[];
  plans: { id: number; name: string; serviceType: string }[];
}> {
  const [rows, uses, plans] = await Promise.all([listCoupons(db), usesByCoupon(db), costedPlans(db)]);
  return {
    coupons: rows.map((row) =>
      adminCoupon(row, uses.get(row.id) ?? 0, row.is_enabled === 1 ? warningsFor(row, plans) : []),
    ),
    plans: plans.map((p) => ({ id: p.id, name: p.name, serviceType: p.service_type })),
  };
}
