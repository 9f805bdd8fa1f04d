import { useEffect, useEffectEvent, useState } from "react";
import { useSearchParams } from "react-router";
import { withChanges } from "~/lib/search-params";

/** Changes to the list's URL: an empty value removes its parameter. */
export type OrderListUpdate = (changes: Record<string, string | undefined>) => void;

/**
 * The orders list keeps its filters and page in the URL, so a reload, a link
 * or the Back button shows the same list. Any change but the page's own goes
 * back to page 1; typing in the search replaces the history entry instead of
 * adding one per search.
 */
export function useOrderListParams(): OrderListUpdate {
  const [, setSearchParams] = useSearchParams();
  return (changes) => {
    setSearchParams(
      (prev) => {
        const next = withChanges(prev, changes);
        if (!("page" in changes)) next.delete("page");
        return next;
      },
      { preventScrollReset: true, replace: "q" in changes },
    );
  };
}

/** The search box's text, sent to the URL as the admin types, without a request per keystroke. */
export function useDebouncedSearch(current: string, update: OrderListUpdate, delayMs = 350) {
  const [search, setSearch] = useState(current);
  const send = useEffectEvent((text: string) => {
    if (text !== current) update({ q: text || undefined });
  });
  useEffect(() => {
    const timer = setTimeout(() => send(search.trim()), delayMs);
    return () => clearTimeout(timer);
  }, [search, delayMs]);
  return { search, setSearch, submit: () => update({ q: search.trim() || undefined }) };
}
