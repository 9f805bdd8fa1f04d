/**
 * What a route module says about its page in `export const handle`.
 * `staticPage`: the page is the same for every visitor and needs no React in
 * the browser; it loads app/islands/main.ts instead of React Router's scripts
 * (ADR 0010). `hydrateOnIntent`: the page needs React for its forms, but not
 * to be read; the browser gets React Router's scripts inert and starts them at
 * the visitor's first touch, key or pointer movement (ADR 0011). Every route
 * the page nests in must be fine with that too.
 */
export interface PageHandle {
  staticPage?: true;
  hydrateOnIntent?: true;
  /** Query fields of a GET form the page answers (a service page's step one): sent, the visitor is using the page. */
  formFields?: readonly string[];
}

export const STATIC_PAGE: PageHandle = { staticPage: true };
export const HYDRATE_ON_INTENT: PageHandle = { hydrateOnIntent: true };

/**
 * How a server-rendered page gets its behaviour: `islands` (the islands script
 * alone), `on-intent` (the islands script now, React at the first intent) or
 * `react` (React Router's scripts as they are).
 */
export type PageScripts = "islands" | "on-intent" | "react";

/**
 * Decided by the innermost matched route. A form sent without JavaScript
 * answers with a page made for that visitor (an order's status, a service
 * page's packages): React starts at once there, as the visitor is already
 * using the page. Such a form is a POST, or a GET carrying one of the
 * page's `formFields` (not just any query: an ad's `utm_source` is a reader).
 */
export function pageScripts(
  handles: ReadonlyArray<unknown>,
  method = "GET",
  query: URLSearchParams = new URLSearchParams(),
): PageScripts {
  const last = handles.at(-1) as PageHandle | undefined;
  if (handles.length < 2 || !last) return "react";
  if (last.staticPage) return "islands";
  const answered = last.formFields?.some((field) => query.has(field)) ?? false;
  if (last.hydrateOnIntent && (method === "GET" || method === "HEAD") && !answered) return "on-intent";
  return "react";
}

/**
 * The `type` React Router's module script carries on an `on-intent` page until
 * the first intent: a type browsers do not run. The islands script then adds
 * the same code as a module script (app/islands/hydrate-on-intent.ts), and the
 * page cache lists its hash in the CSP as for any inline script.
 */
export const INERT_MODULE_TYPE = "text/x-module-on-intent";
