import { ChevronDown, TriangleAlert } from "lucide-react";
import { Link } from "react-router";
import { Card } from "~/components/ui/card";
import { BANNER_COOKIE, bannerCookieValue } from "./unsafe-defaults-banner-state";

interface Item {
  id: string;
  message: string;
  href: string;
  linkLabel: string;
}

/**
 * The defaults a fresh shop ships with that must not meet real buyers, above
 * every admin page until each is fixed. A status, not an alert: it is there on
 * every page, and a screen reader should not be interrupted on each one.
 *
 * It folds to one line (a `<details>`, so it folds before React runs too), and
 * stays as the operator left it (a cookie the layout reads, so the server's
 * page is already folded). Until they choose, it starts folded on a phone,
 * where its list took about 290 px of every screen (issue 45). A new item
 * unfolds it again: the cookie names the items it was folded over.
 */
export function UnsafeDefaultsBanner({ items, open }: { items: Item[]; open: boolean }) {
  if (items.length === 0) return null;
  const ids = items.map((item) => item.id);
  return (
    <Card
      role="status"
      aria-labelledby="unsafe-defaults-title"
      radius="lg"
      padding="none"
      shadow="none"
      className="mb-3 border-amber-300 bg-amber-50 sm:mb-6"
    >
      <details open={open} className="group">
        <summary
          // On the click itself, which opens or closes it (by mouse, touch or keyboard): the toggle event comes a
          // task later, after a quick reload may already have asked the server.
          onClick={(event) => {
            const details = event.currentTarget.parentElement as HTMLDetailsElement;
            const value = bannerCookieValue(!details.open, ids);
            const secure = window.location.protocol === "https:" ? "; Secure" : "";
            document.cookie = `${BANNER_COOKIE}=${value}; Path=/admin; Max-Age=31536000; SameSite=Lax${secure}`;
          }}
          className="flex cursor-pointer list-none items-center gap-2 px-3 py-2 text-sm font-semibold text-amber-900 sm:px-4 sm:py-3 sm:text-base [&::-webkit-details-marker]:hidden"
        >
          <TriangleAlert className="size-5 shrink-0" aria-hidden />
          <span id="unsafe-defaults-title" className="min-w-0 flex-1 truncate">
            Not ready for real buyers
          </span>
          <span className="shrink-0 rounded-full bg-amber-200 px-2 text-xs font-semibold">{items.length} to fix</span>
          <ChevronDown className="size-4 shrink-0 transition-transform group-open:rotate-180" aria-hidden />
          <span className="sr-only">Show or hide the list</span>
        </summary>
        <ul className="space-y-1.5 px-3 pb-3 text-xs text-gray-800 sm:space-y-2 sm:px-4 sm:pb-4 sm:text-sm">
          {items.map((item) => (
            <li key={item.id} data-unsafe-default={item.id} className="break-words">
              {item.message}{" "}
              <Link to={item.href} className="font-medium text-brand-700 underline underline-offset-2">
                {item.linkLabel}
              </Link>
            </li>
          ))}
        </ul>
      </details>
    </Card>
  );
}
