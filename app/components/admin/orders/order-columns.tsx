import { Link } from "react-router";
import { istDateTime } from "~/lib/ist-time";
import type { AdminOrderJson } from "~/domain/orders/admin-queries.server";
import { formatCount, formatInr } from "~/lib/money";
import { ServiceBadge, StatusBadge } from "../order-badges";
import { OrderTarget } from "../order-target";

export interface OrderColumn {
  header: string;
  /** The cell's classes; the `max-sm:` ones place it in the phone's card (a 6-column grid). */
  className: string;
  cell: (order: AdminOrderJson) => React.ReactNode;
}

/** A cell's name, shown only on a phone, where there is no header row. */
function Label({ children }: { children: string }) {
  return <span className="text-gray-600 sm:hidden">{children} </span>;
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

/** The order id's link in a row, which the phone's Details button names as the order it opens. */
export const orderLinkId = (orderId: string) => `order-link-${orderId}`;

const paise = (rupees: number) => formatInr(Math.round(rupees * 100));

/**
 * The buyer's name on a phone's card, where no User Data click is needed to
 * see whom an order is for; the table keeps it behind User Data.
 */
export function BuyerCell({ order }: { order: AdminOrderJson }) {
  return (
    <>
      <Label>Buyer</Label>
      <span className="break-words">{order.customerName ?? "N/A"}</span>
    </>
  );
}

/**
 * The orders list's data columns, in table order. On a phone the card shows
 * the id and status first, then the service and plan, target, buyer and figures.
 */
export const ORDER_COLUMNS: OrderColumn[] = [
  {
    header: "Order ID",
    className: "max-sm:col-span-3",
    cell: (o) => (
      <>
        <Link
          id={orderLinkId(o.orderId)}
          to={`/admin/orders/${o.orderId}`}
          className="font-mono text-blue-700 underline"
        >
          {o.orderId}
        </Link>
        {o.utr && <div className="whitespace-nowrap text-xs text-gray-600">UTR {o.utr}</div>}
      </>
    ),
  },
  {
    header: "Service",
    className: "max-sm:order-3 max-sm:col-span-6",
    cell: (o) => (
      <>
        <ServiceBadge service={o.serviceType} />
        <span className="ml-2 font-medium sm:hidden">{o.planName}</span>
      </>
    ),
  },
  {
    header: "Target",
    className: "max-w-64 max-sm:order-4 max-sm:col-span-6 max-sm:max-w-none max-sm:break-all",
    cell: (o) => (
      <>
        <Label>Target</Label>
        <OrderTarget service={o.serviceType} target={o.target} />
      </>
    ),
  },
  {
    header: "Qty",
    className: "max-sm:order-5 max-sm:col-span-2",
    cell: (o) => (
      <>
        <Label>Qty</Label>
        {formatCount(o.amount)}
      </>
    ),
  },
  {
    header: "Price",
    className: "max-sm:order-5 max-sm:col-span-2",
    cell: (o) => (
      <>
        <Label>Price</Label>
        {paise(o.price)}
      </>
    ),
  },
  {
    header: "Profit",
    className: "max-sm:order-5 max-sm:col-span-2",
    cell: (o) => (
      <>
        <Label>Profit</Label>
        {o.profit === null ? "—" : paise(o.profit)}
      </>
    ),
  },
  {
    header: "Status",
    className: "max-sm:order-2 max-sm:col-span-3 max-sm:text-right",
    cell: (o) => <StatusBadge status={o.status} />,
  },
  {
    header: "Created",
    className: "max-sm:order-6 max-sm:col-span-6 max-sm:text-xs max-sm:text-gray-600",
    cell: (o) => (
      <>
        <Label>Created</Label>
        <Created at={o.createdAt} />
      </>
    ),
  },
];
