/**
 * Why cancelling an order before delivery starts is refused: a code
 * (`details.reason` on the error), each with its English text here; the
 * storefront shows the code's words in its language (app/locales/).
 */

export const CANCEL_REFUSALS = [
  "CANCEL_NOT_PENDING",
  "CANCEL_NOT_SUPPORTED",
  "CANCEL_NOT_PAID",
  "CANCEL_BUSY",
  "CANCEL_UNAVAILABLE",
  "CANCEL_PANEL_REFUSED",
  "CANCEL_PANEL_NO_ANSWER",
] as const;
export type CancelRefusal = (typeof CANCEL_REFUSALS)[number];

export const CANCEL_REFUSAL_TEXT: Record<CancelRefusal, string> = {
  CANCEL_NOT_PENDING: "This order can no longer be cancelled: delivery has started or it is already closed.",
  CANCEL_NOT_SUPPORTED: "Orders for this service cannot be cancelled once placed.",
  CANCEL_NOT_PAID: "This order has no confirmed payment yet. Please contact us to cancel it.",
  CANCEL_BUSY: "Your cancellation is already being sent. Please wait a moment.",
  CANCEL_UNAVAILABLE: "Orders cannot be cancelled right now. Please try again later.",
  CANCEL_PANEL_REFUSED: "Our supplier could not cancel this order. Nothing was changed.",
  CANCEL_PANEL_NO_ANSWER:
    "Our supplier did not answer in time. Nothing was changed; please try again in a few minutes.",
};
