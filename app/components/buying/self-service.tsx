import { useEffect, useRef, useState } from "react";
import { Form } from "react-router";
import { Button } from "~/components/ui/button";
import { ConfirmDialog } from "~/components/ui/confirm-dialog";
import { FieldError } from "~/components/ui/field";
import { istBuyerDateTime } from "~/lib/ist-time";
import type { SelfServiceView } from "~/domain/self-service/track.server";
import type { TFunction } from "i18next";
import { useTranslation } from "react-i18next";
import { useLocale } from "~/lib/i18n/use-locale";
import { useHydrated } from "~/lib/use-hydrated";
import { formatInr } from "~/lib/money";
import { OrderProof } from "./order-proof";

/** "30 minutes", "2 hours", "hour": how often a drip-feed part arrives. */
export function everyText(t: TFunction, minutes: number): string {
  return minutes % 60 === 0
    ? t("order:drip.hours", { count: minutes / 60 })
    : t("order:drip.minutes", { count: minutes });
}

/** /track's part about refills, gradual delivery and cancelling before delivery starts. */
export function SelfService({
  view,
  lookup,
  busy,
  notice,
  error,
  pricePaise,
}: {
  view: SelfServiceView;
  lookup: { orderId: string; phone: string };
  busy: boolean;
  notice: string | null;
  error: string | null;
  /** What the buyer paid: the cancel's question says what comes back of it. */
  pricePaise: number;
}) {
  const { t } = useTranslation("order");
  const locale = useLocale();
  const when = (ms: number) => istBuyerDateTime(ms, locale);
  return (
    <div className="mt-4 space-y-4 text-sm" data-testid="self-service">
      {notice && (
        <p role="status" className="rounded-lg bg-green-50 p-3 font-medium text-green-800">
          {notice}
        </p>
      )}
      {error && <FieldError className="mt-0">{error}</FieldError>}

      {view.drip && (
        <div>
          <h3 className="font-semibold">{t("drip.heading")}</h3>
          <p className="mt-1 text-gray-700">
            {t("drip.plan", { runs: view.drip.runs, every: everyText(t, view.drip.intervalMinutes) })}
          </p>
          <p className="mt-1" data-testid="drip-runs">
            {t("drip.runsDone", { done: view.drip.done, runs: view.drip.runs })}
          </p>
          {view.drip.nextRunAt !== null && (
            <p className="mt-1 text-gray-700">{t("drip.nextRun", { time: when(view.drip.nextRunAt) })}</p>
          )}
        </div>
      )}

      {(view.refillDays > 0 || view.refills.length > 0) && (
        <div>
          <h3 className="font-semibold">{t("refill.heading")}</h3>
          <p className="mt-1 text-gray-700">
            {view.guaranteeEndsAt !== null
              ? t("refill.guaranteeUntil", { date: when(view.guaranteeEndsAt) })
              : t("refill.guarantee", { count: view.refillDays })}
          </p>
          {view.refills.length > 0 && (
            <ul className="mt-2 space-y-1" aria-label={t("refill.requests")}>
              {view.refills.map((refill) => (
                <li key={refill.requestedAt} data-testid="refill-progress">
                  <span className="font-medium">{t(`refill.status.${refill.progress}`)}</span>{" "}
                  <span className="text-gray-600">({t("refill.lastRequest", { date: when(refill.requestedAt) })})</span>
                </li>
              ))}
            </ul>
          )}
          {view.canRefill && (
            <Form method="post" className="mt-3">
              <OrderProof lookup={lookup} intent="refill" />
              <Button type="submit" disabled={busy} className="w-full">
                {busy ? t("refill.sending") : t("refill.button")}
              </Button>
            </Form>
          )}
        </div>
      )}

      {view.canCancel && <CancelOrder view={view} lookup={lookup} busy={busy} pricePaise={pricePaise} />}
    </div>
  );
}

/**
 * Cancel before delivery starts: a paid order, so the buyer is asked first in
 * a dialog that says what they get back (the price less the fee the refund
 * policy keeps) and offers to keep the order, its confirm out of reach of a
 * second tap on the same spot for a moment (issue 45, point 4).
 */
function CancelOrder({
  view,
  lookup,
  busy,
  pricePaise,
}: {
  view: SelfServiceView;
  lookup: { orderId: string; phone: string };
  busy: boolean;
  pricePaise: number;
}) {
  const { t } = useTranslation("order");
  const locale = useLocale();
  const form = useRef<HTMLFormElement>(null);
  const [asking, setAsking] = useState(false);
  const [armed, setArmed] = useState(false);
  // Disabled until React runs: a tap before then would open nothing.
  const running = useHydrated();
  useEffect(() => {
    if (!asking) return;
    // A double tap's second tap lands before this: it cannot confirm.
    const timer = setTimeout(() => setArmed(true), ARM_AFTER_MS);
    return () => {
      clearTimeout(timer);
      setArmed(false);
    };
  }, [asking]);
  const amount = formatInr(view.cancelRefundPaise, locale);
  // No cancellation fee set (Settings → Cancellation fee): the whole price comes back.
  const free = view.feePercent <= 0;
  return (
    <Form method="post" ref={form}>
      <OrderProof lookup={lookup} intent="cancel" />
      <p className="text-gray-700">
        {free ? t("cancel.hintFree", { amount }) : t("cancel.hint", { amount, percent: view.feePercent })}
      </p>
      {/* type="button": without the page's scripts it sends nothing, so no tap cancels without being asked. */}
      <Button
        type="button"
        variant="neutral"
        disabled={!running}
        onClick={() => setAsking(true)}
        className="mt-2 w-full"
      >
        {t("cancel.button")}
      </Button>
      <ConfirmDialog
        open={asking}
        tone="primary"
        title={t("cancel.confirmTitle")}
        confirmLabel={t("cancel.confirmButton")}
        cancelLabel={t("cancel.keep")}
        workingLabel={t("cancel.sending")}
        working={busy}
        confirmDisabled={!armed}
        onCancel={() => setAsking(false)}
        onConfirm={() => form.current?.requestSubmit()}
      >
        <p data-testid="cancel-refund">
          {free
            ? t("cancel.confirmFree", { amount })
            : t("cancel.confirm", {
                amount,
                price: formatInr(pricePaise, locale),
                fee: formatInr(pricePaise - view.cancelRefundPaise, locale),
                percent: view.feePercent,
              })}
        </p>
        <p>{t("cancel.refundHow")}</p>
      </ConfirmDialog>
    </Form>
  );
}

const ARM_AFTER_MS = 600;
