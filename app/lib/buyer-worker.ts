/**
 * The buyer's service worker (public/buyer-sw.js): shows an order's updates
 * as notifications ("Notify me", docs/buyer-messages.md). Its own script and
 * scope, apart from the admin's (app/lib/admin-app.ts), so neither sees the
 * other's pages or notifications.
 */
export const BUYER_WORKER_URL = "/buyer-sw.js";
export const BUYER_SCOPE = "/track";

/** Registers it (again is cheap); null where the browser has no service workers or refuses them off HTTPS. */
export async function registerBuyerWorker(): Promise<ServiceWorkerRegistration | null> {
  if (!("serviceWorker" in navigator)) return null;
  await navigator.serviceWorker.register(BUYER_WORKER_URL, { scope: BUYER_SCOPE, updateViaCache: "none" });
  // The worker that shows updates must be active before the push service is asked for a subscription.
  for (let i = 0; i < 50; i++) {
    const registration = await navigator.serviceWorker.getRegistration(BUYER_SCOPE);
    if (registration?.active) return registration;
    await new Promise((done) => setTimeout(done, 100));
  }
  return (await navigator.serviceWorker.getRegistration(BUYER_SCOPE)) ?? null;
}

export async function buyerWorkerRegistration(): Promise<ServiceWorkerRegistration | undefined> {
  return navigator.serviceWorker?.getRegistration(BUYER_SCOPE);
}
