import {
  type LucideIcon,
  CheckCircle2,
  Clock,
  Hourglass,
  ListOrdered,
  Loader2,
  PackageCheck,
  RotateCcw,
  SearchCheck,
  Truck,
  TriangleAlert,
  XCircle,
} from "lucide-react";
import { Link } from "react-router";
import type { BuyerStage } from "~/domain/orders/buyer-stage";
import type { TrackedOrder } from "~/domain/orders/order-tracking.server";
import { useTranslation } from "react-i18next";
import { useLocale, useLocalizedPath } from "~/lib/i18n/use-locale";
import { formatCount, formatInr } from "~/lib/money";

/** Each stage's icon and its colour: amber waits, green is done, red went wrong, grey is closed. */
const ICONS: Record<BuyerStage, [LucideIcon, string]> = {
  pay: [Clock, "text-amber-600"],
  expired: [Clock, "text-red-600"],
  confirming: [Loader2, "animate-spin text-brand-600 motion-reduce:animate-none"],
  preparing: [CheckCircle2, "text-green-600"],
  queued: [ListOrdered, "text-amber-600"],
  delayed: [Hourglass, "text-amber-600"],
  on_hold: [SearchCheck, "text-amber-600"],
  delivering: [Truck, "text-brand-600"],
  delivered: [PackageCheck, "text-green-600"],
  partial: [TriangleAlert, "text-amber-600"],
  not_delivered: [XCircle, "text-red-600"],
  you_cancelled: [RotateCcw, "text-gray-700"],
  refunded: [RotateCcw, "text-gray-700"],
  cancelled: [XCircle, "text-gray-600"],
};

function StageIcon({ stage }: { stage: BuyerStage }) {
  const [Icon, colour] = ICONS[stage];
  return <Icon aria-hidden className={`size-10 ${colour}`} />;
}

/** How a refund reaches the buyer; the amount shown is already net of the fee. */
function RefundHow() {
  const { t } = useTranslation("order");
  const to = useLocalizedPath();
  return (
    <>
      {t("explain.refundHowBefore")}
      <Link to={to("/refund-policy")} className="font-medium text-brand-700 underline">
        {t("explain.refundPolicy")}
      </Link>
      {t("explain.refundHowAfter")}
    </>
  );
}

/** One sentence or two: what is happening with the order, in plain words. */
export function StageExplanation({ order }: { order: TrackedOrder }) {
  const { t } = useTranslation("order");
  const locale = useLocale();
  const { stage, delivered, refundPaise, feePaise, compensationPaise, cancelledBy } = order.view;
  const count = (n: number) => formatCount(n, locale);
  const inr = (paise: number) => formatInr(paise, locale);
  const of = (n: number) => t("explain.of", { delivered: count(n), quantity: count(order.quantity) });
  const refund = refundPaise === null ? null : inr(refundPaise);
  // A buyer's own cancellation pays the fee, the shop's pays it to the buyer (refund policy); refunds recorded
  // before the fee was kept say it generally.
  const fee =
    compensationPaise > 0
      ? t("explain.compensation", { amount: inr(compensationPaise) })
      : feePaise === 0
        ? t("explain.inFull")
        : feePaise === null
          ? t("explain.fee")
          : t("explain.feeAmount", { amount: inr(feePaise) });
  switch (stage) {
    case "pay":
      return <p>{t("explain.pay", { amount: inr(order.pricePaise) })}</p>;
    case "expired":
      return <p>{t("explain.expired")}</p>;
    case "confirming":
      return <p>{t("explain.confirming")}</p>;
    case "preparing":
      return <p>{t("explain.preparing")}</p>;
    case "queued":
      return <p data-testid="queued-reason">{t("explain.queued")}</p>;
    case "delayed":
      return <p>{t("explain.delayed")}</p>;
    case "on_hold":
      return <p>{t("explain.onHold")}</p>;
    case "delivering":
      return delivered === null || delivered === 0 ? (
        <p>{t("explain.deliveringSoon")}</p>
      ) : (
        <>
          <p>
            <strong data-testid="delivered-count">{of(delivered)}</strong>
            {t("explain.deliveredSoFar")}
          </p>
          <progress
            value={delivered}
            max={order.quantity}
            aria-label={t("explain.deliveredSoFarLabel")}
            className="mt-3 h-2 w-full overflow-hidden rounded-full bg-gray-200 [&::-webkit-progress-bar]:bg-gray-200 [&::-webkit-progress-value]:bg-brand-600 [&::-moz-progress-bar]:bg-brand-600"
          />
        </>
      );
    case "delivered":
      return <p>{t("explain.delivered", { total: count(order.quantity) })}</p>;
    case "partial":
      return (
        <>
          <p>
            <strong data-testid="delivered-count">{of(delivered ?? 0)}</strong>
            {t("explain.partialStopped")}
          </p>
          {refund && (
            <p className="mt-2">
              {t("explain.youGetBack")}
              <strong data-testid="refund-due">{refund}</strong>
              {t("explain.partialBack", { missing: count(order.quantity - (delivered ?? 0)), fee })}
              <RefundHow />
            </p>
          )}
        </>
      );
    case "not_delivered":
      return refund ? (
        <>
          <p>{t(cancelledBy === "shop" ? "explain.shopCancelled" : "explain.notDelivered")}</p>
          <p className="mt-2">
            {t("explain.youGetBack")}
            <strong data-testid="refund-due">{refund}</strong>
            {t("explain.fullBack", { amount: inr(order.pricePaise), fee })}
            <RefundHow />
          </p>
        </>
      ) : (
        <p>{t("explain.notDeliveredContact")}</p>
      );
    case "you_cancelled":
      return (
        <p>
          {t("explain.youGetBack")}
          <strong data-testid="refund-due">{refund ?? inr(order.pricePaise)}</strong>
          {t("explain.fullBack", { amount: inr(order.pricePaise), fee })}
          {(feePaise ?? 0) > 0 && t("explain.feeWhy")}
          <RefundHow />
        </p>
      );
    case "refunded":
      return (
        <p>
          {cancelledBy === "buyer" && `${t("explain.youCancelled")} `}
          {t("explain.refundedBefore")}
          <strong data-testid="refund-due">{refund ?? inr(order.pricePaise)}</strong>
          {t("explain.refundedAfter")}
        </p>
      );
    case "cancelled":
      return <p>{t("explain.cancelled")}</p>;
  }
}

/** Heading, icon and explanation of the order's stage, for the checkout and /track. */
export function OrderProgress({ order, headingLevel = 1 }: { order: TrackedOrder; headingLevel?: 1 | 2 }) {
  const Heading = headingLevel === 1 ? "h1" : "h2";
  const { t } = useTranslation("order");
  return (
    <div role="status" className="text-center">
      <div className="flex justify-center">
        <StageIcon stage={order.view.stage} />
      </div>
      <Heading className="mt-3 text-xl font-bold" data-testid="order-stage" data-stage={order.view.stage}>
        {t(`stage.${order.view.stage}`)}
      </Heading>
      <div className="mt-2 text-gray-700">
        <StageExplanation order={order} />
      </div>
    </div>
  );
}
