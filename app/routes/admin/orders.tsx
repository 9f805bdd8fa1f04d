import { Download, Loader2, Search } from "lucide-react";
import { DropdownMenu } from "radix-ui";
import { useEffect, useState } from "react";
import { useFetcher, useNavigation, useSearchParams } from "react-router";
import { toast } from "sonner";
import type { Route } from "./+types/orders";
import { adminTitle } from "~/lib/admin-title";
import { ConfirmDeleteDialog } from "~/components/admin/confirm-delete-dialog";
import { CustomerDialog } from "~/components/admin/customer-dialog";
import { DateRangePicker } from "~/components/admin/date-range-picker";
import { RangeButtons } from "~/components/admin/range-buttons";
import { OrdersTable } from "~/components/admin/orders/orders-table";
import { StatusSelect } from "~/components/admin/status-select";
import { UpdateProfitsButton } from "~/components/admin/update-profits-button";
import { servicesContext } from "~/context";
import { requireAdmin } from "~/domain/auth/guard.server";
import { type AdminOrderJson, toAdminOrderJson } from "~/domain/orders/admin-queries.server";
import { ORDER_LIST_FILTERS, ORDER_LIST_STATUSES } from "~/domain/orders/list-filters";
import { listOrders, parseOrdersQuery } from "~/domain/orders/list.server";
import { orderListActionSchema } from "~/domain/orders/order-actions";
import { runOrderAction } from "~/domain/orders/order-actions.server";
import { useActionToast } from "~/components/admin/use-action-toast";
import { apiCall } from "~/lib/api-client";
import { pageAction } from "~/lib/api.server";
import { formatCount } from "~/lib/money";
import { formFailure, parseForm } from "~/lib/parse.server";
import { requestClient } from "~/lib/request-client.server";
import { exportCountEndpoint } from "~/routes/api/admin/orders-export.types";

export const meta: Route.MetaFunction = ({ matches }) => [{ title: adminTitle(matches, "Orders") }];

export async function loader({ url, context }: Route.LoaderArgs) {
  const query = parseOrdersQuery(url.searchParams);
  const page = await listOrders(context.get(servicesContext).db, query);
  return { query, ...page, orders: page.orders.map(toAdminOrderJson) };
}

export async function action({ request, context }: Route.ActionArgs) {
  const admin = requireAdmin(context);
  const submission = await parseForm(request, orderListActionSchema);
  if (submission.status !== "success") return formFailure(submission);
  const { orderId, ...intent } = submission.value;
  // The same audited path as the order details page and the JSON API.
  const operator = { name: admin.username, client: requestClient(request) };
  return pageAction(async () => {
    const action = intent.intent === "place" ? { intent: "place" as const, unpaid: false } : intent;
    const result = await runOrderAction(context.get(servicesContext), operator, orderId, action);
    return { ok: true as const, message: result.message };
  });
}

const TIME_FILTERS = [
  ["all", "All Time"],
  ["today", "Today"],
  ["yesterday", "Yesterday"],
  ["month", "This Month"],
  ["custom", "Custom"],
] as const;

export default function Orders({ loaderData }: Route.ComponentProps) {
  const { query, orders, total, totalCapped, page, pageCount, pageSize } = loaderData;
  const [, setSearchParams] = useSearchParams();
  const loading = useNavigation().state === "loading";
  const [search, setSearch] = useState(query.q);
  const [customer, setCustomer] = useState<AdminOrderJson | null>(null);
  const [deleting, setDeleting] = useState<string | null>(null);
  const rowAction = useFetcher<typeof action>();
  useActionToast(rowAction);

  const update = (changes: Record<string, string | undefined>) =>
    setSearchParams(
      (prev) => {
        const next = new URLSearchParams(prev);
        for (const [k, v] of Object.entries(changes)) {
          if (v === undefined || v === "") next.delete(k);
          else next.set(k, v);
        }
        if (!("page" in changes)) next.delete("page");
        return next;
      },
      { preventScrollReset: true, replace: "q" in changes },
    );

  // Search as the admin types, without a request per keystroke.
  useEffect(() => {
    if (search.trim() === query.q) return;
    const timer = setTimeout(() => update({ q: search.trim() || undefined }), 350);
    return () => clearTimeout(timer);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [search]);

  const filterParams = () => {
    const p = new URLSearchParams();
    for (const key of ["q", "range", "startDate", "endDate", "status"] as const) {
      const v = key === "range" ? query.range : key === "status" ? query.status : key === "q" ? query.q : query[key];
      if (v) p.set(key, v);
    }
    return p;
  };

  async function exportData(format: "csv" | "xlsx") {
    const params = filterParams();
    const counted = await apiCall(exportCountEndpoint, { query: { ...Object.fromEntries(params), count: "1" } });
    if (!counted.ok) return toast.error("Failed to export data", { description: counted.error.message });
    const { count } = counted.data;
    if (!count) return toast.error("No orders to export with current filters");
    params.set("format", format);
    const link = document.createElement("a");
    link.href = `${exportCountEndpoint.path()}?${params}`;
    link.download = "";
    document.body.append(link);
    link.click();
    link.remove();
    toast.success(`Exported ${count} filtered orders to Excel`);
  }

  const first = total === 0 ? 0 : (page - 1) * pageSize + 1;
  const last = Math.min(total, page * pageSize);

  return (
    <div className="space-y-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-2xl font-bold">Orders</h1>
        <div className="flex flex-wrap gap-2">
          <UpdateProfitsButton />
          <DropdownMenu.Root>
            <DropdownMenu.Trigger className="inline-flex items-center gap-2 rounded-lg bg-brand-600 px-3 py-2 text-sm font-semibold text-white hover:bg-brand-700">
              <Download className="h-4 w-4" aria-hidden />
              Export Data
            </DropdownMenu.Trigger>
            <DropdownMenu.Portal>
              <DropdownMenu.Content
                align="end"
                sideOffset={4}
                className="z-50 min-w-40 rounded-lg border border-gray-200 bg-white p-1 shadow-lg"
              >
                <DropdownMenu.Item
                  className="cursor-pointer rounded px-2 py-1.5 text-sm outline-none data-[highlighted]:bg-gray-100"
                  onSelect={() => exportData("csv")}
                >
                  CSV (.csv)
                </DropdownMenu.Item>
                <DropdownMenu.Item
                  className="cursor-pointer rounded px-2 py-1.5 text-sm outline-none data-[highlighted]:bg-gray-100"
                  onSelect={() => exportData("xlsx")}
                >
                  Excel (.xlsx)
                </DropdownMenu.Item>
              </DropdownMenu.Content>
            </DropdownMenu.Portal>
          </DropdownMenu.Root>
        </div>
      </div>

      <div className="flex flex-wrap items-center gap-2">
        <label className="relative min-w-56 flex-1">
          <span className="sr-only">Search orders</span>
          <Search
            className="pointer-events-none absolute left-3 top-1/2 h-4 w-4 -translate-y-1/2 text-gray-500"
            aria-hidden
          />
          <input
            type="search"
            value={search}
            onChange={(e) => setSearch(e.target.value)}
            onKeyDown={(e) => e.key === "Enter" && update({ q: search.trim() || undefined })}
            placeholder="Search orders..."
            maxLength={100}
            className="w-full rounded-lg border border-gray-300 py-2 pl-9 pr-3 text-sm focus:border-brand-500 focus:outline-none focus:ring-2 focus:ring-brand-100"
          />
        </label>
        <StatusSelect
          value={query.status}
          options={ORDER_LIST_STATUSES.map((key) => [key, ORDER_LIST_FILTERS[key].label] as const)}
          onChange={(status) => update({ status: status === "all" ? undefined : status })}
        />
      </div>
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
            <button
              type="button"
              onClick={() => update({ range: "today", startDate: undefined, endDate: undefined })}
              className="rounded-lg px-3 py-1.5 text-sm text-gray-700 underline"
            >
              Clear
            </button>
          </>
        )}
      </RangeButtons>

      <p className="text-sm text-gray-700" aria-live="polite">
        {loading ? (
          <span className="inline-flex items-center gap-2">
            <Loader2 className="h-4 w-4 animate-spin" aria-hidden /> Loading...
          </span>
        ) : (
          `Showing ${formatCount(first)}–${formatCount(last)} of ${formatCount(total)}${totalCapped ? "+" : ""} orders`
        )}
      </p>

      <div className={`overflow-x-auto rounded-xl border border-gray-200 bg-white ${loading ? "opacity-60" : ""}`}>
        <OrdersTable orders={orders} rowAction={rowAction} onCustomer={setCustomer} onDelete={setDeleting} />
      </div>

      {pageCount > 1 && (
        <nav className="flex items-center justify-between gap-2" aria-label="Pagination">
          <button
            type="button"
            disabled={page <= 1}
            onClick={() => update({ page: String(page - 1) })}
            className="rounded-lg border border-gray-300 bg-white px-3 py-1.5 text-sm disabled:opacity-50"
          >
            Previous
          </button>
          <span className="text-sm text-gray-700">
            Page {formatCount(page)} of {formatCount(pageCount)}
          </span>
          <button
            type="button"
            disabled={page >= pageCount}
            onClick={() => update({ page: String(page + 1) })}
            className="rounded-lg border border-gray-300 bg-white px-3 py-1.5 text-sm disabled:opacity-50"
          >
            Next
          </button>
        </nav>
      )}

      <CustomerDialog order={customer} onClose={() => setCustomer(null)} />
      <ConfirmDeleteDialog
        open={deleting !== null}
        onOpenChange={(open) => !open && setDeleting(null)}
        onConfirm={() => {
          if (deleting) void rowAction.submit({ intent: "delete", orderId: deleting }, { method: "post" });
          setDeleting(null);
        }}
      />
    </div>
  );
}

/** After any action, failed or not, every row shows the order as it now is. */
export function shouldRevalidate() {
  return true;
}
