import { type DB, transaction } from "~/db/database.server";
import { isUniqueViolation } from "~/db/unique-violation";
import { type Actor, auditBy, recordAudit } from "~/domain/audit/audit.server";
import { plansAtPanel } from "~/domain/plans/plan-costs.server";
import { listPlans } from "~/domain/plans/plans.server";
import { AppError } from "~/lib/app-error";
import { type CostedPlan, belowCostWarnings } from "./below-cost";
import { COUPON_FORM_MESSAGES, type CouponFormInput, couponAmount } from "./coupon-form";
import { findCoupon } from "./coupons.repository.server";
import { couponScope } from "./eligibility";
import type { CouponRow, NewCouponRow } from "./table";

export const CODE_TAKEN = "A coupon with this code already exists";

/** The row's columns from the form; throws INVALID_INPUT for an amount the form's schema should have refused. */
function columns(input: CouponFormInput): Omit<NewCouponRow, "created_at" | "updated_at"> {
  const amount = couponAmount(input.kind, input.amount);
  if (amount === null) {
    const message = input.kind === "percent" ? COUPON_FORM_MESSAGES.percent : COUPON_FORM_MESSAGES.flat;
    throw new AppError("INVALID_INPUT", message, { field: "amount" });
  }
  return {
    code: input.code,
    kind: input.kind,
    amount,
    min_order_paise: input.minOrder,
    service_types: JSON.stringify(input.serviceTypes),
    plan_ids: JSON.stringify(input.planIds),
    starts_at: input.startsAt,
    ends_at: input.endsAt,
    total_uses: input.totalUses,
    uses_per_phone: input.usesPerPhone,
    is_enabled: input.enabled ? 1 : 0,
  };
}

/** What the audit keeps of a coupon: every field the operator sets. */
function summary(row: CouponRow) {
  const { id: _, created_at: __, updated_at: ___, ...fields } = row;
  return fields;
}

function taken(error: unknown): never {
  if (isUniqueViolation(error)) throw new AppError("CONFLICT", CODE_TAKEN, { field: "code" });
  throw error;
}

/** Each change is recorded in the audit log in the same transaction. */
export async function createCoupon(db: DB, actor: Actor, input: CouponFormInput, now = Date.now()): Promise<CouponRow> {
  const values = columns(input);
  return transaction(db, async (trx) => {
    const row = await trx
      .insertInto("coupons")
      .values({ ...values, created_at: now, updated_at: now })
      .returningAll()
      .executeTakeFirstOrThrow();
    await recordAudit(
      trx,
      { ...auditBy(actor), action: "coupon.create", targetType: "coupon", targetId: row.id, details: summary(row) },
      now,
    );
    return row;
  }).catch(taken);
}

export async function updateCoupon(
  db: DB,
  actor: Actor,
  id: number,
  input: CouponFormInput,
  now = Date.now(),
): Promise<CouponRow | null> {
  const values = columns(input);
  return changeCoupon(
    db,
    actor,
    id,
    now,
    () => values,
    (before, after) => ({
      action: "coupon.update",
      details: { before: summary(before), after: summary(after) },
    }),
  ).catch(taken);
}

export async function toggleCoupon(db: DB, actor: Actor, id: number, now = Date.now()): Promise<CouponRow | null> {
  return changeCoupon(
    db,
    actor,
    id,
    now,
    (before) => ({ is_enabled: before.is_enabled === 1 ? 0 : 1 }),
    (_, after) => ({
      action: after.is_enabled === 1 ? "coupon.enable" : "coupon.disable",
      details: { code: after.code },
    }),
  );
}

/** Changes one coupon (none with this id: null) and records the change in the audit, in one transaction. */
async function changeCoupon(
  db: DB,
  actor: Actor,
  id: number,
  now: number,
  change: (before: CouponRow) => Partial<NewCouponRow>,
  audit: (before: CouponRow, after: CouponRow) => { action: string; details: Record<string, unknown> },
): Promise<CouponRow | null> {
  return transaction(db, async (trx) => {
    const before = await findCoupon(trx, id);
    if (!before) return null;
    const after = await trx
      .updateTable("coupons")
      .set({ ...change(before), updated_at: now })
      .where("id", "=", id)
      .returningAll()
      .executeTakeFirstOrThrow();
    await recordAudit(trx, { ...auditBy(actor), targetType: "coupon", targetId: id, ...audit(before, after) }, now);
    return after;
  });
}

/** The shop's enabled plans with their panel's cost for their quantity (as the Plans table shows it). */
export async function costedPlans(db: DB): Promise<CostedPlan[]> {
  const plans = await listPlans(db, { enabledOnly: true });
  const atPanel = await plansAtPanel(db, plans);
  return plans.map((plan, i) => ({ ...plan, costPaise: atPanel[i]!.cost.costPaise }));
}

/** The below-cost warnings of a saved coupon (below-cost.ts). */
export function warningsFor(coupon: CouponRow, plans: readonly CostedPlan[]): string[] {
  return belowCostWarnings(
    {
      code: coupon.code,
      kind: coupon.kind,
      amount: coupon.amount,
      minOrderPaise: coupon.min_order_paise,
      scope: couponScope(coupon),
    },
    plans,
  );
}
