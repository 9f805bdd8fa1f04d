import { isUniqueViolation } from "~/db/unique-violation";
import { createHash } from "node:crypto";
import { type DB, transaction } from "~/db/database.server";
import { queueAlert } from "~/domain/operator-alerts/queue.server";
import { UNPAID_STATUSES } from "~/domain/orders/lifecycle";
import { lockOrder } from "~/domain/orders/orders.repository.server";
import { type PaymentConfirmer, type PaymentEvidence, confirmLockedPayment } from "./payment.server";
import type { OrderRow } from "~/domain/orders/table";
import { formatInr } from "~/lib/money";
import {
  creditsWithUtr,
  findCreditByKey,
  insertCredit,
  lockCredit,
  lockOrderByUtr,
  ordersAskingFor,
  pruneUntrustedCredits,
  ordersRoundingTo,
  settleCredit,
  untrustedCreditSince,
} from "./credits.repository.server";
import { roundsTo } from "./rounding";
import type { CreditSource, PaymentCreditRow } from "./table";
import { BINDING_REFUSALS, type BindingRefusal, type CreditPayee } from "./accounts/binding";

/**
 * Where every payment source (SMS, e-mail alerts, a gateway) hands over a
 * credit it saw. A credit confirms an order only when it names exactly one:
 * by the buyer's UTR and the amount, or, without a UTR, by the exact amount
 * (unique among open orders) inside the order's window and grace period.
 * Anything less certain is kept as an unmatched credit with its reason, for
 * the operator to assign or dismiss. Nothing is confirmed on a guess.
 */

export interface Credit {
  source: CreditSource;
  /** Null when the alert was signed but could not be read: kept for the operator, never matched. */
  amountPaise: number | null;
  /** The 12-digit UPI reference (UTR/RRN), when the source gives one. */
  utr?: string | null;
  payerVpa?: string | null;
  /** When the money arrived (the alert's time, or when it was received). */
  at: number;
  /** The source's own id for this credit when it has no UTR (SMS message id, gateway payment id). */
  messageId?: string | null;
  /** Names who reported it in the order's history: "sms", "email:hdfcbank.net", "razorpay". */
  reporter?: string;
  /** What the credit rests on: alert text, sender, template, signature check. Kept on the credit. */
  evidence: Record<string, unknown>;
  /** Set when the source could not read it as a credit: kept for the operator with this reason, never matched. */
  unreadable?: "unrecognised" | "untrusted_sender" | "no_alert_address" | BindingRefusal;
  /** What an alert says about the account credited (its digits, the receiving UPI ID): acceptCredit ties it to the shop's. */
  payee?: CreditPayee;
  /** The receiving accounts it may be paying (acceptCredit's binding); absent: any (a gateway names its order). */
  accountIds?: readonly number[] | null;
  /**
   * The order the source says this pays (a gateway made the payment for it): matched by it alone,
   * never by amount. Null when the source named an order this shop does not know.
   */
  orderId?: string | null;
}

export const UNMATCHED_REASONS = {
  unrecognised: "The alert could not be read as a credit (no template matched)",
  untrusted_sender: "The alert reads like a bank's, but did not come from that bank's sender id",
  no_alert_address:
    "A bank e-mail alert, set aside because no alert address is set: e-mail alerts confirm nothing until it is (Settings → Bank e-mail alerts)",
  ...BINDING_REFUSALS,
  no_match: "No open order asks for this amount",
  rounded_ambiguous:
    "A whole-rupee payment (the price rounded, or the plan's price) that more than one open order could be: see the orders it could pay",
  ambiguous: "More than one order asks for this amount",
  partial: "Less than the order's amount was paid",
  amount_mismatch: "The amount differs from the order with this UTR",
  utr_used: "This UTR was already used for a different payment",
  utr_mismatch: "The buyer gave a different UTR for the order with this amount",
  utr_missing: "The buyer gave a UTR for this order, but the alert has none to compare",
  order_cancelled: "The only order asking for this amount was cancelled",
  already_paid: "The order asking for this amount is already paid (a second payment?)",
  not_payable: "The order cannot take a payment in its current state",
  unknown_order: "The payment names an order this shop does not know",
  amount_differs: "The amount paid differs from the price of the order the payment names",
} as const;
export type UnmatchedReason = keyof typeof UNMATCHED_REASONS;

export type CreditOutcome =
  | { kind: "confirmed"; credit: PaymentCreditRow; order: OrderRow }
  | { kind: "unmatched"; credit: PaymentCreditRow; reason: UnmatchedReason }
  /** Reported before (by this source, or the same payment by another): nothing new happened. */
  | { kind: "duplicate"; credit: PaymentCreditRow }
  /** The operator's "pay ₹1 to yourself" check's payment (payments/check): no order was looked at. */
  | { kind: "check"; credit: PaymentCreditRow; checkId: number };

export interface MatchOptions {
  graceSeconds: number;
  now?: number;
}

/** A bank alert's clock may give only the minute, and a phone's clock drifts. */
const CLOCK_SKEW_MS = 3 * 60_000;
/** A whole-rupee payment may pay an order whose window closed this long before it: a rounding buyer is a slow one. */
const ROUNDED_LATE_MS = 30 * 60_000;

/** Each credit once per source: by its UTR, else the source's message id, else the alert itself. */
export function dedupeKey(credit: Credit): string {
  // A gateway's payment id names the payment from the start; its RRN may be filled in only later.
  if (credit.source === "gateway" && credit.messageId) return `id:${credit.messageId.slice(0, 200)}`;
  if (credit.utr) return `utr:${credit.utr}`;
  if (credit.messageId) return `id:${credit.messageId.slice(0, 200)}`;
  return `sha256:${createHash("sha256").update(JSON.stringify(credit.evidence)).digest("hex")}`;
}

export function confirmerFor(credit: Pick<Credit, "source" | "reporter">): PaymentConfirmer {
  const name = credit.reporter ?? credit.source;
  return credit.source === "gateway" ? { kind: "gateway", name } : { kind: "bank_alert", source: name };
}

/**
 * Records a credit and confirms the one order it names, all in one
 * transaction. Returns what became of it. Sending the order on (when the shop
 * sends paid orders automatically) follows the confirmation's commit, as an
 * order listener (app/domain/order-events/subscribers.server.ts).
 */
export async function recordCredit(db: DB, credit: Credit, options: MatchOptions): Promise<CreditOutcome> {
  for (let attempt = 0; ; attempt++) {
    try {
      return await transaction(db, (trx) => recordIn(trx, credit, options));
    } catch (error) {
      // A buyer claimed this UTR for another order at the same moment: look again, it is found by UTR now.
      if (attempt >= 1 || !isUniqueViolation(error)) throw error;
    }
  }
}

async function recordIn(trx: DB, credit: Credit, { graceSeconds, now = Date.now() }: MatchOptions) {
  const key = dedupeKey(credit);
  const row = await insertCredit(trx, {
    source: credit.source,
    dedupe_key: key,
    amount_paise: credit.amountPaise,
    utr: credit.utr ?? null,
    payer_vpa: credit.payerVpa ?? null,
    credited_at: credit.at,
    received_at: now,
    // Who reported it and the accounts it was tied to, so a later claim of its UTR can settle it (settleByClaim).
    evidence: JSON.stringify({
      ...credit.evidence,
      ...(credit.reporter ? { reporter: credit.reporter } : {}),
      ...(credit.accountIds ? { accounts: credit.accountIds } : {}),
    }),
    status: "unmatched",
    reason: null,
    order_id: null,
    resolved_by: null,
    resolved_at: null,
    resolution_note: null,
  });
  if (!row) return { kind: "duplicate" as const, credit: (await findCreditByKey(trx, credit.source, key))! };

  const unmatched = async (reason: UnmatchedReason, orderId: string | null = null): Promise<CreditOutcome> => {
    await settleCredit(trx, row.id, { status: "unmatched", reason, order_id: orderId });
    if (reason === "untrusted_sender") await setAsideUntrusted(trx, row, now);
    else await queueAlert(trx, unmatchedCreditAlert(row, reason, orderId), now);
    return { kind: "unmatched", credit: { ...row, reason, order_id: orderId }, reason };
  };
  const duplicate = async (orderId: string | null): Promise<CreditOutcome> => {
    await settleCredit(trx, row.id, { status: "duplicate", reason: "reported before", order_id: orderId });
    return { kind: "duplicate", credit: { ...row, status: "duplicate", order_id: orderId } };
  };

  if (credit.unreadable) return unmatched(credit.unreadable);
  const amount = credit.amountPaise;
  if (amount === null || !Number.isSafeInteger(amount) || amount <= 0) return unmatched("unrecognised");

  if (credit.orderId !== undefined) {
    // A gateway named its order: that order or none, whatever other order asks for the same amount.
    const named = credit.orderId === null ? undefined : await lockOrder(trx, credit.orderId);
    if (!named) return unmatched("unknown_order");
    if (named.paid_at !== null) return unmatched("already_paid", named.order_id);
    if (amount !== named.price_paise) return unmatched("amount_differs", named.order_id);
    return confirm(trx, row, named, credit, "order", now, unmatched);
  }

  if (credit.utr) {
    // The same payment reported again (its SMS and its e-mail): one credit is enough.
    const earlier = await creditsWithUtr(trx, credit.utr, row.id);
    if (earlier.some((c) => c.amount_paise === amount)) {
      return duplicate(earlier.find((c) => c.amount_paise === amount)!.order_id);
    }
    if (earlier.length > 0) return unmatched("utr_used");

    const claimed = await lockOrderByUtr(trx, credit.utr);
    if (claimed) {
      if (claimed.paid_at !== null) {
        // The operator confirmed this very payment by hand before the alert came.
        return claimed.price_paise === amount ? duplicate(claimed.order_id) : unmatched("utr_used", claimed.order_id);
      }
      if (!inBinding(claimed, credit.accountIds)) return unmatched("other_account", claimed.order_id);
      // The buyer's UTR names the order: a payment of its rounded price (₹49.00 for ₹48.99) pays it too.
      if (amount !== claimed.price_paise && !roundsTo(claimed, amount)) {
        return unmatched(amount < claimed.price_paise ? "partial" : "amount_mismatch", claimed.order_id);
      }
      return confirm(trx, row, claimed, credit, "utr", now, unmatched);
    }
  }

  const accountIds = credit.accountIds ?? null;
  const candidates = await ordersAskingFor(trx, amount, credit.at, {
    graceMs: graceSeconds * 1000,
    skewMs: CLOCK_SKEW_MS,
    accountIds,
  });
  if (candidates.length === 0) {
    // A buyer who rounds (₹49.00 for ₹48.99) or types the plan's price: only when one open order can be it.
    if (amount % 100 !== 0) return unmatched("no_match");
    const rounded = await ordersRoundingTo(trx, amount, credit.at, {
      lateMs: ROUNDED_LATE_MS,
      skewMs: CLOCK_SKEW_MS,
      accountIds,
    });
    const payable = rounded.filter((o) => o.utr === null || o.utr === credit.utr);
    if (payable.length === 1) return confirm(trx, row, payable[0]!, credit, "rounded", now, unmatched);
    return unmatched(payable.length === 0 ? "no_match" : "rounded_ambiguous");
  }
  if (candidates.length > 1) return unmatched("ambiguous");
  const order = candidates[0]!;
  if (order.paid_at !== null) return unmatched("already_paid", order.order_id);
  if (order.status === "cancelled") return unmatched("order_cancelled", order.order_id);
  if (order.utr !== null) {
    // The buyer named their payment: only that UTR can confirm the order.
    return unmatched(credit.utr ? "utr_mismatch" : "utr_missing", order.order_id);
  }
  return confirm(trx, row, order, credit, "amount", now, unmatched);
}

async function confirm(
  trx: DB,
  row: PaymentCreditRow,
  order: OrderRow,
  credit: Credit,
  matchedBy: "utr" | "amount" | "order" | "rounded",
  now: number,
  unmatched: (reason: UnmatchedReason, orderId: string | null) => Promise<CreditOutcome>,
): Promise<CreditOutcome> {
  if (order.status === "cancelled") return unmatched("order_cancelled", order.order_id);
  if (!(UNPAID_STATUSES as readonly string[]).includes(order.status)) return unmatched("not_payable", order.order_id);
  const paid = await confirmLockedPayment(trx, order, confirmerFor(credit), creditEvidence(row, credit, matchedBy), {
    now,
    set: {
      // The bank's reference on the order, so no buyer can later claim it for another one.
      ...(order.utr === null && credit.utr ? { utr: credit.utr } : {}),
      // What was paid: more than asked is a surplus owed back, less a shortfall (shown on the order and in exports).
      payment_received_paise: credit.amountPaise,
    },
  });
  await settleCredit(trx, row.id, { status: "confirmed", reason: null, order_id: order.order_id });
  return { kind: "confirmed", credit: { ...row, status: "confirmed", order_id: order.order_id }, order: paid };
}

/** How long, and how many, credits from senders the shop does not trust are kept (security round 4, finding 3). */
export const UNTRUSTED_KEPT = { days: 7, count: 200 } as const;
/** An untrusted credit after this long without one starts a new burst, with its one alert. */
export const UNTRUSTED_BURST_GAP_MS = 60 * 60_000;

/**
 * A credit from a sender the shop does not trust goes to its own list
 * (capped, expiring), and alerts the operator once per burst: anyone can
 * write "Rs 500 credited" to the alert address, and 205 such mails once
 * hid a real buyer's payment and queued 205 alerts.
 */
async function setAsideUntrusted(trx: DB, row: PaymentCreditRow, now: number): Promise<void> {
  await pruneUntrustedCredits(trx, { before: now - UNTRUSTED_KEPT.days * 86_400_000, keep: UNTRUSTED_KEPT.count });
  if (await untrustedCreditSince(trx, now - UNTRUSTED_BURST_GAP_MS, row.id)) return;
  const source = row.source === "email" ? "e-mail" : row.source;
  await queueAlert(
    trx,
    {
      event: "unmatched_credit",
      eventKey: `untrusted_credits:${row.id}`,
      facts: {
        title: `Payment alerts from a sender the shop does not trust (${source})`,
        lines: [
          UNMATCHED_REASONS.untrusted_sender,
          "They confirm nothing. Any more in this burst are only counted under Admin → Payments, senders not trusted.",
        ],
        orderId: null,
        path: "/admin/payments#untrusted-credits",
      },
    },
    now,
  );
}

/** The credits a buyer's later UTR claim may settle: they waited only because no single order was theirs. */
const SETTLED_BY_CLAIM: ReadonlySet<string> = new Set<UnmatchedReason>(["ambiguous", "no_match", "rounded_ambiguous"]);

/**
 * A buyer just claimed `utr` for their order: a credit with that UTR that waited because the amount named
 * no single order (two orders ask for it, none, or a rounded price more than one could be) is settled by
 * it, as if it had arrived after the claim: the order is confirmed when it is on an account the alert was
 * tied to and the amount is its price or its rounded price. Returns what became of it, or null when no
 * such credit waits.
 */
export async function settleByClaim(
  db: DB,
  orderId: string,
  utr: string,
  { graceSeconds, now = Date.now() }: MatchOptions,
): Promise<CreditOutcome | null> {
  return transaction(db, async (trx) => {
    const waiting = (await creditsWithUtr(trx, utr, 0)).find(
      (c) => c.status === "unmatched" && SETTLED_BY_CLAIM.has(c.reason ?? ""),
    );
    const row = waiting && (await lockCredit(trx, waiting.id));
    if (!row || row.status !== "unmatched" || row.amount_paise === null) return null;
    const order = await lockOrder(trx, orderId);
    if (!order || order.utr !== utr || order.paid_at !== null || order.status === "cancelled") return null;
    const evidence = parseEvidence(row.evidence);
    const accounts = Array.isArray(evidence.accounts) ? evidence.accounts.map(Number) : null;
    const at = row.credited_at ?? row.received_at;
    const inTime = order.created_at <= at + CLOCK_SKEW_MS && order.payment_deadline_at >= at - graceSeconds * 1000;
    const amountFits = row.amount_paise === order.price_paise || roundsTo(order, row.amount_paise);
    if (!inTime || !amountFits || !inBinding(order, accounts)) return null;
    const credit: Credit = {
      source: row.source,
      reporter: typeof evidence.reporter === "string" ? evidence.reporter : undefined,
      amountPaise: row.amount_paise,
      utr: row.utr,
      payerVpa: row.payer_vpa,
      at,
      evidence,
      accountIds: accounts,
    };
    const unmatched = async (reason: UnmatchedReason, id: string | null): Promise<CreditOutcome> => {
      await settleCredit(trx, row.id, { status: "unmatched", reason, order_id: id });
      return { kind: "unmatched", credit: { ...row, reason, order_id: id }, reason };
    };
    return confirm(trx, row, order, credit, "utr", now, unmatched);
  });
}

function parseEvidence(text: string): Record<string, unknown> {
  try {
    const parsed: unknown = JSON.parse(text);
    return parsed && typeof parsed === "object" ? (parsed as Record<string, unknown>) : {};
  } catch {
    return {};
  }
}

/** Whether an order is on one of the accounts an alert was tied to (an order from before accounts is on any). */
function inBinding(order: OrderRow, accountIds: readonly number[] | null | undefined): boolean {
  return !accountIds || order.receiving_account_id === null || accountIds.includes(order.receiving_account_id);
}

/** The operator's alert for a credit left waiting under Admin → Payments. */
function unmatchedCreditAlert(row: PaymentCreditRow, reason: UnmatchedReason, orderId: string | null) {
  const amount = row.amount_paise === null ? "unreadable amount" : formatInr(row.amount_paise);
  return {
    event: "unmatched_credit" as const,
    eventKey: `unmatched_credit:${row.id}`,
    facts: {
      title: `Payment credit (${amount}) matched no order`,
      lines: [UNMATCHED_REASONS[reason], `Source: ${row.source}`, ...(row.utr ? [`UTR: ${row.utr}`] : [])],
      orderId,
      path: orderId ? `/admin/orders/${orderId}` : "/admin/payments",
    },
  };
}

/** What the order keeps about the credit that confirmed it. */
export function creditEvidence(row: PaymentCreditRow, credit: Credit, matchedBy: string): PaymentEvidence {
  const template = credit.evidence.template;
  return {
    creditId: row.id,
    source: credit.reporter ?? credit.source,
    matchedBy,
    amountPaise: credit.amountPaise,
    utr: credit.utr ?? null,
    payerVpa: credit.payerVpa ?? null,
    creditedAt: credit.at,
    template: typeof template === "string" ? template : null,
  };
}
