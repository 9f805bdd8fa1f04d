import type { OrderStatus } from "~/domain/orders/lifecycle";
import type { CancelRefusal } from "./cancel-messages";
import type { RefillRefusal } from "./refill-messages";

/**
 * What a buyer may ask of the panel for their order (a refill, a cancel) and
 * how a drip-feed order is getting on: pure rules, shared by /track (what it
 * offers) and the server (what it accepts), so both always agree.
 */

export const DAY_MS = 24 * 60 * 60 * 1000;
/** At most one refill request per order in this long. */
export const REFILL_COOLDOWN_MS = DAY_MS;
/**
 * Requests of each kind the buyer may make for one order in BUYER_REQUEST_WINDOW_MS, however the panel answered:
 * a refused or unanswered one does not use up the day's refill, but each is a panel call and an audit entry.
 */
export const BUYER_REQUESTS_PER_WINDOW = 5;
export const BUYER_REQUEST_WINDOW_MS = 60 * 60 * 1000;

/** Who asks: the buyer's requests are counted; the operator's are not held back by them. */
export type Asker = "buyer" | "operator";

export interface Capabilities {
  refill: boolean;
  cancel: boolean;
  dripfeed: boolean;
}

export interface LastRefill {
  state: "requested" | "accepted" | "failed";
  requestedAt: number;
}

export interface SelfServiceFacts {
  status: OrderStatus;
  paid: boolean;
  panelOrderId: string | null;
  panelStatus: string | null;
  refillDays: number;
  /** When it was delivered (or, for an order delivered before that was kept, last changed). */
  deliveredAt: number | null;
  capabilities: Capabilities;
  /** The newest refill request that was not refused, if any. */
  lastRefill: LastRefill | null;
  /** A cancel is being asked of the panel right now. */
  cancelUnderWay: boolean;
  /** The buyer's requests of each kind in the last BUYER_REQUEST_WINDOW_MS. */
  buyerRequests: { refill: number; cancel: number };
}

/** When the refill guarantee ends; null without one or before delivery. */
export function guaranteeEndsAt(facts: Pick<SelfServiceFacts, "refillDays" | "deliveredAt">): number | null {
  if (facts.refillDays <= 0 || facts.deliveredAt === null) return null;
  return facts.deliveredAt + facts.refillDays * DAY_MS;
}

/** Why a refill cannot be asked for now; null when it can. */
export function refillRefusal(facts: SelfServiceFacts, now: number, asker: Asker = "buyer"): RefillRefusal | null {
  if (facts.refillDays <= 0) return "REFILL_NO_GUARANTEE";
  if (facts.status !== "delivered" || !facts.panelOrderId) return "REFILL_NOT_DELIVERED";
  const ends = guaranteeEndsAt(facts);
  if (ends === null || now > ends) return "REFILL_OUTSIDE_GUARANTEE";
  if (!facts.capabilities.refill) return "REFILL_NOT_SUPPORTED";
  const last = facts.lastRefill;
  if (last && last.state !== "failed" && now - last.requestedAt < REFILL_COOLDOWN_MS) {
    return last.state === "requested" ? "REFILL_BUSY" : "REFILL_TOO_SOON";
  }
  if (asker === "buyer" && facts.buyerRequests.refill >= BUYER_REQUESTS_PER_WINDOW) return "REFILL_UNAVAILABLE";
  return null;
}

/** Seconds until a refill refused as REFILL_TOO_SOON may be asked again (at least 1): its Retry-After. */
export function refillWaitSeconds(facts: Pick<SelfServiceFacts, "lastRefill">, now: number): number {
  const last = facts.lastRefill;
  return last ? Math.max(1, Math.ceil((last.requestedAt + REFILL_COOLDOWN_MS - now) / 1000)) : 1;
}

/** Why the buyer cannot cancel now; null when they can (paid, at the panel, still Pending there, service allows it). */
export function cancelRefusal(facts: SelfServiceFacts, asker: Asker = "buyer"): CancelRefusal | null {
  if (facts.status !== "sent" || !facts.panelOrderId || facts.panelStatus !== "pending") return "CANCEL_NOT_PENDING";
  if (!facts.paid) return "CANCEL_NOT_PAID";
  if (!facts.capabilities.cancel) return "CANCEL_NOT_SUPPORTED";
  if (facts.cancelUnderWay) return "CANCEL_BUSY";
  if (asker === "buyer" && facts.buyerRequests.cancel >= BUYER_REQUESTS_PER_WINDOW) return "CANCEL_UNAVAILABLE";
  return null;
}

export interface DripProgress {
  runs: number;
  intervalMinutes: number;
  done: number;
  /** The next part's expected time; null once all are delivered or before the panel has the order. */
  nextRunAt: number | null;
}

/**
 * A drip-feed order's parts delivered, from what the panel reports left to
 * deliver, and when the next one is expected (a part every interval from
 * placement). Null for an order delivered all at once.
 */
export function dripProgress(
  order: {
    status: OrderStatus;
    quantity: number;
    remains: number | null;
    dripRuns: number;
    dripIntervalMinutes: number;
    placedAt: number | null;
  },
  now: number,
): DripProgress | null {
  const { dripRuns: runs, dripIntervalMinutes: intervalMinutes } = order;
  if (runs < 2 || intervalMinutes < 1) return null;
  const perRun = order.quantity / runs;
  const delivered = order.status === "delivered" ? order.quantity : order.quantity - (order.remains ?? order.quantity);
  const done = Math.min(runs, Math.max(0, Math.floor(delivered / perRun + 1e-9)));
  const running = order.status === "sent" || order.status === "delivering";
  if (!running || order.placedAt === null || done >= runs) return { runs, intervalMinutes, done, nextRunAt: null };
  const interval = intervalMinutes * 60_000;
  // Part n (counting from 0) is due about n intervals after placement; a late one is "any moment now".
  const nextRunAt = Math.max(order.placedAt + done * interval, now);
  return { runs, intervalMinutes, done, nextRunAt };
}
