import { Download, Loader2, Search } from "lucide-react";
import { DropdownMenu } from "radix-ui";
import { useEffect, useState } from "react";
import { Link, data, useFetcher, useNavigation, useSearchParams } from "react-router";
import { toast } from "sonner";
import type { Route } from "./+types/orders";
import { ConfirmDeleteDialog } from "~/components/admin/confirm-delete-dialog";
import { CustomerDialog } from "~/components/admin/customer-dialog";
import { DateRangePicker } from "~/components/admin/date-range-picker";
import { RangeButtons } from "~/components/admin/range-buttons";
import { ServiceBadge, StatusBadge } from "~/components/admin/order-badges";
import { OrderTarget } from "~/components/admin/order-target";
import { StatusSelect } from "~/components/admin/status-select";
import { UpdateProfitsButton } from "~/components/admin/update-profits-button";
import { servicesContext } from "~/context";
import { istDateTime } from "~/domain/dashboard/ist-time";
import { requireAdmin } from "~/domain/auth/guard.server";
import { ORDER_ACTIONS, runOrderAction } from "~/domain/orders/admin-actions.server";
import { type AdminOrderJson, toAdminOrderJson } from "~/domain/orders/admin-queries.server";
import { listOrders, parseOrdersQuery } from "~/domain/orders/list.server";
import { formatCount, formatInr } from "~/lib/money";
import { readForm } from "~/lib/form.server";
import { requestActor } from "~/lib/request-client.server";

export const meta: Route.MetaFunction = () => [{ title: "Orders · Admin" }];

export async function loader({ url, context }: Route.LoaderArgs) {
  const query = parseOrdersQuery(url.searchParams);
  const page = await listOrders(context.get(servicesContext).db, query);
  return { query, ...page, orders: page.orders.map(toAdminOrderJson) };
}

export async function action({ request, context }: Route.ActionArgs) {
  const admin = requireAdmin(context);
  const form = await readForm(request);
  const intent = String(form.get("intent") ?? "");
  if (intent !== "delete" && intent !== "place") return data({ ok: false, message: "Unknown action" }, { status: 400 });
  // The same audited path as the order details page and the JSON API.
  const result = await runOrderAction(
    context.get(servicesContext),
    requestActor(request, admin.username),
    intent,
    String(form.get("orderId") ?? ""),
  );
  if (result.ok) return { ok: true, message: result.message };
  const message = intent === "delete" ? ORDER_ACTIONS.delete.failure : result.message || ORDER_ACTIONS.place.failure;
  return data({ ok: false, message }, { status: result.status });
}

const TIME_FILTERS = [
  ["all", "All Time"],
  ["today", "Today"],
  ["yesterday", "Yesterday"],
  ["month", "This Month"],
  ["custom", "Custom"],
] as const;

function useToastResult(fetcher: { state: string; data?: { ok: boolean; message: string } }) {
  useEffect(() => {
    if (fetcher.state !== "idle" || !fetcher.data) return;
    if (fetcher.data.ok) toast.success(fetcher.data.message);
    else toast.error(fetcher.data.message);
  }, [fetcher.state, fetcher.data]);
}

export default function Orders({ loaderData }: Route.ComponentProps) {
  const { query, orders, total, totalCapped, page, pageCount, pageSize } = loaderData;
  const [, setSearchParams] = useSearchParams();
  const loading = useNavigation().state === "loading";
  const [search, setSearch] = useState(query.q);
  const [customer, setCustomer] = useState<AdminOrderJson | null>(null);
  const [deleting, setDeleting] = useState<string | null>(null);
  const rowAction = useFetcher<{ ok: boolean; message: string }>();
  useToastResult(rowAction);

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
    try {
      const params = filterParams();
      const res = await fetch(`/api/admin/orders/export?${params}&count=1`);
      const body = (await res.json()) as { success: boolean; count?: number; message?: string };
      if (!res.ok || !body.success) return toast.error(body.message ?? "Failed to export data");
      if (!body.count) return toast.error("No orders to export with current filters");
      params.set("format", format);
      const link = document.createElement("a");
      link.href = `/api/admin/orders/export?${params}`;
      link.download = "";
      document.body.append(link);
      link.click();
      link.remove();
      toast.success(`Exported ${body.count} filtered orders to Excel`);
    } catch {
      toast.error("Failed to export data");
    }
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
          options={[
            ["all", "All"],
            ["success", "Success"],
            ["failed", "Failed"],
          ]}
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
        <table className="w-full min-w-[960px] text-sm">
          <thead className="bg-gray-50 text-left text-xs text-gray-700">
            <tr>
              {["Order ID", "Service", "Target", "Qty", "Price", "Profit", "Status", "Created", "Actions"].map((h) => (
                <th key={h} scope="col" className="px-3 py-2 font-semibold">
                  {h}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {orders.length === 0 ? (
              <tr>
                <td colSpan={9} className="px-3 py-10 text-center text-gray-600">
                  No orders found
                </td>
              </tr>
            ) : (
              orders.map((o) => (
                <tr key={o.orderId} className="border-t border-gray-100 align-top">
                  <td className="px-3 py-2">
                    <Link to={`/admin/orders/${o.orderId}`} className="font-mono text-blue-700 underline">
                      {o.orderId}
                    </Link>
                    {o.utr && <div className="text-xs text-gray-600">UTR {o.utr}</div>}
                  </td>
                  <td className="px-3 py-2">
                    <ServiceBadge service={o.serviceType} />
                  </td>
                  <td className="max-w-64 px-3 py-2">
                    <OrderTarget service={o.serviceType} target={o.target} />
                  </td>
                  <td className="px-3 py-2">{formatCount(o.amount)}</td>
                  <td className="px-3 py-2">{formatInr(Math.round(o.price * 100))}</td>
                  <td className="px-3 py-2">{o.profit === null ? "—" : formatInr(Math.round(o.profit * 100))}</td>
                  <td className="px-3 py-2">
                    <StatusBadge status={o.status} />
                  </td>
                  <td className="whitespace-nowrap px-3 py-2">{istDateTime(Date.parse(o.createdAt))}</td>
                  <td className="px-3 py-2">
                    <div className="flex flex-wrap gap-1">
                      {o.status === "pending" && (
                        <rowAction.Form method="post">
                          <input type="hidden" name="intent" value="place" />
                          <input type="hidden" name="orderId" value={o.orderId} />
                          <button
                            type="submit"
                            className="rounded-md bg-green-700 px-2 py-1 text-xs font-semibold text-white hover:bg-green-800"
                          >
                            Place Order
                          </button>
                        </rowAction.Form>
                      )}
                      {o.status === "completed" && (
                        <span className="rounded-md bg-green-50 px-2 py-1 text-xs font-semibold text-green-800">
                          Placed
                        </span>
                      )}
                      <button
                        type="button"
                        onClick={() => setCustomer(o)}
                        className="rounded-md border border-gray-300 px-2 py-1 text-xs font-medium hover:bg-gray-50"
                      >
                        User Data
                      </button>
                      <button
                        type="button"
                        onClick={() => setDeleting(o.orderId)}
                        className="rounded-md border border-red-300 px-2 py-1 text-xs font-medium text-red-700 hover:bg-red-50"
                      >
                        Delete Order
                      </button>
                    </div>
                  </td>
                </tr>
              ))
            )}
          </tbody>
        </table>
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
          if (deleting) rowAction.submit({ intent: "delete", orderId: deleting }, { method: "post" });
          setDeleting(null);
        }}
      />
    </div>
  );
}
