import { istDateTime } from "~/lib/ist-time";

export interface HistoryEntry {
  at: number;
  actor: string;
  action: string;
  details: string | null;
}

/** What each step of the lifecycle (and each other operator action) is called in the order's history. */
const LABELS: Record<string, string> = {
  "order.claimPayment": "UTR given",
  "order.expire": "Payment window closed",
  "order.confirmPayment": "Payment confirmed",
  "order.cancel": "Cancelled",
  "order.queue": "Queued behind another order for its target",
  "order.send": "Sending to panel",
  "order.sendUnpaid": "Sending to panel without a confirmed payment",
  "order.placed": "Accepted by the panel",
  "order.placementFailed": "Refused by the panel",
  "order.placementDeferred": "Panel could not take it yet (will retry)",
  "order.placementUnknown": "No answer from the panel",
  "order.foundAtPanel": "Found at the panel",
  "order.deliveryStarted": "Delivery started",
  "order.delivered": "Delivered",
  "order.partiallyDelivered": "Partially delivered",
  "order.deliveryFailed": "Not delivered",
  "order.refundDue": "Refund due",
  "order.refunded": "Refunded",
  "order.cancelBeforeDelivery": "Cancelled at the panel before delivery",
  "order.cancelRequested": "Cancel asked of the panel",
  "order.cancelFailed": "Panel did not cancel",
  "order.refillRequested": "Refill requested",
  "order.refillAccepted": "Refill accepted by the panel",
  "order.refillFailed": "Refill not taken by the panel",
  "order.refillProgress": "Refill status changed",
  "order.update-profit": "Profit updated",
  "order.erase": "Customer data erased",
};

/** An operator action that was refused is logged under the action's own name. */
const ATTEMPTS: Record<string, string> = {
  "order.confirm-payment": "Confirm payment",
  "order.place": "Send to panel",
  "order.retry": "Send to panel again",
  "order.cancel": "Cancel order",
  "order.mark-refunded": "Mark refunded",
  "order.update-profit": "Update profit",
  "order.erase": "Erase customer data",
};

interface Details {
  result?: string;
  failed?: string;
  reason?: string;
  /** A queued order: the order it waits for (target-queue.server.ts). */
  behind?: string;
  utr?: string;
  panelOrderId?: string;
  panelError?: string;
  reference?: string;
  refillId?: string;
  refillStatus?: string;
  attempt?: number;
  retryAt?: number;
  sent?: { service?: string; link?: string; quantity?: number; runs?: number; interval?: number; comments?: number };
  /** The plan's fallback was tried (ADR 0026): where the order went first, why not there, where next. */
  fallback?: {
    from?: { panelName?: string | null; serviceId?: string; refusal?: string };
    to?: { panelName?: string | null; serviceId?: string };
    answer?: string;
  };
}

function parse(details: string | null): Details {
  if (!details) return {};
  try {
    const parsed: unknown = JSON.parse(details);
    return parsed && typeof parsed === "object" ? parsed : {};
  } catch {
    return {};
  }
}

/** The facts worth a line of their own: what was refused, the UTR, the panel's order id or error, the refund's reference. */
function describe(action: string, d: Details): string {
  if (d.failed) return `Refused: ${d.failed}`;
  if (d.utr) return `UTR ${d.utr}`;
  if (d.sent) return sentLine(d.sent);
  const attempt = d.attempt ? `Attempt ${d.attempt}: ` : "";
  const fallback = d.fallback ? ` (${fallbackLine(d.fallback)})` : "";
  if (d.panelOrderId) return `${attempt}Panel order ${d.panelOrderId}${fallback}`;
  if (d.panelError && d.fallback) return `${attempt}${d.panelError}${fallback}`;
  if (d.panelError && d.retryAt) return `${attempt}${d.panelError}. Next try around ${istDateTime(d.retryAt)} IST`;
  if (d.panelError) return `${attempt}${d.panelError}`;
  if (d.reference) return `Refund UPI reference ${d.reference}`;
  if (d.refillId) return d.refillStatus ? `Refill ${d.refillId}: ${d.refillStatus}` : `Refill ${d.refillId}`;
  if (action === "order.queue" && d.behind)
    return `Waits for order ${d.behind}, at the panel for the same account or post`;
  if (action === "order.refundDue" && d.reason) return d.reason.charAt(0).toUpperCase() + d.reason.slice(1);
  return d.result ?? "";
}

/** "Reseller A said …; sent to service 31 at SmartPanel B": both places a send went. */
function fallbackLine(f: NonNullable<Details["fallback"]>): string {
  const at = (p?: { panelName?: string | null; serviceId?: string }) =>
    `service ${p?.serviceId ?? "?"}${p?.panelName ? ` at ${p.panelName}` : ""}`;
  return (
    `${at(f.from)} said: ${f.from?.refusal ?? "no"}; sent to the plan's fallback, ${at(f.to)}` +
    (f.answer ? `, which said: ${f.answer}` : "")
  );
}

/** What a send asked the panel for. */
function sentLine(sent: NonNullable<Details["sent"]>): string {
  const how =
    sent.comments !== undefined
      ? `${sent.comments} custom comments`
      : sent.runs !== undefined
        ? `${sent.quantity} per run × ${sent.runs} runs, ${sent.interval} min apart`
        : `quantity ${sent.quantity}`;
  return `Service ${sent.service}, ${sent.link}, ${how}`;
}

/** Who did it, in words: the operator's name, the buyer, or the shop itself. */
function byWhom(actor: string): string {
  if (actor === "buyer") return "by the buyer";
  if (actor.startsWith("system:")) return "automatically";
  if (actor.startsWith("bank-alert:")) return `by a bank alert (${actor.slice("bank-alert:".length)})`;
  if (actor.startsWith("gateway:")) return `by ${actor.slice("gateway:".length)}`;
  return `by ${actor}`;
}

/** Everything that happened to this order, newest first (from the audit trail). */
export function OrderHistory({ entries }: { entries: HistoryEntry[] }) {
  if (entries.length === 0) return <p className="text-sm text-gray-600">No changes yet.</p>;
  return (
    <ol className="space-y-2 text-sm">
      {entries.map((e, i) => {
        const details = parse(e.details);
        const label = (details.failed ? ATTEMPTS[e.action] : LABELS[e.action]) ?? LABELS[e.action] ?? e.action;
        const line = describe(e.action, details);
        return (
          <li key={`${e.at}-${i}`} className="flex flex-wrap gap-x-2">
            <time className="text-gray-600">{istDateTime(e.at)}</time> <span className="font-medium">{label}</span>{" "}
            <span className="text-gray-600">{byWhom(e.actor)}</span>
            {line && <span className={`w-full ${details.failed ? "text-red-700" : "text-gray-700"}`}>{line}</span>}
          </li>
        );
      })}
    </ol>
  );
}
