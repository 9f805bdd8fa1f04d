import { isUniqueViolation } from "~/db/unique-violation";
import type { AppServices } from "~/context";
import { transaction } from "~/db/database.server";
import { type RequestClient, recordAudit } from "~/domain/audit/audit.server";
import { lockOrder, parseOrderId } from "~/domain/orders/orders.repository.server";
import { confirmLockedPayment } from "./payment.server";
import type { OrderRow } from "~/domain/orders/table";
import { AppError } from "~/lib/app-error";
import { formatInr } from "~/lib/money";
import {
  creditsHoldingUtr,
  creditsPayingWithUtr,
  lockCredit,
  lockOrderByUtr,
  settleCredit,
} from "./credits.repository.server";
import { type Credit, type CreditOutcome, dedupeKey, recordCredit } from "./matching.server";
import { listAccounts } from "~/domain/receiving-accounts/accounts.repository.server";
import { bindCredit } from "./accounts/binding";
import { noteCredit, payCheck } from "./check/check.server";
import type { PaymentCreditRow } from "./table";

type Services = Pick<AppServices, "db" | "settings" | "config" | "logger">;

/**
 * What every payment source calls with a credit it trusts: recorded and
 * matched once. A confirmed order then follows "send paid orders
 * automatically" exactly as one the operator confirmed (an order listener
 * does it once the confirmation committed).
 */
export async function acceptCredit(services: Services, credit: Credit, now = Date.now()): Promise<CreditOutcome> {
  const bound = await bindToAccounts(services.db, credit);
  // The operator's "pay ₹1 to yourself" check takes its own payment before any order is looked at.
  const check = await payCheck(services.db, bound, now);
  if (check) return check;
  const outcome = await recordCredit(services.db, bound, { graceSeconds: services.config.PAYMENT_GRACE_SECONDS, now });
  await noteCredit(services.db, bound, outcome, now);
  if (outcome.kind === "unmatched") {
    services.logger.info(
      { creditId: outcome.credit.id, source: credit.source, reason: outcome.reason },
      "payment credit left for the operator",
    );
  }
  return outcome;
}

/**
 * An alert's credit, tied to the receiving accounts it names (accounts/binding.ts), whatever source read
 * it: SMS, e-mail, a payment app's notification. A gateway names its order and is not an alert. One
 * about another account, or about none where its bank always names one, or any while no account has its
 * digits, is set aside with the reason: kept for the operator with its amount, its UTR only in the
 * evidence, so it can never match, nor make a genuine report of the same payment look like a repeat.
 */
async function bindToAccounts(db: Services["db"], credit: Credit): Promise<Credit> {
  if (credit.source === "gateway" || credit.unreadable || credit.amountPaise === null) return credit;
  const binding = bindCredit(await listAccounts(db), credit.payee ?? { account: null, upiId: null, bankId: null });
  if (binding.ok) return { ...credit, accountIds: binding.accountIds };
  return {
    ...credit,
    unreadable: binding.reason,
    utr: null,
    messageId: `${binding.reason}:${dedupeKey(credit)}`,
    evidence: { ...credit.evidence, utr: credit.utr ?? null, why: binding.detail },
  };
}

/** A credit the shop holds with the same UTR as an order the operator is looking at, other than the one that paid it. */
export interface UtrHolding {
  creditId: number;
  status: PaymentCreditRow["status"];
  /** The order it paid or was matched against; null for a credit that matched none. */
  orderId: string | null;
  amountPaise: number | null;
}

/**
 * What else the shop holds with this order's UTR: a payment that already paid another order, or a
 * credit waiting (a partial payment of this order, say) or dismissed under Payments. The order page
 * shows it before the operator confirms.
 */
export async function utrHeldElsewhere(
  db: Services["db"],
  order: { order_id: string; utr: string | null },
): Promise<UtrHolding[]> {
  if (!order.utr) return [];
  return (await creditsHoldingUtr(db, order.utr))
    .filter((c) => !(c.order_id === order.order_id && (c.status === "confirmed" || c.status === "assigned")))
    .map((c) => ({ creditId: c.id, status: c.status, orderId: c.order_id, amountPaise: c.amount_paise }));
}

export const CREDIT_MESSAGES = {
  notFound: "Payment not found",
  settled: "This payment was already dealt with",
  orderMissing: "Order not found",
  assigned: "Payment assigned and the order confirmed",
  dismissed: "Payment dismissed",
  reasonRequired: "Say why this payment is dismissed (at most 300 characters)",
  utrHeld: (utr: string, orderId: string) =>
    `UTR ${utr} is already on order ${orderId}: one payment cannot pay two orders`,
  amountDiffers: (credit: number, order: number) =>
    `This payment is ${formatInr(credit)} and the order asks for ${formatInr(order)}: ${
      credit > order
        ? `${formatInr(credit - order)} more (a surplus to refund to the buyer)`
        : `${formatInr(order - credit)} less (a shortfall)`
    }. Assign it anyway?`,
} as const;

interface Operator {
  name: string;
  client?: RequestClient;
}

/**
 * The operator says which order an unmatched credit pays: the order is
 * confirmed through the same transition, by the operator, with the credit as
 * its evidence. Refused (and nothing changes) when the credit was already
 * dealt with or the order cannot take a payment.
 */
export async function assignCredit(
  services: Services,
  creditId: number,
  rawOrderId: string,
  operator: Operator,
  now = Date.now(),
  /** The difference (credit less order, in paise) the operator was shown and accepted; needed when there is one. */
  acceptedDifference: number | null = null,
): Promise<{ credit: PaymentCreditRow; order: OrderRow }> {
  const orderId = parseOrderId(rawOrderId);
  if (!orderId) throw new AppError("INVALID_INPUT", "Enter the order id this payment is for", { field: "orderId" });
  return assignOnce(services.db, async (trx) => {
    const credit = await lockCredit(trx, creditId);
    if (!credit) throw new AppError("NOT_FOUND", CREDIT_MESSAGES.notFound);
    if (credit.status !== "unmatched") throw new AppError("INVALID_TRANSITION", CREDIT_MESSAGES.settled);
    const order = await lockOrder(trx, orderId);
    if (!order) throw new AppError("NOT_FOUND", CREDIT_MESSAGES.orderMissing, { field: "orderId" });
    // A payment of another amount (₹777 for a ₹78.99 order) is assigned only once the operator saw the difference.
    const difference = credit.amount_paise === null ? 0 : credit.amount_paise - order.price_paise;
    if (difference !== 0 && acceptedDifference !== difference) {
      throw new AppError("CONFLICT", CREDIT_MESSAGES.amountDiffers(credit.amount_paise!, order.price_paise), {
        reason: "AMOUNT_DIFFERS",
        creditPaise: credit.amount_paise,
        orderPaise: order.price_paise,
        differencePaise: difference,
        orderId: order.order_id,
      });
    }
    if (credit.utr) {
      // One UTR, one payment: refused when another order already holds it (a buyer's claim, or a payment).
      const holder = await lockOrderByUtr(trx, credit.utr);
      const paidElsewhere = (await creditsPayingWithUtr(trx, credit.utr, order.order_id))[0];
      const other = holder && holder.order_id !== order.order_id ? holder.order_id : paidElsewhere?.order_id;
      if (other) {
        throw new AppError("CONFLICT", CREDIT_MESSAGES.utrHeld(credit.utr, other), { field: "orderId" });
      }
    }
    const paid = await confirmLockedPayment(
      trx,
      order,
      { kind: "operator", name: operator.name },
      {
        creditId: credit.id,
        source: credit.source,
        matchedBy: "operator",
        amountPaise: credit.amount_paise,
        utr: credit.utr,
        payerVpa: credit.payer_vpa,
        creditedAt: credit.credited_at,
        unmatchedReason: credit.reason,
        ...(difference !== 0 ? { differencePaise: difference } : {}),
        ...(credit.utr && order.utr && order.utr !== credit.utr ? { buyerUtr: order.utr } : {}),
      },
      {
        now,
        client: operator.client,
        set: {
          // The bank's reference on the order, as an automatic match writes it: no buyer can claim it for another.
          ...(credit.utr && order.utr !== credit.utr ? { utr: credit.utr } : {}),
          // What was paid: a surplus is owed back to the buyer, a shortfall shows on the order and in exports.
          payment_received_paise: credit.amount_paise,
        },
      },
    );
    await settleCredit(trx, credit.id, {
      status: "assigned",
      order_id: order.order_id,
      resolved_by: operator.name,
      resolved_at: now,
    });
    await recordAudit(
      trx,
      {
        actor: operator.name,
        action: "payment.assign",
        targetType: "payment",
        targetId: credit.id,
        details: {
          orderId: order.order_id,
          amountPaise: credit.amount_paise,
          utr: credit.utr,
          was: credit.reason,
          ...(difference !== 0 ? { differencePaise: difference } : {}),
        },
        client: operator.client,
      },
      now,
    );
    return { credit: { ...credit, status: "assigned" as const, order_id: order.order_id }, order: paid };
  });
}

/** The assignment's transaction; a buyer claiming the same UTR at that very moment makes it a refusal, not an error. */
async function assignOnce<T>(db: Services["db"], work: (trx: Services["db"]) => Promise<T>): Promise<T> {
  try {
    return await transaction(db, work);
  } catch (error) {
    if (isUniqueViolation(error)) {
      throw new AppError("CONFLICT", "This payment's UTR was just claimed for another order: look again", {
        field: "orderId",
      });
    }
    throw error;
  }
}

/** Not a payment for any order (a refund, a personal transfer, a test): set aside with a reason. */
export async function dismissCredit(
  services: Pick<AppServices, "db">,
  creditId: number,
  rawReason: string,
  operator: Operator,
  now = Date.now(),
): Promise<PaymentCreditRow> {
  const reason = rawReason.trim();
  if (reason.length === 0 || reason.length > 300) {
    throw new AppError("INVALID_INPUT", CREDIT_MESSAGES.reasonRequired, { field: "reason" });
  }
  return services.db.transaction().execute(async (trx) => {
    const credit = await lockCredit(trx, creditId);
    if (!credit) throw new AppError("NOT_FOUND", CREDIT_MESSAGES.notFound);
    if (credit.status !== "unmatched") throw new AppError("INVALID_TRANSITION", CREDIT_MESSAGES.settled);
    await settleCredit(trx, credit.id, {
      status: "dismissed",
      resolved_by: operator.name,
      resolved_at: now,
      resolution_note: reason,
    });
    await recordAudit(
      trx,
      {
        actor: operator.name,
        action: "payment.dismiss",
        targetType: "payment",
        targetId: credit.id,
        details: { reason, amountPaise: credit.amount_paise, utr: credit.utr, was: credit.reason },
        client: operator.client,
      },
      now,
    );
    return { ...credit, status: "dismissed" as const, resolution_note: reason };
  });
}
