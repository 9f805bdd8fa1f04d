import { Link, type useFetcher } from "react-router";
import { Button } from "~/components/ui/button";
import type { AdminOrderJson } from "~/domain/orders/admin-queries.server";
import { orderLinkId } from "./order-columns";

export type RowFetcher = ReturnType<typeof useFetcher<{ ok: boolean; message: string }>>;

/** Bigger on a phone, where the row is a card and the buttons are thumbs' targets. */
const touch = "whitespace-nowrap font-medium max-sm:px-3 max-sm:py-2 max-sm:text-sm";

/** What the operator can do with one order from the list: the step it waits for, its page (on a phone), its buyer, delete. */
export function OrderRowActions({
  order,
  rowAction,
  busy,
  onCustomer,
  onDelete,
}: {
  order: AdminOrderJson;
  rowAction: RowFetcher;
  busy: boolean;
  onCustomer: (order: AdminOrderJson) => void;
  onDelete: (order: AdminOrderJson) => void;
}) {
  return (
    <div className="flex flex-wrap gap-1 max-sm:gap-2 sm:w-44">
      {order.actions.confirmPayment && order.status === "payment_claimed" && (
        <RowAction rowAction={rowAction} orderId={order.orderId} intent="confirm-payment" busy={busy}>
          Confirm payment
        </RowAction>
      )}
      {order.actions.place && (
        <RowAction rowAction={rowAction} orderId={order.orderId} intent="place" busy={busy}>
          Send to panel
        </RowAction>
      )}
      {/* On a phone the order's page is one tap away: the id alone is a small target. */}
      <Button asChild variant="neutral" size="xs" className={`bg-transparent sm:hidden ${touch}`}>
        <Link to={`/admin/orders/${order.orderId}`} aria-describedby={orderLinkId(order.orderId)}>
          Details
        </Link>
      </Button>
      <Button variant="neutral" size="xs" className={`bg-transparent ${touch}`} onClick={() => onCustomer(order)}>
        User Data
      </Button>
      <Button variant="dangerOutline" size="xs" className={touch} onClick={() => onDelete(order)}>
        Delete Order
      </Button>
    </div>
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
      <Button
        type="submit"
        variant="success"
        size="xs"
        disabled={busy}
        className={`${touch} font-semibold disabled:cursor-wait disabled:opacity-60`}
      >
        {children}
      </Button>
    </rowAction.Form>
  );
}
