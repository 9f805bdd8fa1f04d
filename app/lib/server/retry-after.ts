/**
 * For a route's `headers` export: React Router passes an action's own headers
 * (other than cookies) on to the response only through that export. Keeps what
 * the parent routes set and adds the action's Retry-After, so a refused
 * attempt (429) tells the client when to come back.
 */
export function withRetryAfter({ parentHeaders, actionHeaders }: { parentHeaders: Headers; actionHeaders: Headers }) {
  const headers = new Headers(parentHeaders);
  const retryAfter = actionHeaders.get("Retry-After");
  if (retryAfter) headers.set("Retry-After", retryAfter);
  return headers;
}

/** `withRetryAfter` for a page about one buyer's order (/track, /receipt): never kept by a browser or a proxy. */
export function noStoreWithRetryAfter(args: { parentHeaders: Headers; actionHeaders: Headers }) {
  const headers = withRetryAfter(args);
  headers.set("Cache-Control", "no-store");
  return headers;
}
