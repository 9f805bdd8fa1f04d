import { TriangleAlert } from "lucide-react";
import { Link } from "react-router";
import { Card } from "~/components/ui/card";

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
 */
export function UnsafeDefaultsBanner({ items }: { items: Item[] }) {
  if (items.length === 0) return null;
  return (
    <Card
      role="status"
      aria-labelledby="unsafe-defaults-title"
      radius="lg"
      padding="sm"
      shadow="none"
      className="mb-4 border-amber-300 bg-amber-50 sm:mb-6"
    >
      <h2 id="unsafe-defaults-title" className="flex items-center gap-2 font-semibold text-amber-900">
        <TriangleAlert className="size-5 shrink-0" aria-hidden /> Not ready for real buyers
      </h2>
      <ul className="mt-2 space-y-2 text-sm text-gray-800">
        {items.map((item) => (
          <li key={item.id} data-unsafe-default={item.id} className="break-words">
            {item.message}{" "}
            <Link to={item.href} className="font-medium text-brand-700 underline underline-offset-2">
              {item.linkLabel}
            </Link>
          </li>
        ))}
      </ul>
    </Card>
  );
}
