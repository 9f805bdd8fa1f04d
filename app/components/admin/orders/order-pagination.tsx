import { Button } from "~/components/ui/button";
import { formatCount } from "~/lib/money";

/** Previous and next page of the orders list; nothing when everything fits on one page. */
export function OrderPagination({
  page,
  pageCount,
  onPage,
}: {
  page: number;
  pageCount: number;
  onPage: (page: number) => void;
}) {
  if (pageCount <= 1) return null;
  return (
    <nav className="flex items-center justify-between gap-2" aria-label="Pagination">
      <Button variant="neutral" size="sm" className="font-normal" disabled={page <= 1} onClick={() => onPage(page - 1)}>
        Previous
      </Button>
      <span className="text-sm text-gray-700">
        Page {formatCount(page)} of {formatCount(pageCount)}
      </span>
      <Button
        variant="neutral"
        size="sm"
        className="font-normal"
        disabled={page >= pageCount}
        onClick={() => onPage(page + 1)}
      >
        Next
      </Button>
    </nav>
  );
}
