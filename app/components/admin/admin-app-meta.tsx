import { ADMIN_THEME_COLOR } from "~/lib/admin-app";

/**
 * What a phone paints around the admin, and that iOS opens it from the Home
 * Screen without the browser's bars (the manifest says so to everyone else).
 * React places these in the document's head.
 */
export function AdminAppMeta() {
  return (
    <>
      <meta name="theme-color" content={ADMIN_THEME_COLOR} />
      <meta name="mobile-web-app-capable" content="yes" />
      <meta name="apple-mobile-web-app-capable" content="yes" />
      <meta name="apple-mobile-web-app-status-bar-style" content="default" />
    </>
  );
}
