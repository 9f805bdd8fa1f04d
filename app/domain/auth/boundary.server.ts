import { type MiddlewareFunction, data } from "react-router";
import { apiError } from "~/lib/api.server";
import { isCrossSiteWrite } from "./origin";

export const CROSS_SITE_REFUSED = "Cross-site request refused";

type Boundary = MiddlewareFunction<Response>;

/**
 * The admin's outer wall, as route middleware on the routes themselves (every
 * admin page, every /api/admin endpoint, their `.data` requests): it runs for
 * whatever spelling React Router matched (any case, percent-encoded, a
 * trailing slash), which a check on the raw path in front of the router could
 * not promise. It refuses state-changing requests sent by another site,
 * sibling subdomains included (CSRF), before any loader or action runs, and
 * keeps every admin answer out of shared and browser caches.
 */
function adminBoundary(refuse: () => never): Boundary {
  return async ({ request }, next) => {
    if (isCrossSiteWrite(request.method, request.headers, new URL(request.url).origin)) refuse();
    return noStore(await next());
  };
}

/** Admin pages: a refusal renders the admin error page with 403. */
export const adminPageBoundary = adminBoundary(() => {
  throw data(CROSS_SITE_REFUSED, { status: 403, headers: { "Cache-Control": "no-store" } });
});

/** /api/admin/*: a refusal is the API's JSON error with 403. */
export const adminApiBoundary = adminBoundary(() => {
  const response = apiError(403, CROSS_SITE_REFUSED);
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
