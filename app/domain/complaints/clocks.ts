/**
 * The two clocks of a complaint (Consumer Protection (E-Commerce) Rules 2020,
 * rule 4(5): the grievance officer "acknowledges the receipt of any consumer
 * complaint within forty-eight hours and redresses the complaint within one
 * month from the date of receipt"), and when the operator is warned before
 * each runs out. Pure: shared by the server and the Complaints page.
 */

export const HOUR_MS = 60 * 60 * 1000;
export const ACK_WITHIN_MS = 48 * HOUR_MS;
/** Warned this long before the acknowledgement is due. */
export const ACK_WARN_BEFORE_MS = 12 * HOUR_MS;
/** Warned this long before the resolution is due. */
export const RESOLVE_WARN_BEFORE_MS = 5 * 24 * HOUR_MS;

export const COMPLAINT_STATUSES = ["open", "acknowledged", "resolved"] as const;
export type ComplaintStatus = (typeof COMPLAINT_STATUSES)[number];

/** One calendar month after `at` (the same day of the next month, or its last day), in UTC. */
export function oneMonthAfter(at: number): number {
  const d = new Date(at);
  const target = new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + 1, 1));
  const lastDay = new Date(Date.UTC(target.getUTCFullYear(), target.getUTCMonth() + 1, 0)).getUTCDate();
  return Date.UTC(
    target.getUTCFullYear(),
    target.getUTCMonth(),
    Math.min(d.getUTCDate(), lastDay),
    d.getUTCHours(),
    d.getUTCMinutes(),
    d.getUTCSeconds(),
    d.getUTCMilliseconds(),
  );
}

export function clocksFor(createdAt: number): { ackDueAt: number; resolveDueAt: number } {
  return { ackDueAt: createdAt + ACK_WITHIN_MS, resolveDueAt: oneMonthAfter(createdAt) };
}

export interface ClockFacts {
  status: ComplaintStatus;
  ackDueAt: number;
  resolveDueAt: number;
  acknowledgedAt: number | null;
  resolvedAt: number | null;
  ackWarnedAt: number | null;
  resolveWarnedAt: number | null;
}

/** Which clock, if any, the operator should be warned about now (each only once, and only while it runs). */
export function warningDue(c: ClockFacts, now: number): "ack" | "resolve" | null {
  if (c.status === "open" && c.ackWarnedAt === null && now >= c.ackDueAt - ACK_WARN_BEFORE_MS) return "ack";
  if (c.status !== "resolved" && c.resolveWarnedAt === null && now >= c.resolveDueAt - RESOLVE_WARN_BEFORE_MS)
    return "resolve";
  return null;
}

export type ClockState = "met" | "running" | "due_soon" | "overdue";

/** How a clock stands: met in time or late (done), running, due soon (inside its warning), or overdue. */
export function clockState(dueAt: number, doneAt: number | null, warnBefore: number, now: number): ClockState {
  if (doneAt !== null) return doneAt <= dueAt ? "met" : "overdue";
  if (now > dueAt) return "overdue";
  return now >= dueAt - warnBefore ? "due_soon" : "running";
}
