import { ADMIN_BACKGROUND_COLOR, ADMIN_SCOPE, ADMIN_THEME_COLOR } from "./admin-app";

/**
 * The admin's web app manifest: what a phone installs from the admin ("Add to
 * Home Screen"), named after the shop. It opens the admin full screen and
 * keeps it to /admin; links out of it (the storefront) open in the browser.
 */
export function adminManifest(brandName: string) {
  const name = `${brandName} Admin`;
  return {
    id: ADMIN_SCOPE,
    name,
    short_name: name.length <= 12 ? name : "Admin",
    description: `Orders, payments and alerts of ${brandName}`,
    start_url: ADMIN_SCOPE,
    scope: ADMIN_SCOPE,
    display: "standalone",
    orientation: "portrait",
    theme_color: ADMIN_THEME_COLOR,
    background_color: ADMIN_BACKGROUND_COLOR,
    icons: [
      { src: "/admin-icon-192.png", sizes: "192x192", type: "image/png", purpose: "any" },
      { src: "/admin-icon-512.png", sizes: "512x512", type: "image/png", purpose: "any" },
      { src: "/admin-icon-maskable-512.png", sizes: "512x512", type: "image/png", purpose: "maskable" },
    ],
  };
}
