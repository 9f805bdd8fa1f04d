import type { AlertEvent, AlertFacts } from "~/domain/operator-alerts/events";
import type { ErasureEvent } from "./events.server";

/** What the audit keeps of an erasure: the request's reference and the order ids. Never a name, phone or target. */
export function erasureAuditDetails({ step, request, erased, waiting }: ErasureEvent) {
  return { step, reference: request.reference, erased, waiting };
}

function listed(ids: string[]): string {
  return ids.length > 10 ? `${ids.slice(0, 10).join(", ")} and ${ids.length - 10} more` : ids.join(", ");
}

/** The operator's alert: a buyer asked to erase their data, and what is done or still waits. */
export function erasureAlertFor({ step, request, erased, waiting }: ErasureEvent): {
  event: AlertEvent;
  eventKey: string;
  facts: AlertFacts;
} {
  const lines =
    step === "requested"
      ? [
          erased.length > 0 ? `Erased now: ${listed(erased)}.` : "Nothing could be erased yet.",
          ...(waiting.length > 0
            ? [`Erased automatically once they finish: ${listed(waiting)}.`]
            : ["Every order of that phone is erased."]),
          "Money records (order, plan, amount, date, payment reference) are kept, as tax law requires.",
        ]
      : [`Erased now that they finished: ${listed(erased)}.`];
  return {
    event: "data_erasure",
    eventKey: `data_erasure:${step}:${request.reference}`,
    facts: {
      title:
        step === "requested"
          ? `A buyer asked to erase their data (${request.reference})`
          : `A buyer's data erasure is complete (${request.reference})`,
      lines,
      orderId: null,
      path: "/admin/audit",
    },
  };
}
