/**
 * The buyer's service worker (public/buyer-sw.js): shows an order's updates
 * as notifications ("Notify me", docs/buyer-messages.md). Its own script and
 * scope, apart from the admin's (app/lib/admin-app.ts), so neither sees the
 * other's pages or notifications. Registered in the browser by app/lib/client/buyer-worker.ts.
 */
export const BUYER_WORKER_URL = "/buyer-sw.js";
export const BUYER_SCOPE = "/track";
