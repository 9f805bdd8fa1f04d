import { CheckCircle2, Clock, Loader2, PackageCheck, RotateCcw, Truck, TriangleAlert, XCircle } from "lucide-react";
import type { ReactNode } from "react";
import { Link } from "react-router";
import type { BuyerStage } from "~/domain/orders/buyer-view";
import type { TrackedOrder } from "~/domain/orders/buyer.server";
import { REFUND_FEE_PERCENT } from "~/domain/orders/lifecycle";
import { formatCount, formatInr } from "~/lib/money";

/** The buyer's words for each stage of an order (checkout and /track). */
export const STAGE_TITLES: Record<BuyerStage, string> = {
  pay: "Waiting for your payment",
  expired: "Payment time expired",
  confirming: "Payment received, being confirmed",
  preparing: "Payment received – sending your order for delivery",
  delivering: "Delivery in progress",
  delivered: "Delivered",
  partial: "Partially delivered",
  not_delivered: "Not delivered",
  refunded: "Refunded",
  cancelled: "Cancelled",
};

const ICONS: Record<BuyerStage, ReactNode> = {
  pay: <Clock aria-hidden className="size-10 text-amber-600" />,
  expired: <Clock aria-hidden className="size-10 text-red-600" />,
  confirming: <Loader2 aria-hidden className="size-10 animate-spin text-brand-600 motion-reduce:animate-none" />,
  preparing: <CheckCircle2 aria-hidden className="size-10 text-green-600" />,
  delivering: <Truck aria-hidden className="size-10 text-brand-600" />,
  delivered: <PackageCheck aria-hidden className="size-10 text-green-600" />,
  partial: <TriangleAlert aria-hidden className="size-10 text-amber-600" />,
  not_delivered: <XCircle aria-hidden className="size-10 text-red-600" />,
  refunded: <RotateCcw aria-hidden className="size-10 text-gray-700" />,
  cancelled: <XCircle aria-hidden className="size-10 text-gray-600" />,
};

/** How a refund reaches the buyer; the amount shown is already net of the fee. */
function RefundHow() {
  return (
    <>
      It goes back to the UPI account you paid from within 5–7 business days (see our{" "}
      <Link to="/refund-policy" className="font-medium text-brand-700 underline">
        refund policy
      </Link>
      ).
    </>
  );
}
const FEE = `less our ${REFUND_FEE_PERCENT}% processing fee`;

/** One sentence or two: what is happening with the order, in plain words. */
export function StageExplanation({ order }: { order: TrackedOrder }) {
  const { stage, delivered, refundPaise } = order.view;
  const of = (n: number) => `${formatCount(n)} of ${formatCount(order.quantity)}`;
  const refund = refundPaise === null ? null : formatInr(refundPaise);
  switch (stage) {
    case "pay":
      return <p>Scan the QR code or open your UPI app to pay {formatInr(order.pricePaise)}.</p>;
    case "expired":
      return <p>The payment window for this order closed before we saw a payment.</p>;
    case "confirming":
      return (
        <p>
          We have your UPI reference and are matching it with your payment. Delivery starts as soon as it is confirmed;
          this page updates by itself.
        </p>
      );
    case "preparing":
      return <p>Your payment is confirmed. We are handing your order over for delivery now.</p>;
    case "delivering":
      return delivered === null || delivered === 0 ? (
        <p>Your order is with our delivery partner and will start arriving soon.</p>
      ) : (
        <>
          <p>
            <strong data-testid="delivered-count">{of(delivered)}</strong> delivered so far.
          </p>
          <progress
            value={delivered}
            max={order.quantity}
            aria-label="Delivered so far"
            className="mt-3 h-2 w-full overflow-hidden rounded-full bg-gray-200 [&::-webkit-progress-bar]:bg-gray-200 [&::-webkit-progress-value]:bg-brand-600 [&::-moz-progress-bar]:bg-brand-600"
          />
        </>
      );
    case "delivered":
      return <p>All {formatCount(order.quantity)} have been delivered. Thank you for your order!</p>;
    case "partial":
      return (
        <>
          <p>
            <strong data-testid="delivered-count">{of(delivered ?? 0)}</strong> were delivered before delivery stopped.
          </p>
          {refund && (
            <p className="mt-2">
              You will get <strong data-testid="refund-due">{refund}</strong> back for the{" "}
              {formatCount(order.quantity - (delivered ?? 0))} not delivered, {FEE}. <RefundHow />
            </p>
          )}
        </>
      );
    case "not_delivered":
      return refund ? (
        <>
          <p>We could not deliver this order.</p>
          <p className="mt-2">
            You will get <strong data-testid="refund-due">{refund}</strong> back: the {formatInr(order.pricePaise)} you
            paid, {FEE}. <RefundHow />
          </p>
        </>
      ) : (
        <p>We could not deliver this order. Please contact support.</p>
      );
    case "refunded":
      return (
        <p>
          We refunded <strong data-testid="refund-due">{refund ?? formatInr(order.pricePaise)}</strong> to the UPI
          account you paid from. It can take a few days to show in your bank.
        </p>
      );
    case "cancelled":
      return <p>This order was cancelled. No payment was taken for it.</p>;
  }
}

/** Heading, icon and explanation of the order's stage, for the checkout and /track. */
export function OrderProgress({ order, headingLevel = 1 }: { order: TrackedOrder; headingLevel?: 1 | 2 }) {
  const Heading = headingLevel === 1 ? "h1" : "h2";
  return (
    <div role="status" className="text-center">
      <div className="flex justify-center">{ICONS[order.view.stage]}</div>
      <Heading className="mt-3 text-xl font-bold" data-testid="order-stage" data-stage={order.view.stage}>
        {STAGE_TITLES[order.view.stage]}
      </Heading>
      <div className="mt-2 text-gray-700">
        <StageExplanation order={order} />
      </div>
    </div>
  );
}
