import { createContext, useContext } from "react";
import type { PageScripts } from "./page-handle";

const PageScriptsContext = createContext<PageScripts>("react");

/** Given by app/entry.server.tsx, which knows the request's method as well as the page. */
export const PageScriptsProvider = PageScriptsContext.Provider;

/** How the server sends this page's behaviour; in the browser always `react`, since only React renders there. */
export function usePageScripts(): PageScripts {
  return useContext(PageScriptsContext);
}
