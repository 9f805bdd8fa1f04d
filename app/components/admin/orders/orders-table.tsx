import { Link, type useFetcher } from "react-router";
import { istDateTime } from "~/domain/dashboard/ist-time";
import type { AdminOrderJson } from "~/domain/orders/admin-queries.server";
import { formatCount, formatInr } from "~/lib/money";
import { ServiceBadge, StatusBadge } from "../order-badges";
import { OrderTarget } from "../order-target";

type RowFetcher = ReturnType<typeof useFetcher<{ ok: boolean; message: string }>>;

const cell = "px-2 py-2 max-sm:p-0";
const label = "text-gray-600 sm:hidden";
const small = "whitespace-nowrap rounded-md px-2 py-1 text-xs max-sm:px-3 max-sm:py-2 max-sm:text-sm";

/**
 * The orders list: a table on wider screens; on a phone each order becomes a
 * card (same markup, laid out by CSS) with its status, UTR, price and the
 * action it waits for in view, with no sideways scroll.
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
  onDelete: (orderId: string) => void;
}) {
  // The order whose row action is on its way: its buttons wait.
  const busyId = rowAction.formData?.get("orderId");
  const pending = rowAction.state !== "idle" ? (typeof busyId === "string" ? busyId : "") : null;
  return (
    <table className="w-full text-sm max-sm:block sm:min-w-[960px]">
      <thead className="bg-gray-50 text-left text-xs text-gray-700 max-sm:hidden">
        <tr>
          {["Order ID", "Service", "Target", "Qty", "Price", "Profit", "Status", "Created", "Actions"].map((h) => (
            <th key={h} scope="col" className="px-2 py-2 font-semibold">
              {h}
            </th>
          ))}
        </tr>
      </thead>
      <tbody className="max-sm:block max-sm:divide-y max-sm:divide-gray-100">
        {orders.length === 0 ? (
          <tr className="max-sm:block">
            <td colSpan={9} className="px-3 py-10 text-center text-gray-600 max-sm:block">
              No orders found
            </td>
          </tr>
        ) : (
          orders.map((o) => (
            <tr
              key={o.orderId}
              className="border-t border-gray-100 align-top max-sm:grid max-sm:grid-cols-6 max-sm:gap-x-3 max-sm:gap-y-2 max-sm:border-t-0 max-sm:p-4"
            >
              <td className={`${cell} max-sm:col-span-3`}>
                <Link to={`/admin/orders/${o.orderId}`} className="font-mono text-blue-700 underline">
                  {o.orderId}
                </Link>
                {o.utr && <div className="whitespace-nowrap text-xs text-gray-600">UTR {o.utr}</div>}
              </td>
              <td className={`${cell} max-sm:order-3 max-sm:col-span-2`}>
                <ServiceBadge service={o.serviceType} />
              </td>
              <td className={`max-w-64 ${cell} max-sm:order-4 max-sm:col-span-4 max-sm:max-w-none max-sm:break-all`}>
                <OrderTarget service={o.serviceType} target={o.target} />
              </td>
              <td className={`${cell} max-sm:order-5 max-sm:col-span-2`}>
                <span className={label}>Qty </span>
                {formatCount(o.amount)}
              </td>
              <td className={`${cell} max-sm:order-5 max-sm:col-span-2`}>
                <span className={label}>Price </span>
                {formatInr(Math.round(o.price * 100))}
              </td>
              <td className={`${cell} max-sm:order-5 max-sm:col-span-2`}>
                <span className={label}>Profit </span>
                {o.profit === null ? "—" : formatInr(Math.round(o.profit * 100))}
              </td>
              <td className={`${cell} max-sm:order-2 max-sm:col-span-3 max-sm:text-right`}>
                <StatusBadge status={o.status} />
              </td>
              <td className={`${cell} max-sm:order-6 max-sm:col-span-6 max-sm:text-xs max-sm:text-gray-600`}>
                <span className={label}>Created </span>
                <Created at={o.createdAt} />
              </td>
              <td className={`${cell} max-sm:order-7 max-sm:col-span-6`}>
                <div className="flex flex-wrap gap-1 max-sm:gap-2 sm:w-44">
                  {o.actions.confirmPayment && o.status === "payment_claimed" && (
                    <RowAction
                      rowAction={rowAction}
                      orderId={o.orderId}
                      intent="confirm-payment"
                      busy={pending === o.orderId}
                    >
                      Confirm payment
                    </RowAction>
                  )}
                  {o.actions.place && (
                    <RowAction rowAction={rowAction} orderId={o.orderId} intent="place" busy={pending === o.orderId}>
                      Send to panel
                    </RowAction>
                  )}
                  <button
                    type="button"
                    onClick={() => onCustomer(o)}
                    className={`${small} border border-gray-300 font-medium hover:bg-gray-50`}
                  >
                    User Data
                  </button>
                  <button
                    type="button"
                    onClick={() => onDelete(o.orderId)}
                    className={`${small} border border-red-300 font-medium text-red-700 hover:bg-red-50`}
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
  );
}

/** Date over time in the table (a narrower column, so the actions stay in view); one line on a phone. */
function Created({ at }: { at: string }) {
  const [date, time] = istDateTime(Date.parse(at)).split(" ");
  return (
    <>
      <span className="whitespace-nowrap">{date}</span> <span className="whitespace-nowrap">{time}</span>
    </>
  );
}

function RowAction({
  rowAction,
  orderId,
  intent,
  busy,
  children,
}: {
  rowAction: RowFetcher;
  orderId: string;
  intent: "confirm-payment" | "place";
  busy: boolean;
  children: React.ReactNode;
}) {
  return (
    <rowAction.Form method="post">
      <input type="hidden" name="intent" value={intent} />
      <input type="hidden" name="orderId" value={orderId} />
      <button
        type="submit"
        disabled={busy}
        className={`${small} bg-green-700 font-semibold text-white hover:bg-green-800 disabled:cursor-wait disabled:opacity-60`}
      >
        {children}
      </button>
    </rowAction.Form>
  );
}
