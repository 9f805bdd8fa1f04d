import { Table, TableBody, TableCell, TableEmpty, TableHead, TableHeader, TableRow } from "~/components/ui/table";
import type { AdminOrderJson } from "~/domain/orders/admin-queries.server";
import { BuyerCell, ORDER_COLUMNS } from "./order-columns";
import { OrderRowActions, type RowFetcher } from "./order-row-actions";

const cell = "max-sm:p-0";

/**
 * The orders list: a table on wider screens; on a phone each order becomes a
 * card (same markup, laid out by CSS) with its status, UTR, plan, buyer, price
 * and the action it waits for in view, with no sideways scroll. The buyer's
 * cell exists on a phone only: the table shows the buyer behind User Data.
 */
export function OrdersTable({
  orders,
  rowAction,
  onCustomer,
  onDelete,
}: {
  orders: AdminOrderJson[];
  rowAction: RowFetcher;
  onCustomer: (order: AdminOrderJson) => void;
  onDelete: (order: AdminOrderJson) => void;
}) {
  // The order whose row action is on its way: its buttons wait.
  const busyId = rowAction.formData?.get("orderId");
  const pending = rowAction.state !== "idle" ? (typeof busyId === "string" ? busyId : "") : null;
  return (
    <Table stack className="sm:min-w-[960px]">
      <TableHeader className="max-sm:hidden">
        <TableRow>
          {[...ORDER_COLUMNS.map((c) => c.header), "Actions"].map((h) => (
            <TableHead key={h} density="compact">
              {h}
            </TableHead>
          ))}
        </TableRow>
      </TableHeader>
      {/* Rows draw their own top border on wider screens: the first one too, under the header. */}
      <TableBody className="divide-y-0 max-sm:block max-sm:divide-y max-sm:divide-gray-100">
        {orders.length === 0 ? (
          <TableEmpty colSpan={ORDER_COLUMNS.length + 1} className="px-3 py-10">
            No orders found
          </TableEmpty>
        ) : (
          orders.map((o) => (
            <TableRow
              key={o.orderId}
              className="border-t border-gray-100 align-top max-sm:grid max-sm:grid-cols-6 max-sm:gap-x-3 max-sm:gap-y-2 max-sm:border-t-0 max-sm:p-4"
            >
              {ORDER_COLUMNS.map((c) => (
                <TableCell key={c.header} density="compact" className={`${cell} ${c.className}`}>
                  {c.cell(o)}
                </TableCell>
              ))}
              <TableCell density="compact" className={`${cell} min-w-0 max-sm:order-4 max-sm:col-span-6 sm:hidden`}>
                <BuyerCell order={o} />
              </TableCell>
              <TableCell density="compact" className={`${cell} max-sm:order-7 max-sm:col-span-6`}>
                <OrderRowActions
                  order={o}
                  rowAction={rowAction}
                  busy={pending === o.orderId}
                  onCustomer={onCustomer}
                  onDelete={onDelete}
                />
              </TableCell>
            </TableRow>
          ))
        )}
      </TableBody>
    </Table>
  );
}
