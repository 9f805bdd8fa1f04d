import { isRouteErrorResponse } from "react-router";

/**
 * How an error page speaks of what reached it: its status, whether the page is
 * simply not there, and whether the visitor's own request was refused (a bad
 * form, a body too large…) rather than the server failing.
 */
export function routeErrorKind(error: unknown) {
  const status = isRouteErrorResponse(error) ? error.status : 500;
  const notFound = status === 404;
  return { status, notFound, refused: status >= 400 && status < 500 && !notFound };
}
