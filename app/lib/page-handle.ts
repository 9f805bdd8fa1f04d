/**
 * What a route module says about its page in `export const handle`.
 * `staticPage`: the page is the same for every visitor and needs no React in
 * the browser; it loads app/islands/main.ts instead of React Router's scripts
 * (ADR 0010). Every route it nests in must be fine with that too.
 */
export interface PageHandle {
  staticPage?: true;
}

export const STATIC_PAGE: PageHandle = { staticPage: true };

/** Whether the innermost matched route asks for a static page. */
export function isStaticPage(handles: ReadonlyArray<unknown>): boolean {
  const last = handles.at(-1) as PageHandle | undefined;
  return handles.length > 1 && last?.staticPage === true;
}
