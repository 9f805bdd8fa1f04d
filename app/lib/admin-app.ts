/**
 * The admin as an installable app on the operator's phone: its service worker
 * (public/admin-sw.js), the part of the site it controls, and the colours the
 * phone paints around it (the admin's white header on its gray page).
 */
export const ADMIN_WORKER_URL = "/admin-sw.js";
/** Narrower than the worker's own folder, so no Service-Worker-Allowed header is needed; never the storefront. */
export const ADMIN_SCOPE = "/admin";
export const ADMIN_MANIFEST_URL = "/admin/manifest.webmanifest";
export const ADMIN_THEME_COLOR = "#ffffff";
export const ADMIN_BACKGROUND_COLOR = "#f9fafb";
