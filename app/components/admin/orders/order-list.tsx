import { Loader2 } from "lucide-react";
import { useState } from "react";
import { useNavigation } from "react-router";
import { TableFrame } from "~/components/ui/table";
import type { AdminOrderJson } from "~/domain/orders/admin-queries.server";
import type { OrdersPage, OrdersQuery } from "~/domain/orders/list.server";
import { formatCount } from "~/lib/money";
import { ConfirmDeleteDialog } from "../confirm-delete-dialog";
import { useConfirmedAction } from "../use-confirmed-action";
import { CustomerDialog } from "../customer-dialog";
import { UpdateProfitsButton } from "../update-profits-button";
import { ExportMenu } from "./export-menu";
import { OrderFilters } from "./order-filters";
import { OrderPagination } from "./order-pagination";
import type { RowFetcher } from "./order-row-actions";
import { OrdersTable } from "./orders-table";
import { useOrderListParams } from "./use-order-list-params";
import { pluralWord } from "~/lib/plural";

type Props = Omit<OrdersPage, "orders"> & { query: OrdersQuery; orders: AdminOrderJson[]; rowAction: RowFetcher };

/** The orders screen: toolbar, filters, the count, the table, pagination and the row dialogs. */
export function OrderList({ query, orders, total, totalCapped, page, pageCount, pageSize, rowAction }: Props) {
  const update = useOrderListParams();
  const loading = useNavigation().state === "loading";
  const [customer, setCustomer] = useState<AdminOrderJson | null>(null);
  const [deleting, setDeleting] = useState<AdminOrderJson | null>(null);
  const confirmDelete = useConfirmedAction(rowAction);

  const first = total === 0 ? 0 : (page - 1) * pageSize + 1;
  const last = Math.min(total, page * pageSize);

  return (
    <div className="space-y-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-2xl font-bold">Orders</h1>
        <div className="flex flex-wrap gap-2">
          <UpdateProfitsButton />
          <ExportMenu query={query} />
        </div>
      </div>

      <OrderFilters query={query} update={update} />

      <p className="text-sm text-gray-700" aria-live="polite">
        {loading ? (
          <span className="inline-flex items-center gap-2">
            <Loader2 className="h-4 w-4 animate-spin" aria-hidden /> Loading...
          </span>
        ) : (
          `Showing ${formatCount(first)}–${formatCount(last)} of ${formatCount(total)}${totalCapped ? "+" : ""} ${pluralWord(total, "order")}`
        )}
      </p>

      {!loading && total === 0 && query.q.trim() !== "" && query.range !== "all" && (
        // A buyer's phone or UTR is usually from another day than the list's default (Today).
        <p className="text-sm">
          <button
            type="button"
            className="font-medium text-brand-700 underline"
            onClick={() => update({ range: "all", startDate: undefined, endDate: undefined })}
          >
            Search all time for “{query.q.trim()}”
          </button>
        </p>
      )}

      <TableFrame className={loading ? "opacity-60" : ""}>
        <OrdersTable
          orders={orders}
          rowAction={rowAction}
          onCustomer={setCustomer}
          onDelete={(order) => {
            setDeleting(order);
            confirmDelete.ask("open");
          }}
        />
      </TableFrame>

      <OrderPagination page={page} pageCount={pageCount} onPage={(p) => update({ page: String(p) })} />

      <CustomerDialog order={customer} onClose={() => setCustomer(null)} />
      <ConfirmDeleteDialog
        key={deleting?.orderId}
        order={deleting}
        {...confirmDelete.dialog("open")}
        onConfirm={(typed) =>
          confirmDelete.confirm(() => {
            if (!deleting) return;
            const fields = { intent: "delete", orderId: deleting.orderId };
            void rowAction.submit(typed === undefined ? fields : { ...fields, confirmOrderId: typed }, {
              method: "post",
            });
          })()
        }
      />
    </div>
  );
}
