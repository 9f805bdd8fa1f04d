/**
 * What the buyer reads about the UPI id for a refund that is due (refund-upi.server.ts): English here, every
 * language in app/locales (the `errors` texts).
 */
export const REFUND_UPI_MESSAGES = {
  invalid: "That does not look like a UPI ID. Write it as name@bank, for example name@okaxis.",
  notDue: "This order has no refund due.",
  saved: "Thank you: we will send your refund to this UPI ID.",
} as const;
