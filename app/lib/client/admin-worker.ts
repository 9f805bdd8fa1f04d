import { ADMIN_SCOPE, ADMIN_WORKER_URL } from "~/lib/admin-app";

/**
 * Registers the admin's service worker (public/admin-sw.js) for /admin only,
 * so the installed app has it and alerts can be turned on. Registering again
 * is cheap: the browser keeps one registration and checks for a new script.
 * Null where the browser has no service workers (or refuses them off HTTPS).
 */
export async function registerAdminWorker(): Promise<ServiceWorkerRegistration | null> {
  if (!("serviceWorker" in navigator)) return null;
  return navigator.serviceWorker.register(ADMIN_WORKER_URL, { scope: ADMIN_SCOPE, updateViaCache: "none" });
}

/** The admin worker's registration on this device, if any. */
export async function adminWorkerRegistration(): Promise<ServiceWorkerRegistration | undefined> {
  return navigator.serviceWorker?.getRegistration(ADMIN_SCOPE);
}
