import { useState } from "react";
import type { FetcherWithComponents } from "react-router";
import type { AdminOrderJson } from "~/domain/orders/admin-queries.server";
import { istDateTime } from "~/lib/ist-time";
import { refundPaise } from "~/domain/orders/lifecycle";
import type { OrderActionIntent } from "~/domain/orders/order-actions";
import { formatInr } from "~/lib/money";
import { Button } from "~/components/ui/button";
import { Field } from "~/components/ui/field";
import { UtrInput } from "~/components/utr-input";
import { readUtr } from "~/domain/orders/utr";
import type { UtrHolding } from "~/domain/payments/credits.server";
import type { RefundPayment } from "~/domain/payments/refund-payment.server";
import { ConfirmDialog } from "~/components/ui/confirm-dialog";
import { useConfirmedAction } from "../use-confirmed-action";
import { RefundPay } from "./refund-pay";
import { SentToPanel } from "./sent-to-panel";
import { useHydrated } from "~/lib/use-hydrated";

type Fetcher = Pick<FetcherWithComponents<unknown>, "state" | "submit" | "data">;

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
  utrHeld = [],
  refundPayment = null,
  feePercent,
}: {
  order: AdminOrderJson;
  fetcher: Fetcher;
  /** Credits the shop already holds with this order's UTR, elsewhere (payments/credits.server.ts). */
  utrHeld?: UtrHolding[];
  /** How to pay the refund due, when one is. */
  refundPayment?: RefundPayment | null;
  /** The cancellation fee as set now (Settings → Cancellation fee), in percent. */
  feePercent: number;
}) {
  const { actions } = order;
  // Before React runs the page its buttons do nothing (they open dialogs, post through the fetcher):
  // shown disabled until then instead of swallowing a tap (ADR 0016).
  const running = useHydrated();
  const busy = !running || fetcher.state !== "idle";
  const confirm = useConfirmedAction<"unpaid" | "cancel" | "resend">(fetcher);
  const [reference, setReference] = useState("");
  const [referenceError, setReferenceError] = useState<string | null>(null);
  const [checkedAtPanel, setCheckedAtPanel] = useState(false);
  const wait = order.smmPanel.wait;
  const sent = order.smmPanel.lastRequest;
  const [cancelledBy, setCancelledBy] = useState<"shop" | "buyer">("shop");
  const submit = (intent: OrderActionIntent, fields: Record<string, string> = {}) =>
    fetcher.submit({ intent, ...fields }, { method: "post" });
  /** A question's dialog: open until its action answers, sending `intent` with `fields` once confirmed. */
  const asked = (which: "unpaid" | "cancel" | "resend", intent: OrderActionIntent, fields: Record<string, string>) => ({
    ...confirm.dialog(which),
    cancelLabel: "Go back",
    onConfirm: confirm.confirm(() => void submit(intent, fields)),
  });
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
          {utrHeld.length > 0 && <UtrHeldWarning utr={order.utr} held={utrHeld} />}
          <div className="mt-3">{button("confirm-payment", "Confirm payment", primary)}</div>
        </div>
      )}
      {actions.place && button("place", "Send to panel", primary)}
      {order.status === "waiting_panel" && (
        <div className="rounded-lg border border-amber-200 bg-amber-50 p-3 text-sm" data-testid="panel-wait">
          <p>
            <strong>Waiting for the panel.</strong> {wait?.advice ?? "The shop sends it again by itself."}
          </p>
          {wait?.retryAt && (
            <p className="mt-1">
              Next automatic try around {istDateTime(Date.parse(wait.retryAt))} IST (tried{" "}
              {order.smmPanel.attempts === 1 ? "once" : `${order.smmPanel.attempts} times`} so far). The buyer sees
              “Delivery delayed”; nothing is refunded unless you decide to.
            </p>
          )}
        </div>
      )}
      {order.status === "queued" && (
        <p className="text-sm text-gray-700" data-testid="queued-note">
          Queued: another order for the same account or post is at the panel, which would lose a second one without a
          refund. The shop sends this one by itself once that one finishes; the buyer is told why it waits. Cancel stops
          it and makes its refund due.
        </p>
      )}
      {order.status === "failed" && order.payment.paidAt && !order.smmPanel.orderId && (
        <p className="text-sm text-gray-700">
          The panel refused this order, so nothing was placed. Fix the cause (the link, or the service ID in Admin →
          Panels or on the plan) and send it again, or cancel it to refund the buyer.
        </p>
      )}
      {order.status === "placement_unknown" && (
        <p className="text-sm text-gray-700">
          The panel may have this order: its answer never came. Look for it in the panel's order list before sending it
          again.
        </p>
      )}
      {actions.retry && order.status === "refund_due" && (
        <p className="text-sm text-gray-700">
          Nothing was delivered. Send it to the panel again once the cause is fixed, or pay the buyer back.
        </p>
      )}
      {actions.retry &&
        (order.status === "placement_unknown" ? (
          // The panel may have it already: a second send could be a second, paid, order.
          <Button
            {...primary}
            onClick={() => {
              setCheckedAtPanel(false);
              confirm.ask("resend");
            }}
            disabled={busy}
          >
            Send to panel again…
          </Button>
        ) : (
          button("retry", order.status === "waiting_panel" ? "Send to panel now" : "Send to panel again", primary)
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
            noValidate
            onSubmit={(e) => {
              e.preventDefault();
              // The same check as the buyer's UTR field and the server's: what is wrong is said under the field.
              const reading = readUtr(reference);
              if (!reading.ok) setReferenceError(reading.message);
              else void submit("mark-refunded", { reference: reading.utr });
            }}
          >
            <Field
              id="refund-reference"
              label="Refund UPI reference (12 digits)"
              error={referenceError}
              hint={
                reference ? `${reference.length} of 12 digits` : "Paste it as your UPI app shows it; spaces are fine."
              }
              className="mt-3"
            >
              {(control) => (
                <div className="mt-1 flex gap-2">
                  <UtrInput
                    {...control}
                    size="sm"
                    value={reference}
                    onValue={(typed) => {
                      setReference(typed);
                      setReferenceError(null);
                    }}
                    className="min-w-0 flex-1 bg-transparent font-mono"
                  />
                  <Button {...primary} type="submit" disabled={busy || reference === ""}>
                    Mark refunded
                  </Button>
                </div>
              )}
            </Field>
          </form>
        </div>
      )}
      <div className="flex flex-wrap gap-2">
        {actions.placeUnpaid && (
          <Button {...secondary} onClick={() => confirm.ask("unpaid")} disabled={busy}>
            Send without confirmed payment…
          </Button>
        )}
        {actions.cancel && (
          <Button {...secondary} onClick={() => confirm.ask("cancel")} disabled={busy}>
            Cancel order…
          </Button>
        )}
        {actions.updateProfit && button("update-profit", "Update Profit", secondary)}
      </div>
      {none && <p className="text-sm text-gray-600">Nothing to do for this order right now.</p>}

      <ConfirmDialog
        {...asked("unpaid", "place", { unpaid: "true" })}
        title="Send without a confirmed payment?"
        confirmLabel="Send anyway"
      >
        <p>
          Nobody has confirmed a payment for this order. The SMM panel will charge your balance and deliver it even if
          the buyer never paid.
        </p>
        <p>Send it only if you have seen the money some other way.</p>
      </ConfirmDialog>
      <ConfirmDialog
        {...asked("resend", "retry", { checked: "true" })}
        title="Send this order again?"
        confirmLabel="Send again"
        confirmDisabled={!checkedAtPanel}
      >
        <p>
          The SMM panel may have taken this order even though it never answered. Sending it again could place it twice,
          charged twice.
        </p>
        {sent ? (
          <SentToPanel sent={sent} />
        ) : (
          <p>
            Look in the panel's order list for an order for <span className="break-all">{order.target}</span>.
          </p>
        )}
        <label className="flex items-start gap-2 font-medium text-gray-900">
          <input
            type="checkbox"
            className="mt-1 size-4"
            checked={checkedAtPanel}
            onChange={(e) => setCheckedAtPanel(e.target.checked)}
          />
          I looked in the panel's order list and this order is not there.
        </label>
      </ConfirmDialog>
      <ConfirmDialog
        {...asked("cancel", "cancel", { byBuyer: String(order.payment.paidAt !== null && cancelledBy === "buyer") })}
        title="Cancel this order?"
        confirmLabel="Cancel order"
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
            <CancelledByChoice order={order} feePercent={feePercent} value={cancelledBy} onChange={setCancelledBy} />
          </>
        )}
      </ConfirmDialog>
    </div>
  );
}

/** The buyer's UTR is one the shop already holds: a payment that paid another order pays no second one. */
function UtrHeldWarning({ utr, held }: { utr: string | null; held: UtrHolding[] }) {
  const amount = (h: UtrHolding) => (h.amountPaise === null ? "an unread amount" : formatInr(h.amountPaise));
  return (
    <div role="alert" className="mt-3 rounded-md border border-red-300 bg-red-50 p-2 text-red-900">
      <p className="font-semibold">The shop already holds UTR {utr}:</p>
      <ul className="mt-1 list-disc pl-5">
        {held.map((h) => (
          <li key={h.creditId}>
            {h.status === "confirmed" || h.status === "assigned" ? (
              <>
                it paid order{" "}
                <a className="underline" href={`/admin/orders/${h.orderId}`}>
                  {h.orderId}
                </a>{" "}
                ({amount(h)}): it cannot pay this one too.
              </>
            ) : h.status === "dismissed" ? (
              <>a credit of {amount(h)} with it was dismissed under Payments.</>
            ) : (
              <>
                a credit of {amount(h)} with it waits under{" "}
                <a className="underline" href="/admin/payments">
                  Payments
                </a>
                {h.orderId ? ` (matched against order ${h.orderId})` : ""}.
              </>
            )}
          </li>
        ))}
      </ul>
    </div>
  );
}

/**
 * The shop stops a paid order (a full refund, plus the cancellation fee paid to the buyer while it is above 0)
 * or the buyer asked for it (the refund keeps the fee).
 */
function CancelledByChoice({
  order,
  feePercent,
  value,
  onChange,
}: {
  order: AdminOrderJson;
  feePercent: number;
  value: "shop" | "buyer";
  onChange: (value: "shop" | "buyer") => void;
}) {
  const price = Math.round(order.price * 100);
  const back = (by: "shop" | "buyer") => formatInr(refundPaise(price, order.amount, order.amount, by, feePercent));
  const options = [
    [
      "shop",
      "The shop is cancelling it",
      feePercent > 0
        ? `The buyer gets ${back("shop")} back: the price plus the ${feePercent}% cancellation fee, which the shop pays when it cancels.`
        : `The buyer gets the full ${back("shop")} back.`,
    ],
    [
      "buyer",
      "The buyer asked to cancel",
      feePercent > 0
        ? `The buyer gets ${back("buyer")} back: the price less the ${feePercent}% cancellation fee.`
        : `The buyer gets the full ${back("buyer")} back (no cancellation fee is set).`,
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

/**
 * Why the refund is what it is: in full when the panel stopped the order, less the fee when the buyer
 * cancelled, plus it when the shop did.
 */
function refundWhy(order: AdminOrderJson): string {
  const { fee, compensation } = order.refund;
  const inr = (rupees: number) => formatInr(Math.round(rupees * 100));
  if (order.refund.cancelledBy === "buyer") {
    return `(the price less the cancellation fee${fee ? ` of ${inr(fee)}` : ""}: the buyer cancelled)`;
  }
  if (fee !== null && fee > 0) return "(less the processing fee kept before refunds were in full)";
  if (order.refund.cancelledBy === "shop" && compensation !== null && compensation > 0)
    return `(the price plus ${inr(compensation)}, the cancellation fee the shop pays: you stopped the order)`;
  if (order.refund.cancelledBy === "shop") return "(in full: you stopped the order)";
  if (order.refund.cancelledBy === "panel") return "(in full: the panel did not deliver it all)";
  return "";
}
