import { useEffect, useState } from "react";
import type { ServiceType } from "~/domain/panel/service-types";
import type { TFunction } from "i18next";
import { useTranslation } from "react-i18next";
import { type RecentOrder, elapsed } from "~/domain/orders/recent";
import { useLocale } from "~/lib/i18n/use-locale";
import { TitledCard } from "~/components/ui/card";
import { formatCount } from "~/lib/money";

/**
 * Real recent orders of this service, masked by the server, refreshed every
 * 5 s (2 s on comments), latest 3. Hidden when there are none: no made-up ticker.
 */
export function RecentOrders({
  service,
  noun,
  initial,
  initialNow,
}: {
  service: ServiceType;
  noun: string;
  initial: RecentOrder[];
  initialNow: number;
}) {
  const [orders, setOrders] = useState(initial);
  const { t } = useTranslation("service");
  const locale = useLocale();
  // The server's clock, carried forward on this one: "2 min ago" must not depend on the buyer's clock.
  const [now, setNow] = useState(initialNow);
  const [loaded, setLoaded] = useState({ initial, initialNow });
  if (loaded.initial !== initial || loaded.initialNow !== initialNow) {
    setLoaded({ initial, initialNow });
    setOrders(initial);
    setNow(initialNow);
  }

  useEffect(() => {
    let server = initialNow;
    let local = Date.now();
    let stopped = false;
    const every = service === "comments" ? 2_000 : 5_000;
    const refresh = async () => {
      const { fetchRecentOrders } = await import("./recent-orders-request");
      const reply = await fetchRecentOrders(service);
      if (stopped) return;
      // A missed refresh only leaves the box as it was.
      if (reply.ok) {
        setOrders(reply.data.orders.slice(0, 3));
        server = reply.data.now;
        local = Date.now();
      }
      setNow(server + (Date.now() - local));
    };
    const timer = setInterval(() => void refresh(), every);
    return () => {
      stopped = true;
      clearInterval(timer);
    };
  }, [service, initialNow]);

  if (orders.length === 0) return null;
  return (
    <TitledCard title={t("recent.heading")} headingId="recent-orders-title" headingClassName="text-base font-bold">
      <ul className="mt-3 space-y-2" aria-live="polite">
        {orders.slice(0, 3).map((o) => (
          <li
            key={`${o.createdAt}-${o.handle}-${o.quantity}`}
            className="flex items-center justify-between gap-3 text-sm"
          >
            <span>
              <span className="font-semibold">{o.handle ? `@${o.handle}` : t("recent.someone")}</span>
              {t("recent.ordered", { quantity: formatCount(o.quantity, locale), noun: noun.toLowerCase() })}
            </span>
            <span className="shrink-0 text-gray-600">{timeAgo(t, o.createdAt, now)}</span>
          </li>
        ))}
      </ul>
    </TitledCard>
  );
}

/** "just now", "3 min ago", "2 h ago", "4 days ago", in the page's language. */
function timeAgo(t: TFunction, thenMs: number, nowMs: number): string {
  const { unit, n } = elapsed(thenMs, nowMs);
  return unit === "days" ? t("service:recent.days", { count: n }) : t(`service:recent.${unit}`, { n });
}
