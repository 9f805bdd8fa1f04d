import { Loader2, Search } from "lucide-react";
import { useEffect, useId, useState } from "react";
import { Button } from "~/components/ui/button";
import { Input } from "~/components/ui/input";
import type { ServiceTerms } from "~/domain/panel/parse";
import type { PanelForPlans } from "~/domain/plans/plan-costs.server";
import { apiCall } from "~/lib/client/api-client";
import { formatCount } from "~/lib/money";
import {
  type PanelServiceSearch,
  type PanelServiceSearchResponse,
  panelServiceSearchEndpoint,
} from "~/routes/api/admin/panel-service-search.types";

/** How long typing pauses before the search is sent. */
const SEARCH_PAUSE_MS = 250;

type Answer =
  | { state: "idle" | "loading" }
  /** `current`: the answer to this search (false: to the one before, kept on screen while this one is asked). */
  | { state: "done"; data: PanelServiceSearchResponse; current: boolean }
  | { state: "failed"; message: string };

/**
 * One panel's services, searched on the server a page at a time
 * (panel-service-search.types.ts): the answer to `search`, fetched when it
 * changes, after a pause while typing. Null `search`: nothing is asked.
 */
export function useServiceSearch(search: PanelServiceSearch | null, pauseMs = SEARCH_PAUSE_MS): Answer {
  const [last, setLast] = useState<{ key: string; answer: Answer }>({ key: "", answer: { state: "idle" } });
  const key = search ? JSON.stringify(search) : null;
  useEffect(() => {
    if (!key) return;
    let current = true;
    const timer = setTimeout(() => {
      void apiCall(panelServiceSearchEndpoint, { params: JSON.parse(key) as PanelServiceSearch }).then((result) => {
        if (!current) return;
        const answer: Answer = result.ok
          ? { state: "done", data: result.data, current: true }
          : { state: "failed", message: result.error.message };
        setLast({ key, answer });
      });
    }, pauseMs);
    return () => {
      current = false;
      clearTimeout(timer);
    };
  }, [key, pauseMs]);
  if (!key) return { state: "idle" };
  if (last.key === key) return last.answer;
  return last.answer.state === "done" ? { ...last.answer, current: false } : { state: "loading" };
}

/** A service's price and the quantities it takes, in one line: "45.00 INR per 1000 · takes 50–1,00,000". */
export function termsLine(terms: ServiceTerms, currency: string): string {
  const rate = terms.rate !== null ? `${terms.rate} ${currency || "INR"} per 1000` : "No rate";
  const min = terms.min !== null ? formatCount(terms.min) : "any";
  const max = terms.max !== null ? formatCount(terms.max) : "any";
  return `${rate} · takes ${min}–${max}`;
}

/**
 * The searchable list of a panel's services where a plan asks for a service
 * id (issue 45 point 12): name, rate, min–max and refill of each, searched by
 * id, name or category, a page at a time; a tap puts the id in the field.
 */
export function ServicePicker({
  id,
  panel,
  onPick,
}: {
  id: string;
  panel: PanelForPlans;
  onPick: (serviceId: string) => void;
}) {
  const [query, setQuery] = useState("");
  const [page, setPage] = useState(1);
  const answer = useServiceSearch({ panelId: panel.id, q: query.trim(), page });
  const searchId = useId();
  // A new search starts at its first page.
  const search = (text: string) => {
    setQuery(text);
    setPage(1);
  };
  const data = answer.state === "done" ? answer.data : null;
  const pages = data ? Math.max(1, Math.ceil(data.total / data.pageSize)) : 1;
  const first = data && data.total > 0 ? (data.page - 1) * data.pageSize + 1 : 0;
  const last = data ? Math.min(data.total, data.page * data.pageSize) : 0;

  return (
    <div id={id} className="mt-2 space-y-2 rounded-md border border-gray-200 p-2">
      <label htmlFor={searchId} className="sr-only">
        Search {panel.name}&apos;s services
      </label>
      <div className="relative">
        <Search
          className="pointer-events-none absolute left-2 top-1/2 size-4 -translate-y-1/2 text-gray-500"
          aria-hidden
        />
        <Input
          id={searchId}
          type="search"
          size="sm"
          className="pl-8"
          placeholder="Search by name, category or id"
          autoComplete="off"
          value={query}
          onChange={(e) => search(e.target.value)}
          // Enter searches; it never submits the plan's form.
          onKeyDown={(e) => e.key === "Enter" && e.preventDefault()}
        />
      </div>
      <p className="text-xs text-gray-600" aria-live="polite">
        {answer.state === "failed"
          ? answer.message
          : !data
            ? "Loading services…"
            : data.total === 0
              ? `No service of ${panel.name} matches`
              : `${formatCount(first)}–${formatCount(last)} of ${formatCount(data.total)} services`}
        {answer.state === "done" && !answer.current && (
          <Loader2 className="ml-1 inline size-3 animate-spin" aria-hidden />
        )}
      </p>
      {data && data.services.length > 0 && (
        <ul className="max-h-72 space-y-1 overflow-y-auto" aria-label={`${panel.name}'s services`}>
          {data.services.map((service) => (
            <li key={service.serviceId}>
              <button
                type="button"
                className="w-full rounded-md px-2 py-1.5 text-left text-xs hover:bg-gray-100 focus-visible:bg-gray-100"
                onClick={() => onPick(service.serviceId)}
              >
                <span className="block break-words font-medium text-gray-900">
                  {service.serviceId} · {service.name}
                </span>
                <span className="block text-gray-600">
                  {termsLine(service, panel.currency.panelCurrency)} · Refill {service.refill ? "yes" : "no"}
                </span>
              </button>
            </li>
          ))}
        </ul>
      )}
      {pages > 1 && (
        <div className="flex items-center justify-between gap-2">
          <Button variant="neutral" size="sm" disabled={!data || data.page <= 1} onClick={() => setPage(page - 1)}>
            Previous
          </Button>
          <span className="text-xs text-gray-600">
            Page {data?.page ?? page} of {pages}
          </span>
          <Button variant="neutral" size="sm" disabled={!data || data.page >= pages} onClick={() => setPage(page + 1)}>
            Next
          </Button>
        </div>
      )}
    </div>
  );
}
