/** What the buyer reads about paying online, outside the server module so the storefront can translate it. */
export const GATEWAY_MESSAGES = {
  off: "Paying online is not available right now. Please pay by UPI QR.",
  notPayable: "This order can no longer be paid",
  busy: "Your payment is still being prepared. Please try again in a moment.",
  notVerified: "This payment could not be verified",
} as const;
