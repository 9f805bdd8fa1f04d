import { z } from "zod";
import { UNKNOWN_ACTION } from "~/lib/intent";
import type { OrderStatus } from "./lifecycle";

/**
 * The operator's actions on one order, as a discriminated union on `intent`:
 * one schema for the order pages' forms, the JSON API and the server.
 */
const flag = z
  .union([z.boolean(), z.enum(["true", "false", "on"])])
  .optional()
  .transform((v) => v === true || v === "true" || v === "on");

const confirmPayment = z.object({ intent: z.literal("confirm-payment") });
/** `unpaid`: the operator confirmed, in a dialog that said so, sending an order with no confirmed payment. */
const place = z.object({ intent: z.literal("place"), unpaid: flag });
/**
 * `checked`: for an order whose outcome is unknown, the operator looked in the panel's order list and did
 * not find it. Without it such an order is never sent again.
 */
const retry = z.object({ intent: z.literal("retry"), checked: flag });
/**
 * `byBuyer`: stopping a paid order because its buyer asked for it, so the
 * refund keeps the processing fee (refund policy); otherwise the shop
 * cancels and refunds in full.
 */
const cancel = z.object({ intent: z.literal("cancel"), byBuyer: flag });
const markRefunded = z.object({
  intent: z.literal("mark-refunded"),
  reference: z
    .string({ error: "Enter the 12-digit UPI reference of the refund" })
    .max(40, "Enter the 12-digit UPI reference of the refund"),
});
const updateProfit = z.object({ intent: z.literal("update-profit") });
/** `confirmOrderId`: the order id typed again, which deleting a paid order asks for (delete-order.server.ts). */
const del = z.object({
  intent: z.literal("delete"),
  confirmOrderId: z.string().max(60, "Type the order id to delete it").optional(),
});
const erase = z.object({ intent: z.literal("erase") });

export const orderActionSchema = z.discriminatedUnion(
  "intent",
  [confirmPayment, place, retry, cancel, markRefunded, updateProfit, del, erase],
  UNKNOWN_ACTION,
);
export type OrderAction = z.infer<typeof orderActionSchema>;
export type OrderActionIntent = OrderAction["intent"];
export const ORDER_ACTION_INTENTS = orderActionSchema.options.map((o) => o.shape.intent.value);

/*
 * Where each action may be asked for. These three unions are the only
 * declaration of which entry point takes which action; the server runs them
 * all through runOrderAction.
 */

/** The order's own page: every action but delete (which is the list's). */
export const orderPageActionSchema = z.discriminatedUnion(
  "intent",
  [confirmPayment, place, retry, cancel, markRefunded, updateProfit, erase],
  UNKNOWN_ACTION,
);

/**
 * POST /api/admin/orders/{id}/{action}: the state changes and the profit
 * update (delete is DELETE /api/admin/orders/{id}; erasing a buyer's details
 * is the order page's, with its confirmation).
 */
export const orderApiActionSchema = z.discriminatedUnion(
  "intent",
  [confirmPayment, place, retry, cancel, markRefunded, updateProfit],
  UNKNOWN_ACTION,
);
export const API_ORDER_ACTIONS = orderApiActionSchema.options.map((o) => o.shape.intent.value);
export type ApiOrderAction = (typeof API_ORDER_ACTIONS)[number];

export function isApiOrderAction(value: string): value is ApiOrderAction {
  return (API_ORDER_ACTIONS as readonly string[]).includes(value);
}

const orderId = z.string({ error: "Order not found" }).max(60, "Order not found");

/**
 * The orders list's row actions: confirm a claimed payment, send a paid order
 * (never unpaid from there: that needs the order's page and its dialog), delete.
 */
export const orderListActionSchema = z.discriminatedUnion(
  "intent",
  [confirmPayment.extend({ orderId }), z.object({ intent: z.literal("place"), orderId }), del.extend({ orderId })],
  UNKNOWN_ACTION,
);

/** What the operator may do from each state; the transition table has the final word. */
export function actionsFor(order: {
  status: OrderStatus;
  paid: boolean;
  panelOrderId: string | null;
  hasProfit: boolean;
  refunded: boolean;
  /** How many the panel delivered, when it said. */
  delivered: number | null;
  /** Who stopped it: a buyer's own cancellation is never sent again. */
  cancelledBy?: "buyer" | "shop" | "panel" | null;
}) {
  const s = order.status;
  const unpaid = s === "awaiting_payment" || s === "payment_claimed" || s === "expired";
  return {
    confirmPayment: unpaid || s === "cancelled",
    /** Send a paid order (the primary action once paid and automatic sending is off or failed). */
    place: s === "paid",
    /** Send anyway, with a dialog saying there is no confirmed payment. */
    placeUnpaid: unpaid,
    /** Send again: now, for one that waits for the panel; after a fix; after checking the panel (unknown outcome). */
    retry:
      s === "waiting_panel" ||
      s === "failed" ||
      s === "placement_unknown" ||
      (s === "refund_due" && !order.refunded && (order.delivered ?? 0) === 0 && order.cancelledBy !== "buyer"),
    cancel:
      unpaid ||
      s === "paid" ||
      s === "queued" ||
      s === "waiting_panel" ||
      s === "failed" ||
      s === "placement_unknown" ||
      s === "sent" ||
      s === "delivering",
    markRefunded: s === "refund_due",
    updateProfit: order.panelOrderId !== null && !order.hasProfit,
  };
}
export type AvailableActions = ReturnType<typeof actionsFor>;
