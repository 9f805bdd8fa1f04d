/**
 * Why a refill is refused: a code (carried as `details.reason` on the error),
 * each with its English text here; the storefront shows the code's words in
 * its language (the `errors` texts, app/locales/).
 */

export const REFILL_REFUSALS = [
  "REFILL_NOT_DELIVERED",
  "REFILL_NO_GUARANTEE",
  "REFILL_OUTSIDE_GUARANTEE",
  "REFILL_NOT_SUPPORTED",
  "REFILL_TOO_SOON",
  "REFILL_BUSY",
  "REFILL_UNAVAILABLE",
  "REFILL_PANEL_REFUSED",
  "REFILL_PANEL_NO_ANSWER",
] as const;
export type RefillRefusal = (typeof REFILL_REFUSALS)[number];

export const REFILL_REFUSAL_TEXT: Record<RefillRefusal, string> = {
  REFILL_NOT_DELIVERED: "A refill can be requested once your order is delivered.",
  REFILL_NO_GUARANTEE: "This package has no refill guarantee.",
  REFILL_OUTSIDE_GUARANTEE: "The refill guarantee for this order has ended.",
  REFILL_NOT_SUPPORTED: "Refills are not available for this service.",
  REFILL_TOO_SOON: "A refill was already requested in the last 24 hours. Please try again later.",
  REFILL_BUSY: "Your refill request is already being sent. Please wait a moment.",
  REFILL_UNAVAILABLE: "Refills cannot be requested right now. Please try again later.",
  REFILL_PANEL_REFUSED:
    "Our supplier could not take the refill request right now. Nothing was changed; please try again later.",
  REFILL_PANEL_NO_ANSWER:
    "Our supplier did not answer in time. Nothing was changed; please try again in a few minutes.",
};

/** The refill's progress as the buyer follows it (the panel's status, or "requested" before it says). */
export const REFILL_PROGRESS = ["requested", "pending", "in_progress", "completed", "rejected"] as const;
export type RefillProgress = (typeof REFILL_PROGRESS)[number];
