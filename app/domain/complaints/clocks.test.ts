import { describe, expect, it } from "vitest";
import { ACK_WITHIN_MS, HOUR_MS, clockState, clocksFor, oneMonthAfter, warningDue } from "./clocks";

const T0 = Date.UTC(2026, 0, 31, 10, 0);

describe("complaint clocks (E-Commerce Rules 2020, rule 4(5))", () => {
  it("gives 48 hours to acknowledge and one calendar month to resolve", () => {
    expect(clocksFor(T0)).toEqual({ ackDueAt: T0 + 48 * HOUR_MS, resolveDueAt: Date.UTC(2026, 1, 28, 10, 0) });
    expect(oneMonthAfter(Date.UTC(2026, 10, 29, 1, 40))).toBe(Date.UTC(2026, 11, 29, 1, 40));
    expect(oneMonthAfter(Date.UTC(2026, 11, 15))).toBe(Date.UTC(2027, 0, 15));
  });

  it("warns 12 hours before the acknowledgement is due and 5 days before the resolution, once each", () => {
    const { ackDueAt, resolveDueAt } = clocksFor(T0);
    const open = {
      status: "open" as const,
      ackDueAt,
      resolveDueAt,
      acknowledgedAt: null,
      resolvedAt: null,
      ackWarnedAt: null,
      resolveWarnedAt: null,
    };
    expect(warningDue(open, T0 + 35 * HOUR_MS)).toBeNull();
    expect(warningDue(open, T0 + 36 * HOUR_MS)).toBe("ack");
    expect(warningDue({ ...open, ackWarnedAt: T0 + 36 * HOUR_MS }, T0 + 47 * HOUR_MS)).toBeNull();
    const acked = { ...open, status: "acknowledged" as const, acknowledgedAt: T0 + HOUR_MS };
    expect(warningDue(acked, T0 + ACK_WITHIN_MS + HOUR_MS)).toBeNull();
    expect(warningDue(acked, resolveDueAt - 5 * 24 * HOUR_MS)).toBe("resolve");
    expect(warningDue({ ...acked, status: "resolved", resolvedAt: T0 + 2 * HOUR_MS }, resolveDueAt)).toBeNull();
  });

  it("says how each clock stands", () => {
    const due = T0 + ACK_WITHIN_MS;
    expect(clockState(due, null, 12 * HOUR_MS, T0)).toBe("running");
    expect(clockState(due, null, 12 * HOUR_MS, due - HOUR_MS)).toBe("due_soon");
    expect(clockState(due, null, 12 * HOUR_MS, due + 1)).toBe("overdue");
    expect(clockState(due, due - 1, 12 * HOUR_MS, due + HOUR_MS)).toBe("met");
    expect(clockState(due, due + 1, 12 * HOUR_MS, due + HOUR_MS)).toBe("overdue");
  });
});
