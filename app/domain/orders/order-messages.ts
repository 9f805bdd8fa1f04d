/**
 * What the buyer (and, for a refund, the operator) reads when an order is
 * created or paid: kept outside the server modules so the storefront can look
 * each one up in its language (app/domain/buyer-messages/catalogue.ts).
 */

export const CREATE_ORDER_MESSAGES = {
  noPlan: "No plan selected. Please try again.",
  planUnavailable: "This package is no longer available. Please choose another one.",
  minimumQuantity: "The minimum allowed quantity is 100. Please select a higher plan.",
  paymentSetup: "Failed to create payment. Please try again or contact support.",
  accountsFull: "We cannot take more payments today. Please try again tomorrow or contact support.",
  targetBusy:
    "An order for this account or post is still being delivered, and a second one now would be lost. " +
    "Please order again once it is delivered, or choose another account or post.",
  tooMany: "Too many orders from this connection. Please wait a minute and try again.",
} as const;

export const PAYMENT_MESSAGES = {
  utrInvalid: "Please enter the 12-digit UPI reference number (UTR) from your payment app",
  utrTooShort: "This UTR has fewer than 12 digits. Please copy the whole 12-digit UPI reference from your payment app",
  utrTooLong: "This UTR has more than 12 digits. Please copy only the 12-digit UPI reference from your payment app",
  utrNotDigits:
    "A UTR has only digits. Please copy the 12-digit UPI reference (not the transaction ID) from your payment app",
  utrUsed: "This UPI reference number has already been used for another order",
  utrReceived: "Payment reference received. We are confirming your payment.",
  tooLate:
    "This order's payment window closed too long ago to take a payment reference here. " +
    "Please contact support with your UTR.",
  confirmed: "Payment confirmed",
  refundReferenceInvalid: "Enter the UPI reference (UTR) of the refund you paid: 12 digits",
  refunded: "Refund recorded",
} as const;

/**
 * What /track says when it cannot look an order up (here, apart from the
 * form's schema, so the message catalogue every buying page loads needs no zod).
 */
export const TRACK_MESSAGES = {
  bothNeeded: "Please enter your order ID and phone number",
  noMatch: "No order matches this order ID and phone number",
  unknownAction: "Unknown action",
  tooMany: "Too many lookups. Please wait a minute and try again.",
} as const;
