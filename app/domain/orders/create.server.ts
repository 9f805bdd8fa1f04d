import type { AppServices } from "~/context";
import { MIN_PLAN_QUANTITY, findPlan } from "~/domain/plans/plans.server";
import { isUpiConfigured } from "~/domain/payments/upi";
import { validateBuyer } from "./buyer";
import { validateTarget } from "./instagram-input";
import { generateOrderId } from "./order-id";
import type { OrderRow } from "./table";

export const CREATE_ORDER_MESSAGES = {
  noPlan: "No plan selected. Please try again.",
  planUnavailable: "This package is no longer available. Please choose another one.",
  minimumQuantity: "The minimum allowed quantity is 100. Please select a higher plan.",
  paymentSetup: "Failed to create payment. Please try again or contact support.",
} as const;

/** What the buyer may choose. Price, quantity, status and order id are the shop's, never the client's. */
export interface CreateOrderInput {
  planId: number | null;
  username?: string | null;
  postLink?: string | null;
  customerName: string;
  customerPhone: string;
  /** Client-chosen key; a retried request with the same key gets the same order back. */
  idempotencyKey?: string | null;
}

export type CreateOrderResult =
  | { ok: true; order: OrderRow; created: boolean }
  | { ok: false; status: number; message: string; code?: "MIN_QUANTITY" | "PAYMENT_SETUP" };

type Services = Pick<AppServices, "db" | "settings" | "config">;

export async function createOrder(
  { db, settings, config }: Services,
  input: CreateOrderInput,
  now = Date.now(),
): Promise<CreateOrderResult> {
  if (input.idempotencyKey) {
    const existing = await findByKey(db, input.idempotencyKey);
    if (existing) return { ok: true, order: existing, created: false };
  }
  if (input.planId === null) return { ok: false, status: 400, message: CREATE_ORDER_MESSAGES.noPlan };

  const buyer = validateBuyer(input.customerName, input.customerPhone);
  if (!buyer.ok) return { ok: false, status: 400, message: buyer.message };

  const plan = await findPlan(db, input.planId);
  if (!plan || plan.is_enabled !== 1) {
    return { ok: false, status: 404, message: CREATE_ORDER_MESSAGES.planUnavailable };
  }
  if (plan.quantity < MIN_PLAN_QUANTITY) {
    return { ok: false, status: 422, message: CREATE_ORDER_MESSAGES.minimumQuantity, code: "MIN_QUANTITY" };
  }
  const target = validateTarget(plan.service_type, { username: input.username, postLink: input.postLink });
  if (!target.ok) return { ok: false, status: 400, message: target.message };

  const site = await settings.get();
  if (!isUpiConfigured(site.upiId, site.merchantName)) {
    return { ok: false, status: 503, message: CREATE_ORDER_MESSAGES.paymentSetup, code: "PAYMENT_SETUP" };
  }

  const row = {
    idempotency_key: input.idempotencyKey || null,
    service_type: plan.service_type,
    plan_id: plan.id,
    plan_name: plan.name,
    target: target.target,
    target_username: target.username,
    quantity: plan.quantity,
    price_paise: plan.price_paise,
    status: "pending" as const,
    customer_name: buyer.name,
    customer_phone: buyer.phone,
    payment_deadline_at: now + config.PAYMENT_WINDOW_SECONDS * 1000,
    created_at: now,
    updated_at: now,
  };

  // 50 random bits make an order-id clash practically impossible; one more draw covers it anyway.
  for (let attempt = 0; ; attempt++) {
    try {
      const inserted = await db
        .insertInto("orders")
        .values({ ...row, order_id: generateOrderId() })
        .onConflict((oc) => oc.column("idempotency_key").doNothing())
        .returningAll()
        .executeTakeFirst();
      if (inserted) return { ok: true, order: inserted, created: true };
      // Another request with the same key won the race: answer with its order.
      const winner = await findByKey(db, input.idempotencyKey!);
      if (winner) return { ok: true, order: winner, created: false };
      throw new Error("order insert was skipped but no order holds its idempotency key");
    } catch (error) {
      if (attempt >= 2 || !isUniqueViolation(error)) throw error;
    }
  }
}

function findByKey(db: Services["db"], key: string) {
  return db.selectFrom("orders").selectAll().where("idempotency_key", "=", key).executeTakeFirst();
}

export function isUniqueViolation(error: unknown): boolean {
  const e = error as { code?: string; message?: string } | null;
  return (
    e?.code === "23505" || e?.code === "SQLITE_CONSTRAINT_UNIQUE" || /UNIQUE constraint failed/.test(e?.message ?? "")
  );
}
