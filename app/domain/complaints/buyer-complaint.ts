import type { ComplaintStatus } from "./clocks";
import type { ComplaintRow } from "./table";

/** A complaint as its buyer sees it on /track: the ticket, where it stands, the shop's notes, the dates due. */
export interface BuyerComplaint {
  ticket: string;
  status: ComplaintStatus;
  createdAt: number;
  ackDueAt: number;
  resolveDueAt: number;
  ackNote: string | null;
  resolutionNote: string | null;
}

export function buyerComplaint(c: ComplaintRow): BuyerComplaint {
  return {
    ticket: c.ticket,
    status: c.status,
    createdAt: Number(c.created_at),
    ackDueAt: Number(c.ack_due_at),
    resolveDueAt: Number(c.resolve_due_at),
    ackNote: c.ack_note,
    resolutionNote: c.resolution_note,
  };
}
