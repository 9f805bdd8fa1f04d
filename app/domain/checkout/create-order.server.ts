import { isUniqueViolation } from "~/db/unique-violation";
import type { AppServices } from "~/context";
import { writeTransaction } from "~/db/database.server";
import { MIN_PLAN_QUANTITY } from "~/domain/plans/plans.server";
import { holdUniqueAmount } from "~/domain/payments/unique-amount.server";
import { paymentsRefusal } from "~/domain/payments/payments-open";
import { isUpiConfigured } from "~/domain/payments/upi";
import { chooseAccount, offeredAccounts } from "~/domain/payments/accounts/choose.server";
import type { ClientNetworks } from "~/lib/client-address";
import { AppError, isAppError } from "~/lib/app-error";
import { TERMS_VERSION } from "~/domain/content/terms-version";
import { BUYER_MESSAGES, WHATSAPP_OPT_IN_VERSION, readBuyerEmail, validateBuyer } from "~/domain/orders/buyer-contact";
import { readComments } from "~/domain/orders/custom-comments";
import { validateTarget } from "~/domain/orders/instagram-input";
import { generateOrderId } from "~/domain/orders/order-id.server";
import { findOrderByIdempotencyKey, insertOrder, openOrderForTarget } from "~/domain/orders/orders.repository.server";
import { targetKey } from "~/domain/orders/target-key";
import type { OrderRow } from "~/domain/orders/table";
import { CREATE_ORDER_MESSAGES } from "~/domain/orders/order-messages";
import { type AppliedCoupon, applyCoupon, readCode } from "~/domain/coupons/redeem.server";
import { type BillingAddress, readBillingAddress } from "~/domain/receipts/billing-address";
import { checkoutCatalog } from "./catalog.server";

export { CREATE_ORDER_MESSAGES };

/** What the buyer may choose. Price, quantity, status and order id are the shop's, never the client's. */
export interface CreateOrderInput {
  planId: number | null;
  username?: string | null;
  postLink?: string | null;
  customerName: string;
  customerPhone: string;
  /** A custom-comments plan's comments, one per line; ignored for any other plan. */
  comments?: string | null;
  /** The buyer ticked "I agree to the Terms … and confirm I am 18 or older"; no order is made without it. */
  agreedToTerms: boolean;
  /** Optional: the receipt and updates by e-mail. */
  customerEmail?: string | null;
  /** The buyer ticked the (unticked) "Send me order updates on WhatsApp": business-initiated updates allowed. */
  whatsappUpdates?: boolean;
  /** The language the buyer ordered in ("en" or "hi"). */
  locale?: "en" | "hi";
  /** A coupon code as the buyer typed it (any case); the shop checks it and prices the order by it. */
  couponCode?: string | null;
  /**
   * The buyer's billing address, PIN code and GST State code: required while the shop has a GSTIN (its
   * tax invoices name the buyer, rule 46(f)), ignored otherwise (app/domain/receipts/billing-address.ts).
   */
  billingAddress?: string | null;
  billingPin?: string | null;
  billingState?: string | null;
  /** Client-chosen key; a retried request with the same key gets the same order back. */
  idempotencyKey?: string | null;
  /** The client's public networks (clientNetworks): one client or network holds only a small share of a price's amounts. */
  client?: ClientNetworks | null;
}

export interface CreateOrderResult {
  order: OrderRow;
  /** False when an earlier request with the same idempotency key already made it. */
  created: boolean;
}

type Services = Pick<AppServices, "db" | "settings" | "config">;

/**
 * A new order awaiting payment, priced by the shop. Throws AppError codes for what the buyer must change.
 * A retried key gets its first order back: the order insert finds it (ON CONFLICT), and a retry refused
 * before the insert (the plan since disabled) looks for it before it refuses (ADR 0052).
 */
export async function createOrder(
  services: Services,
  input: CreateOrderInput,
  now = Date.now(),
): Promise<CreateOrderResult> {
  try {
    return await placeOrder(services, input, now);
  } catch (error) {
    const existing =
      isAppError(error) && input.idempotencyKey
        ? await findOrderByIdempotencyKey(services.db, input.idempotencyKey)
        : undefined;
    if (existing) return { order: existing, created: false };
    throw error;
  }
}

async function placeOrder(
  { db, settings, config }: Services,
  input: CreateOrderInput,
  now: number,
): Promise<CreateOrderResult> {
  if (input.planId === null) throw new AppError("INVALID_INPUT", CREATE_ORDER_MESSAGES.noPlan);

  const buyer = validateBuyer(input.customerName, input.customerPhone);
  if (!buyer.ok) throw new AppError("INVALID_INPUT", buyer.message, { field: buyer.field });
  if (input.agreedToTerms !== true) {
    throw new AppError("INVALID_INPUT", BUYER_MESSAGES.agreementRequired, { field: "agreedToTerms" });
  }
  const email = readBuyerEmail(input.customerEmail);
  if (!email.ok) throw new AppError("INVALID_INPUT", email.message, { field: "customerEmail" });

  const site = await settings.get();
  // A GST-registered shop's invoice names the buyer with their address and State (docs/receipts.md).
  let billing: BillingAddress | null = null;
  if (site.gstin) {
    const read = readBillingAddress({
      address: input.billingAddress,
      pin: input.billingPin,
      state: input.billingState,
    });
    if (!read.ok) throw new AppError("INVALID_INPUT", read.message, { field: read.field });
    billing = read.billing;
  }

  const { plan, accounts } = await checkoutCatalog(db, input.planId);
  if (!plan || plan.is_enabled !== 1) throw new AppError("NOT_FOUND", CREATE_ORDER_MESSAGES.planUnavailable);
  if (plan.quantity < MIN_PLAN_QUANTITY) {
    throw new AppError("INVALID_INPUT", CREATE_ORDER_MESSAGES.minimumQuantity, { reason: "MIN_QUANTITY" });
  }
  const target = validateTarget(plan.service_type, { username: input.username, postLink: input.postLink });
  if (!target.ok) throw new AppError("INVALID_INPUT", target.message, { field: "target" });
  let comments: string | null = null;
  if (plan.service_type === "comments" && plan.custom_comments === 1) {
    const read = readComments(input.comments, plan.quantity);
    if (!read.ok) {
      throw new AppError("INVALID_INPUT", read.message, {
        field: "comments",
        written: read.written,
        needed: plan.quantity,
      });
    }
    comments = JSON.stringify(read.comments);
  }

  const couponCode = readCode(input.couponCode);

  // The operator chose to refuse, before payment, an order the panel would lose (issue 51, point 5).
  const key = targetKey(plan.service_type, target.target);
  if (site.overlappingOrders === "refuse" && (await openOrderForTarget(db, key))) {
    throw new AppError("CONFLICT", CREATE_ORDER_MESSAGES.targetBusy, { reason: "TARGET_BUSY", field: "target" });
  }
  // The receiving accounts a checkout may show (not paused; the placeholder only while it is the only one).
  const offered = offeredAccounts(accounts);
  if (offered.length === 0 || !isUpiConfigured(offered[0]!.upi_id, site.merchantName)) {
    throw new AppError("UNAVAILABLE", CREATE_ORDER_MESSAGES.paymentSetup, { reason: "PAYMENT_SETUP" });
  }
  // No order is made that could only wait for a payment the shop cannot take.
  const refusal = paymentsRefusal({ ...site, upiId: offered[0]!.upi_id }, config);
  if (refusal) throw new AppError("UNAVAILABLE", refusal.message, refusal.details);

  const deadline = now + config.PAYMENT_WINDOW_SECONDS * 1000;
  const row = {
    idempotency_key: input.idempotencyKey || null,
    service_type: plan.service_type,
    plan_id: plan.id,
    plan_name: plan.name,
    target: target.target,
    target_key: key,
    target_username: target.username,
    quantity: plan.quantity,
    refill_days: plan.refill_days,
    drip_runs: plan.drip_runs,
    drip_interval_minutes: plan.drip_interval_minutes,
    comments,
    // The panel and service its plan names, and its fallback's (ADR 0026): editing the plan later moves no paid order.
    panel_id: plan.panel_id,
    panel_service_id: plan.panel_service_id,
    fallback_panel_id: plan.fallback_panel_id,
    fallback_service_id: plan.fallback_service_id,
    status: "awaiting_payment" as const,
    customer_name: buyer.name,
    customer_phone: buyer.phone,
    payment_deadline_at: deadline,
    terms_agreed_at: now,
    terms_version: TERMS_VERSION,
    customer_email: email.email,
    locale: input.locale === "hi" ? "hi" : "en",
    // The opt-in is kept beside the terms: when, and to which wording (docs/buyer-messages.md).
    whatsapp_opt_in_at: input.whatsappUpdates === true ? now : null,
    whatsapp_opt_in_version: input.whatsappUpdates === true ? WHATSAPP_OPT_IN_VERSION : null,
    billing_address: billing?.address ?? null,
    billing_pin: billing?.pin ?? null,
    billing_state: billing?.state ?? null,
    created_at: now,
    updated_at: now,
  };
  // Kept for the window and the grace period, when a late payer may still pay by amount alone.
  const heldUntil = deadline + (config.PAYMENT_GRACE_SECONDS ?? 0) * 1000;

  // 50 random bits make an order-id clash practically impossible; one more draw covers it anyway.
  for (let attempt = 0; ; attempt++) {
    try {
      // The amount and the order are written together: a checkout that fails leaves no amount taken.
      // Checkouts arriving together share one commit; each is answered once its commit is durable.
      const inserted = await writeTransaction(db, async (trx) => {
        const orderId = generateOrderId();
        // The coupon is checked and its uses counted here, its row locked until this order is in (redeem.server.ts).
        const coupon: AppliedCoupon | null = couponCode
          ? await applyCoupon(trx, couponCode, plan, buyer.phone, now)
          : null;
        const pricePaise = coupon ? coupon.after : plan.price_paise;
        // An account with room under its daily caps, in turn; the order keeps the one it shows.
        const account = await chooseAccount(trx, offered, pricePaise, now);
        if (!account) {
          throw new AppError("UNAVAILABLE", CREATE_ORDER_MESSAGES.accountsFull, { reason: "ACCOUNTS_FULL" });
        }
        const amount = await holdUniqueAmount(trx, {
          accountId: account.id,
          listedPaise: pricePaise,
          orderId,
          heldUntil,
          now,
          client: input.client,
        });
        const order = await insertOrder(trx, {
          ...row,
          order_id: orderId,
          price_paise: amount,
          // The price the checkout shows (the unique paise come off it); the plan's price less the discount.
          listed_price_paise: pricePaise,
          coupon_code: coupon?.code ?? null,
          discount_paise: coupon?.discount ?? 0,
          coupon_id: coupon?.couponId ?? null,
          receiving_account_id: account.id,
          receiving_upi_id: account.upi_id,
        });
        if (!order) throw new LostIdempotencyRace();
        return order;
      });
      return { order: inserted, created: true };
    } catch (error) {
      if (error instanceof LostIdempotencyRace) {
        // Another request with the same key won the race: answer with its order.
        const winner = await findOrderByIdempotencyKey(db, input.idempotencyKey!);
        if (winner) return { order: winner, created: false };
        throw new Error("order insert was skipped but no order holds its idempotency key");
      }
      if (attempt >= 2 || !isUniqueViolation(error)) throw error;
    }
  }
}

/** Rolls back the amount taken for an order that another request with the same key already made. */
class LostIdempotencyRace extends Error {}
