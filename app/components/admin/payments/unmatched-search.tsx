import type { ReactNode } from "react";
import { Form, Link } from "react-router";
import { Button } from "~/components/ui/button";
import { Input } from "~/components/ui/input";
import { formatCount } from "~/lib/money";

/** The page's own address for a search and page: `?q=…&page=…`, without the defaults. */
function pageHref(q: string, page: number): { search: string } {
  const params = new URLSearchParams();
  if (q) params.set("q", q);
  if (page > 1) params.set("page", String(page));
  const query = params.toString();
  return { search: query ? `?${query}` : "" };
}

/**
 * Unmatched payments are searched (UTR, order, payer, amount, the alert's words) and paged, so however many
 * wait, each one can be found (security round 4, finding 3). Plain links and a GET form: works before React runs.
 */
export function UnmatchedSearch({
  q,
  page,
  pageCount,
  total,
  children,
}: {
  q: string;
  page: number;
  pageCount: number;
  total: number;
  children: ReactNode;
}) {
  return (
    <section aria-labelledby="unmatched-waiting-title" className="space-y-3">
      <div className="flex flex-wrap items-end justify-between gap-2">
        <h3 id="unmatched-waiting-title" className="text-base font-semibold">
          Waiting: {formatCount(total)}
          {q ? ` matching “${q}”` : ""}
        </h3>
        <Form method="get" role="search" className="flex min-w-0 flex-1 gap-2 sm:max-w-md">
          <label htmlFor="unmatched-q" className="sr-only">
            Search unmatched payments
          </label>
          <Input
            id="unmatched-q"
            size="sm"
            type="search"
            name="q"
            defaultValue={q}
            maxLength={100}
            placeholder="UTR, order, payer, ₹ amount, words"
          />
          <Button type="submit" size="sm" variant="neutral">
            Search
          </Button>
        </Form>
      </div>
      {children}
      {pageCount > 1 && (
        <nav className="flex items-center justify-between gap-2" aria-label="Unmatched payments pages">
          {page > 1 ? (
            <Button asChild variant="neutral" size="sm" className="font-normal">
              <Link to={pageHref(q, page - 1)}>Previous</Link>
            </Button>
          ) : (
            <span />
          )}
          <span className="text-sm text-gray-700">
            Page {formatCount(page)} of {formatCount(pageCount)}
          </span>
          {page < pageCount ? (
            <Button asChild variant="neutral" size="sm" className="font-normal">
              <Link to={pageHref(q, page + 1)}>Next</Link>
            </Button>
          ) : (
            <span />
          )}
        </nav>
      )}
    </section>
  );
}
