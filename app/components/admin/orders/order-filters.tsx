import { Search } from "lucide-react";
import { Button } from "~/components/ui/button";
import { Input } from "~/components/ui/input";
import { DateRangePicker } from "~/components/admin/date-range-picker";
import { RangeButtons } from "~/components/admin/range-buttons";
import { StatusSelect } from "~/components/admin/status-select";
import { ORDER_LIST_FILTERS, ORDER_LIST_STATUSES } from "~/domain/orders/list-filters";
import type { OrderFilters as Filters } from "~/domain/orders/list.server";
import { type OrderListUpdate, useDebouncedSearch } from "./use-order-list-params";

const TIME_FILTERS = [
  ["all", "All Time"],
  ["today", "Today"],
  ["yesterday", "Yesterday"],
  ["month", "This Month"],
  ["custom", "Custom"],
] as const;

const STATUS_OPTIONS = ORDER_LIST_STATUSES.map((key) => [key, ORDER_LIST_FILTERS[key].label] as const);

/** Search, status and time range of the orders list; each one a parameter of the URL. */
export function OrderFilters({ query, update }: { query: Filters; update: OrderListUpdate }) {
  const { search, setSearch, submit } = useDebouncedSearch(query.q, update);
  return (
    <>
      <div className="flex flex-wrap items-center gap-2">
        <label htmlFor="order-search" className="relative min-w-56 flex-1">
          <span className="sr-only">Search orders</span>
          <Search
            className="pointer-events-none absolute left-3 top-1/2 h-4 w-4 -translate-y-1/2 text-gray-500"
            aria-hidden
          />
          <Input
            id="order-search"
            size="sm"
            type="search"
            value={search}
            onChange={(e) => setSearch(e.target.value)}
            onKeyDown={(e) => e.key === "Enter" && submit()}
            placeholder="Search orders..."
            maxLength={100}
            aria-describedby="order-search-hint"
            className="pl-9"
          />
        </label>
        <StatusSelect
          value={query.status}
          options={STATUS_OPTIONS}
          onChange={(status) => update({ status: status === "all" ? undefined : status })}
        />
      </div>
      <p id="order-search-hint" className="-mt-2 text-xs text-gray-600">
        Finds an order id, a phone number (any form), a name, a UTR, a username or a link.
      </p>
      <RangeButtons
        label="Time filter"
        options={TIME_FILTERS}
        value={query.range}
        onSelect={(range) => update({ range, startDate: undefined, endDate: undefined })}
      >
        {query.range === "custom" && (
          <>
            <DateRangePicker
              startDate={query.startDate}
              endDate={query.endDate}
              onChange={(r) => r.startDate && r.endDate && update({ startDate: r.startDate, endDate: r.endDate })}
            />
            <Button
              variant="quiet"
              size="sm"
              onClick={() => update({ range: "today", startDate: undefined, endDate: undefined })}
              className="font-normal underline"
            >
              Clear
            </Button>
          </>
        )}
      </RangeButtons>
    </>
  );
}
