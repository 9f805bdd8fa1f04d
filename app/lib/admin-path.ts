/**
 * Whether a request is for the admin: the one answer used by the admin's
 * walls (app/routes/admin/middleware.server.ts) and by the browser policy each
 * answer carries (server/security.ts: CSP, COOP, Permissions-Policy), so
 * headers and authorisation can never disagree about a spelling.
 *
 * React Router matches a path after percent-decoding it segment by segment and
 * ignoring ASCII case (a regular expression with the `i` flag), and takes
 * `.data` for its data requests; this reads the path the same way, and is
 * stricter where the two could differ: every segment is decoded on its own (a
 * malformed one stays as it is), an encoded `/` counts as one, and repeated
 * slashes count as one.
 */

const ADMIN = /^\/(?:api\/)?admin(?:\/|$)/i;
const API = /^\/api(?:\/|$)/i;

/** The path as the router reads it: decoded, `.data` dropped, each run of slashes one slash. */
export function routedPath(pathname: string): string {
  const decoded = pathname
    .split("/")
    .map((segment) => {
      try {
        return decodeURIComponent(segment);
      } catch {
        return segment;
      }
    })
    .join("/");
  return decoded.replace(/\/{2,}/g, "/").replace(/\.data$/i, "");
}

/** True for every admin page and `/api/admin` endpoint, however the path is spelled. */
export function isAdminPath(pathname: string): boolean {
  return ADMIN.test(routedPath(pathname));
}

/**
 * Whether a document may use the storefront's browser policy (the payment
 * gateway's script and frames, a popup's opener, the Payment Request API):
 * storefront pages only, never the admin or the JSON API.
 */
export function isStorefrontPath(pathname: string): boolean {
  const path = routedPath(pathname);
  return !ADMIN.test(path) && !API.test(path);
}
