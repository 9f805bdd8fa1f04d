/**
 * What the buyer reads on the storefront about their order's updates ("Notify
 * me", "Stop updates"): English here, every language in app/locales (the
 * `errors` texts). Shared by the server, which answers with them, and the page.
 */

export const NOTIFY_MESSAGES = {
  noMatch: "We could not find an order with this order ID and phone number.",
  tooMany: "Notifications are already on for this order on several browsers. Turn them off on one first.",
  on: "Notifications are on for this order.",
  off: "Notifications are off for this order on this browser.",
} as const;

export const STOP_UPDATES_MESSAGES = {
  noMatch: "We could not find an order with this order ID and phone number.",
  done: "Done: we will send no more updates about this order.",
  badLink: "This link is not valid. Open the order on the tracking page and choose Stop updates there.",
} as const;
