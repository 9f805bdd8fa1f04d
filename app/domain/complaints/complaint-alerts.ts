import type { AlertEvent, AlertFacts } from "~/domain/operator-alerts/events";
import { istDateTime } from "~/lib/ist-time";
import type { ComplaintEvent, ComplaintStep } from "./events.server";
import type { ComplaintRow } from "./table";

/** What the audit keeps of each step: the order, the note, the clock. Never the buyer's phone. */
export function complaintAuditDetails({ step, complaint }: Pick<ComplaintEvent, "step" | "complaint">) {
  const base = { orderId: complaint.order_id, status: complaint.status };
  switch (step) {
    case "opened":
      return { ...base, ackDueAt: complaint.ack_due_at, resolveDueAt: complaint.resolve_due_at };
    case "acknowledged":
      return { ...base, note: complaint.ack_note };
    case "resolved":
      return { ...base, note: complaint.resolution_note };
    case "ackDueSoon":
      return { ...base, dueAt: complaint.ack_due_at };
    case "resolveDueSoon":
      return { ...base, dueAt: complaint.resolve_due_at };
  }
}

/** The operator's alert for a step: a new complaint, or a clock about to run out. Null for their own steps. */
export function complaintAlertFor(
  step: ComplaintStep,
  c: ComplaintRow,
): { event: AlertEvent; eventKey: string; facts: AlertFacts } | null {
  const path = `/admin/complaints#${c.ticket}`;
  const quote = c.message.length > 200 ? `${c.message.slice(0, 200)}…` : c.message;
  if (step === "opened") {
    return {
      event: "complaint",
      eventKey: `complaint:opened:${c.ticket}`,
      facts: {
        title: `New complaint ${c.ticket} about order ${c.order_id}`,
        lines: [`"${quote}"`, `Acknowledge by ${istDateTime(Number(c.ack_due_at))} IST (48 hours).`],
        orderId: c.order_id,
        path,
      },
    };
  }
  if (step === "ackDueSoon" || step === "resolveDueSoon") {
    const ack = step === "ackDueSoon";
    const due = istDateTime(Number(ack ? c.ack_due_at : c.resolve_due_at));
    return {
      event: "complaint",
      eventKey: `complaint:${step}:${c.ticket}`,
      facts: {
        title: ack
          ? `Complaint ${c.ticket} must be acknowledged by ${due} IST`
          : `Complaint ${c.ticket} must be resolved by ${due} IST`,
        lines: [
          `"${quote}"`,
          "The Consumer Protection (E-Commerce) Rules 2020, rule 4(5): 48 hours to acknowledge, one month to resolve.",
        ],
        orderId: c.order_id,
        path,
      },
    };
  }
  return null;
}
