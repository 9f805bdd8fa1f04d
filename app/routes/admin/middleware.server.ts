import { type MiddlewareFunction, type RouterContextProvider, data, redirect } from "react-router";
import { isCrossSiteWrite } from "~/domain/auth/origin";
import { adminSessionContext, readAdminSession } from "~/domain/auth/guard.server";
import { SESSION_COOKIE, clearSessionCookie, readCookie } from "~/domain/auth/session.server";
import { isAdminPath } from "~/lib/admin-path";
import { apiError } from "~/lib/server/api.server";
import { redirectWithToast } from "~/lib/server/toast.server";

/**
 * The admin's walls, as route middleware on the routes themselves (every admin
 * page, every /api/admin endpoint, their `.data` requests): they run for
 * whatever spelling React Router matched (any case, percent-encoded, a
 * trailing slash), which a check on the raw path in front of the router could
 * not promise. Here, at the edge, a refusal becomes an answer: a redirect or
 * the admin error page for pages, the API's JSON error for /api/admin.
 */

export const CROSS_SITE_REFUSED = "Cross-site request refused";
export const AUTHENTICATION_REQUIRED = "Authentication required";
const NOT_FOUND = "Not found";

type Middleware = MiddlewareFunction<Response>;

/**
 * Refuses state-changing requests sent by another site, sibling subdomains
 * included (CSRF), before any loader or action runs, and keeps every admin
 * answer out of shared and browser caches.
 */
function adminBoundary(refuse: (status: 403 | 404, message: string) => never): Middleware {
  return async ({ request }, next) => {
    const url = new URL(request.url);
    // The one answer to "is this the admin?" (app/lib/admin-path.ts), which also chose this answer's browser
    // policy: a spelling it would not call the admin is never served as the admin.
    if (!isAdminPath(url.pathname)) refuse(404, NOT_FOUND);
    if (isCrossSiteWrite(request.method, request.headers, url.origin)) refuse(403, CROSS_SITE_REFUSED);
    return noStore(await next());
  };
}

/** Admin pages: a refusal renders the admin error page with its status. */
export const adminPageBoundary = adminBoundary((status, message) => {
  throw data(message, { status, headers: { "Cache-Control": "no-store" } });
});

/** /api/admin/*: a refusal is the API's JSON error. */
export const adminApiBoundary = adminBoundary((status, message) => {
  const response = apiError(status, message);
  response.headers.set("Cache-Control", "no-store");
  throw response;
});

function noStore(response: Response): Response {
  try {
    response.headers.set("Cache-Control", "no-store");
    return response;
  } catch {
    // Some responses (Response.redirect) have immutable headers: copy them.
    const copy = new Response(response.body, response);
    copy.headers.set("Cache-Control", "no-store");
    return copy;
  }
}

interface GuardArgs {
  request: Request;
  /** Normalised location (no `.data` suffix or `_routes`). */
  url: URL;
  context: Readonly<RouterContextProvider>;
}

/**
 * Admin pages: no session → the sign-in page, remembering where the admin was
 * going; a session cookie that no longer opens a session is cleared and the
 * sign-in page says the session expired.
 */
export async function adminPageGuard({ request, url, context }: GuardArgs) {
  const session = await readAdminSession(context, request);
  if (session) {
    (context as RouterContextProvider).set(adminSessionContext, session);
    return;
  }
  const search = new URLSearchParams(url.search);
  search.delete("_routes");
  search.delete("index");
  const query = search.toString();
  const to = `/admin/login?${new URLSearchParams({ redirectTo: `${url.pathname}${query ? `?${query}` : ""}` })}`;
  if (!readCookie(request, SESSION_COOKIE)) throw redirect(to);
  throw redirectWithToast(request, to, "session-expired", {
    headers: { "Set-Cookie": clearSessionCookie(request) },
  });
}

/** /api/admin/*: no session → 401 JSON. */
export async function adminApiGuard({ request, context }: GuardArgs) {
  const session = await readAdminSession(context, request);
  if (!session) throw apiError(401, AUTHENTICATION_REQUIRED);
  (context as RouterContextProvider).set(adminSessionContext, session);
}
