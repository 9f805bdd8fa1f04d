import { BUYER_SCOPE, BUYER_WORKER_URL } from "~/lib/buyer-app";

/** Registers the buyer's service worker (app/lib/buyer-app.ts) (again is cheap); null where the browser has no service workers or refuses them off HTTPS. */
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
