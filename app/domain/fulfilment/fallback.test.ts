import { describe, expect, it } from "vitest";
import type { PanelFailure } from "~/domain/panel/failures";
import { decidingAnswer, fallbackFor } from "./fallback";

const refusedService: PanelFailure = { ok: false, kind: "refused", reason: "service", message: "Service disabled" };
const noFunds: PanelFailure = { ok: false, kind: "unavailable", reason: "funds", message: "Not enough funds" };
const busy: PanelFailure = { ok: false, kind: "unavailable", reason: "busy", message: "Try again later" };
const badLink: PanelFailure = { ok: false, kind: "refused", reason: "link", message: "Incorrect link" };
const lost: PanelFailure = { ok: false, kind: "unknown", reason: "unknown", message: "No answer" };
const placed = { ok: true as const, value: "23501" };

const first = { panelId: 1, serviceId: "10" };
const order = (fallback_service_id: string | null, fallback_panel_id: number | null = null) => ({
  fallback_service_id,
  fallback_panel_id,
});

describe("the plan's fallback (ADR 0026)", () => {
  it("is tried after a definite no to the service or no funds, at its own panel or the order's", () => {
    expect(fallbackFor(order("20"), first, refusedService)).toEqual({ panelId: 1, serviceId: "20" });
    expect(fallbackFor(order("20", 2), first, noFunds)).toEqual({ panelId: 2, serviceId: "20" });
    expect(fallbackFor(order(" 20 "), first, noFunds)).toEqual({ panelId: 1, serviceId: "20" });
  });

  it("is not tried after a placed order, a wait, a refusal of the link or an unknown outcome", () => {
    for (const answer of [placed, busy, badLink, lost]) expect(fallbackFor(order("20"), first, answer)).toBeNull();
  });

  it("is not tried when the plan names none, or names where the order just went", () => {
    expect(fallbackFor(order(null), first, refusedService)).toBeNull();
    expect(fallbackFor(order("  "), first, refusedService)).toBeNull();
    expect(fallbackFor(order("10", 1), first, refusedService)).toBeNull();
    expect(fallbackFor(order("10", 2), first, refusedService)).toEqual({ panelId: 2, serviceId: "10" });
  });

  it("decides the order by the fallback's answer, but one that only asks to wait after no funds keeps it at its own panel", () => {
    expect(decidingAnswer(refusedService, placed)).toBe("fallback");
    expect(decidingAnswer(noFunds, placed)).toBe("fallback");
    expect(decidingAnswer(noFunds, badLink)).toBe("fallback");
    expect(decidingAnswer(noFunds, lost)).toBe("fallback");
    expect(decidingAnswer(refusedService, busy)).toBe("fallback");
    expect(decidingAnswer(noFunds, busy)).toBe("first");
    expect(decidingAnswer(noFunds, noFunds)).toBe("first");
  });
});
