import { type PanelFailure, fallsBack } from "~/domain/panel/failures";
import type { OrderRow } from "~/domain/orders/table";

/**
 * The plan's fallback (ADR 0026) as two pure choices, apart from the calls
 * they are about (placement.server.ts makes those): whether there is a
 * fallback to try after the first panel's answer, and, once it answered,
 * which of the two answers decides the order and where the order belongs.
 */

/** Where an order is sent: a panel record (null: the shop's default) and a service there. */
export interface Target {
  panelId: number | null;
  serviceId: string;
}

/** What a panel's `add` answered: the panel's order id, or why not. */
export type AddAnswer = { ok: true; value: string } | PanelFailure;

/**
 * The fallback to try for an order the first panel did not take: the plan's
 * fallback service at its panel (the order's own panel when it names none).
 * None when the answer is not one a fallback is tried after (a definite "no"
 * to this service, or no funds: `fallsBack`), when the order names no
 * fallback, or when the fallback is where the order just went.
 */
export function fallbackFor(
  order: Pick<OrderRow, "fallback_service_id" | "fallback_panel_id">,
  first: Target,
  answer: AddAnswer,
): Target | null {
  if (answer.ok || !fallsBack(answer)) return null;
  const serviceId = order.fallback_service_id?.trim();
  if (!serviceId) return null;
  const panelId = order.fallback_panel_id ?? first.panelId;
  if (panelId === first.panelId && serviceId === first.serviceId) return null;
  return { panelId, serviceId };
}

/**
 * Whose answer decides the order once its fallback answered, and so where the
 * order belongs: the fallback's, unless the fallback only asked to wait while
 * the first panel was out of funds. Then the order waits at its own panel
 * with the first panel's reason (topped up, it goes there first again). After
 * a definite "no" at the first panel, the order belongs to the fallback,
 * whatever it answered.
 */
export function decidingAnswer(first: PanelFailure, fallback: AddAnswer): "first" | "fallback" {
  if (fallback.ok || fallback.kind !== "unavailable") return "fallback";
  return first.kind === "refused" ? "fallback" : "first";
}
