import { useState } from "react";
import type { FetcherWithComponents } from "react-router";
import type { AdminOrderJson } from "~/domain/orders/admin-queries.server";
import { REFUND_FEE_PERCENT, refundPaise } from "~/domain/orders/lifecycle";
import type { OrderActionIntent } from "~/domain/orders/order-actions";
import { formatInr } from "~/lib/money";
import { Button } from "~/components/ui/button";
import { Input } from "~/components/ui/input";
import type { RefundPayment } from "~/domain/payments/refund-payment.server";
import { ConfirmActionDialog } from "./confirm-action-dialog";
import { RefundPay } from "./refund-pay";

type Fetcher = Pick<FetcherWithComponents<unknown>, "state" | "submit">;

/** The state's main action, and the others beside it. */
const primary = { variant: "success", size: "md", className: "py-2.5 text-sm" } as const;
const secondary = { variant: "neutral", size: "md", className: "px-3 text-sm" } as const;

/**
 * What the operator can do with the order now, the state's main action first:
 * confirm a payment, send a paid order, send again after a failure, record a
 * refund. Sending without a confirmed payment and cancelling ask first.
 */
export function OrderActionsCard({
  order,
  fetcher,
  refundPayment = null,
}: {
  order: AdminOrderJson;
  fetcher: Fetcher;
  /** How to pay the refund due, when one is. */
  refundPayment?: RefundPayment | null;
}) {
  const { actions } = order;
  const busy = fetcher.state !== "idle";
  const [asking, setAsking] = useState<"unpaid" | "cancel" | "resend" | null>(null);
  const [reference, setReference] = useState("");
  const [cancelledBy, setCancelledBy] = useState<"shop" | "buyer">("shop");
  const submit = (intent: OrderActionIntent, fields: Record<string, string> = {}) =>
    fetcher.submit({ intent, ...fields }, { method: "post" });
  const button = (intent: OrderActionIntent, label: string, look: typeof primary | typeof secondary) => (
    <Button {...look} onClick={() => void submit(intent)} disabled={busy}>
      {label}
    </Button>
  );

  const none = !Object.values(actions).some(Boolean);
  return (
    <div className="space-y-4">
      {actions.confirmPayment && (
        <div className="rounded-lg border border-amber-200 bg-amber-50 p-3 text-sm">
          {order.utr ? (
            <p>
              The buyer's UPI reference is <span className="font-mono text-base font-bold">{order.utr}</span>. Find a
              credit of <strong>{formatInr(Math.round(order.price * 100))}</strong> with this reference in your bank
              app, then confirm.
            </p>
          ) : (
            <p>
              No UPI reference from the buyer. Confirm only if you see a credit of{" "}
              <strong>{formatInr(Math.round(order.price * 100))}</strong> for this order in your bank app.
            </p>
          )}
          <div className="mt-3">{button("confirm-payment", "Confirm payment", primary)}</div>
        </div>
      )}
      {actions.place && button("place", "Send to panel", primary)}
      {actions.retry && order.status === "refund_due" && (
        <p className="text-sm text-gray-700">
          Nothing was delivered. Send it to the panel again once the cause is fixed, or pay the buyer back.
        </p>
      )}
      {actions.retry &&
        (order.status === "placement_unknown" ? (
          // The panel may have it already: a second send could be a second, paid, order.
          <Button {...primary} onClick={() => setAsking("resend")} disabled={busy}>
            Send to panel again…
          </Button>
        ) : (
          button("retry", "Send to panel again", primary)
        ))}
      {actions.markRefunded && (
        // Two forms side by side, never one inside the other: the UPI id to pay (a GET of this page) and the reference.
        <div className="rounded-lg border border-amber-200 bg-amber-50 p-3 text-sm">
          <p>
            Refund due:{" "}
            <strong>{order.refund.due === null ? "—" : formatInr(Math.round(order.refund.due * 100))}</strong>{" "}
            {refundWhy(order)} to the buyer's UPI account. Pay it, then note the refund's UPI reference.
          </p>
          {refundPayment && (
            <div className="mt-3 border-t border-amber-200 pt-3">
              <RefundPay payment={refundPayment} />
            </div>
          )}
          <form
            onSubmit={(e) => {
              e.preventDefault();
              void submit("mark-refunded", { reference });
            }}
          >
            <label htmlFor="refund-reference" className="mt-3 block font-medium">
              Refund UPI reference (12 digits)
            </label>
            <div className="mt-1 flex gap-2">
              <Input
                size="sm"
                id="refund-reference"
                inputMode="numeric"
                autoComplete="off"
                maxLength={12}
                value={reference}
                onChange={(e) => setReference(e.target.value.replace(/\D/g, "").slice(0, 12))}
                className="min-w-0 flex-1 bg-transparent font-mono"
              />
              <Button {...primary} type="submit" disabled={busy || reference.length !== 12}>
                Mark refunded
              </Button>
            </div>
          </form>
        </div>
      )}
      <div className="flex flex-wrap gap-2">
        {actions.placeUnpaid && (
          <Button {...secondary} onClick={() => setAsking("unpaid")} disabled={busy}>
            Send without confirmed payment…
          </Button>
        )}
        {actions.cancel && (
          <Button {...secondary} onClick={() => setAsking("cancel")} disabled={busy}>
            Cancel order…
          </Button>
        )}
        {actions.updateProfit && button("update-profit", "Update Profit", secondary)}
      </div>
      {none && <p className="text-sm text-gray-600">Nothing to do for this order right now.</p>}

      <ConfirmActionDialog
        open={asking === "unpaid"}
        onOpenChange={(open) => !open && setAsking(null)}
        title="Send without a confirmed payment?"
        confirmLabel="Send anyway"
        onConfirm={() => submit("place", { unpaid: "true" })}
      >
        <p>
          Nobody has confirmed a payment for this order. The SMM panel will charge your balance and deliver it even if
          the buyer never paid.
        </p>
        <p>Send it only if you have seen the money some other way.</p>
      </ConfirmActionDialog>
      <ConfirmActionDialog
        open={asking === "resend"}
        onOpenChange={(open) => !open && setAsking(null)}
        title="Send this order again?"
        confirmLabel="Send again"
        onConfirm={() => submit("retry")}
      >
        <p>
          The SMM panel may have taken this order even though it never answered. Sending it again could place it twice,
          charged twice.
        </p>
        <p>
          Send it again only after checking the panel's orders for <span className="break-all">{order.target}</span> and
          not finding it.
        </p>
      </ConfirmActionDialog>
      <ConfirmActionDialog
        open={asking === "cancel"}
        onOpenChange={(open) => !open && setAsking(null)}
        title="Cancel this order?"
        confirmLabel="Cancel order"
        onConfirm={() =>
          submit("cancel", { byBuyer: String(order.payment.paidAt !== null && cancelledBy === "buyer") })
        }
      >
        {!order.payment.paidAt ? (
          <p>No payment was confirmed for this order. It will be closed.</p>
        ) : (
          <>
            <p>
              This order is paid
              {order.smmPanel.orderId && (order.status === "sent" || order.status === "delivering")
                ? " and at the SMM panel: it can be cancelled only while the panel has not started it and its service allows cancelling"
                : ""}
              . Who is cancelling it decides the refund (refund policy):
            </p>
            <CancelledByChoice order={order} value={cancelledBy} onChange={setCancelledBy} />
          </>
        )}
      </ConfirmActionDialog>
    </div>
  );
}

/** The shop stops a paid order (full refund) or the buyer asked for it (the refund keeps the processing fee). */
function CancelledByChoice({
  order,
  value,
  onChange,
}: {
  order: AdminOrderJson;
  value: "shop" | "buyer";
  onChange: (value: "shop" | "buyer") => void;
}) {
  const price = Math.round(order.price * 100);
  const options = [
    [
      "shop",
      "The shop is cancelling it",
      `The buyer gets the full ${formatInr(refundPaise(price, order.amount, order.amount, "shop"))} back.`,
    ],
    [
      "buyer",
      "The buyer asked to cancel",
      `The buyer gets ${formatInr(refundPaise(price, order.amount, order.amount, "buyer"))} back: the price less the ${REFUND_FEE_PERCENT}% processing fee.`,
    ],
  ] as const;
  return (
    <fieldset className="space-y-2">
      <legend className="sr-only">Who is cancelling</legend>
      {options.map(([key, label, refund]) => (
        <label key={key} className="grid grid-cols-[auto_1fr] gap-x-2 rounded-lg border border-gray-200 p-2">
          <input
            type="radio"
            name="cancelled-by"
            value={key}
            checked={value === key}
            onChange={() => onChange(key)}
            className="row-span-2 mt-1"
          />
          <span className="font-medium text-gray-900">{label}</span>
          <span className="text-gray-700">{refund}</span>
        </label>
      ))}
    </fieldset>
  );
}

/** Why the refund is what it is: in full when the shop or the panel stopped the order, less the fee when the buyer cancelled. */
function refundWhy(order: AdminOrderJson): string {
  const fee = order.refund.fee;
  if (order.refund.cancelledBy === "buyer") {
    return `(the price less the ${REFUND_FEE_PERCENT}% processing fee${fee ? ` of ${formatInr(Math.round(fee * 100))}` : ""}: the buyer cancelled)`;
  }
  if (fee !== null && fee > 0)
    return `(less the ${REFUND_FEE_PERCENT}% processing fee kept before refunds were in full)`;
  if (order.refund.cancelledBy === "shop") return "(in full: you stopped the order)";
  if (order.refund.cancelledBy === "panel") return "(in full: the panel did not deliver it all)";
  return "";
}
