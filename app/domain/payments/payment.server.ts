import { isUniqueViolation } from "~/db/unique-violation";
import type { DB } from "~/db/database.server";
import type { RequestClient } from "~/domain/audit/audit.server";
import { creditsPayingWithUtr } from "./credits.repository.server";
import { AppError } from "~/lib/app-error";
import type { Actor } from "~/domain/orders/lifecycle";
import { type OrderFields, findOrder } from "~/domain/orders/orders.repository.server";
import type { OrderRow } from "~/domain/orders/table";
import { type TransitionRequest, applyTransition, transitionOrder } from "~/domain/orders/transitions.server";
import { PAYMENT_MESSAGES } from "~/domain/orders/order-messages";
import { parseUtr, readUtr } from "~/domain/orders/utr";

export { PAYMENT_MESSAGES };

/** What the buyer and the operator read about payments. */

/**
 * "I have paid": the buyer's 12-digit UPI reference. Accepted while the order
 * waits for payment, and after its window closed for `graceSeconds` more, so a
 * buyer who paid at 4:59 is not lost. Once per order; unique across orders.
 * Sending the same reference again is answered as a success (a retried request).
 */
export async function claimPayment(
  db: DB,
  orderId: string,
  rawUtr: string,
  { graceSeconds, now = Date.now(), client }: { graceSeconds: number; now?: number; client?: RequestClient },
): Promise<OrderRow> {
  const reading = readUtr(rawUtr);
  if (!reading.ok) throw new AppError("INVALID_INPUT", reading.message, { field: "utr" });
  const utr = reading.utr;
  // A UTR that already paid another order (an alert's match, or a credit the operator assigned) pays no other.
  if ((await creditsPayingWithUtr(db, utr, orderId)).length > 0) {
    throw new AppError("CONFLICT", PAYMENT_MESSAGES.utrUsed, { field: "utr" });
  }
  try {
    return await transitionOrder(db, orderId, "claimPayment", {
      actor: { kind: "buyer" },
      reason: "the buyer gave a UPI reference",
      set: { utr, utr_submitted_at: now },
      details: { utr },
      guard: (order) => (order.payment_deadline_at + graceSeconds * 1000 < now ? PAYMENT_MESSAGES.tooLate : null),
      client,
      now,
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw new AppError("CONFLICT", PAYMENT_MESSAGES.utrUsed, { field: "utr" });
    if (error instanceof AppError && error.code === "INVALID_TRANSITION") {
      // The same reference again (a double tap, a retried request): it is already ours.
      const current = await findOrder(db, orderId);
      if (current?.utr === utr) return current;
    }
    throw error;
  }
}

/** Who may confirm a payment: the operator, a bank alert or a gateway. */
export type PaymentConfirmer = Exclude<Actor, { kind: "buyer" } | { kind: "system" }>;
export type PaymentEvidence = Record<string, string | number | boolean | null>;

/**
 * The payment is real: seen in the bank app by the operator, in a bank alert,
 * or reported by a gateway. `evidence` says what it rested on and is kept on
 * the order. Works for late payers too (expired, claimed, cancelled orders).
 */
export function confirmPayment(
  db: DB,
  orderId: string,
  actor: PaymentConfirmer,
  evidence: PaymentEvidence,
  {
    now,
    client,
    set,
    guard,
  }: { now?: number; client?: RequestClient; set?: OrderFields; guard?: TransitionRequest["guard"] } = {},
): Promise<OrderRow> {
  return transitionOrder(db, orderId, "confirmPayment", {
    ...confirmation(actor, evidence, { now, client, set }),
    guard,
  });
}

/** The same, inside a transaction the caller holds, on an order it already locked. */
export function confirmLockedPayment(
  trx: DB,
  order: OrderRow,
  actor: PaymentConfirmer,
  evidence: PaymentEvidence,
  { now, client, set }: { now?: number; client?: RequestClient; set?: OrderFields } = {},
): Promise<OrderRow> {
  return applyTransition(trx, order, "confirmPayment", confirmation(actor, evidence, { now, client, set }));
}

function confirmation(
  actor: PaymentConfirmer,
  evidence: PaymentEvidence,
  { now, client, set }: { now?: number; client?: RequestClient; set?: OrderFields },
): TransitionRequest {
  return {
    actor,
    reason: actor.kind === "operator" ? "payment seen by the operator" : `payment reported by ${actor.kind}`,
    set: { ...set, payment_evidence: JSON.stringify(evidence) },
    details: evidence,
    client,
    now,
  };
}

/** The operator paid the refund back and notes its UPI reference. */
export async function markRefunded(
  db: DB,
  orderId: string,
  operator: string,
  rawReference: string,
  { now, client }: { now?: number; client?: RequestClient } = {},
): Promise<OrderRow> {
  const reference = parseUtr(rawReference);
  if (!reference) throw new AppError("INVALID_INPUT", PAYMENT_MESSAGES.refundReferenceInvalid, { field: "reference" });
  return transitionOrder(db, orderId, "refunded", {
    actor: { kind: "operator", name: operator },
    reason: "refund paid by the operator",
    set: { refund_reference: reference },
    details: { reference },
    client,
    now,
  });
}
