import { useState } from "react";
import { Form } from "react-router";
import { Button } from "~/components/ui/button";
import { FieldError } from "~/components/ui/field";
import { istBuyerDateTime } from "~/lib/ist-time";
import type { SelfServiceView } from "~/domain/self-service/track.server";
import type { TFunction } from "i18next";
import { useTranslation } from "react-i18next";
import { useLocale } from "~/lib/i18n/use-locale";
import { formatInr } from "~/lib/money";

/** "30 minutes", "2 hours", "hour": how often a drip-feed part arrives. */
export function everyText(t: TFunction, minutes: number): string {
  return minutes % 60 === 0
    ? t("order:drip.hours", { count: minutes / 60 })
    : t("order:drip.minutes", { count: minutes });
}

/** The order's proof of ownership, sent again with a refill or a cancel. */
function Proof({ lookup, intent }: { lookup: { orderId: string; phone: string }; intent: "refill" | "cancel" }) {
  return (
    <>
      <input type="hidden" name="orderId" value={lookup.orderId} />
      <input type="hidden" name="phone" value={lookup.phone} />
      <input type="hidden" name="intent" value={intent} />
    </>
  );
}

/** /track's part about refills, gradual delivery and cancelling before delivery starts. */
export function SelfService({
  view,
  lookup,
  busy,
  notice,
  error,
}: {
  view: SelfServiceView;
  lookup: { orderId: string; phone: string };
  busy: boolean;
  notice: string | null;
  error: string | null;
}) {
  const [confirming, setConfirming] = useState(false);
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
              <Proof lookup={lookup} intent="refill" />
              <Button type="submit" disabled={busy} className="w-full">
                {busy ? t("refill.sending") : t("refill.button")}
              </Button>
            </Form>
          )}
        </div>
      )}

      {view.canCancel && (
        <Form method="post">
          <Proof lookup={lookup} intent="cancel" />
          <p className="text-gray-700">
            {view.feePercent > 0
              ? t(confirming ? "cancel.confirm" : "cancel.hint", {
                  amount: formatInr(view.cancelRefundPaise, locale),
                  percent: view.feePercent,
                })
              : t(confirming ? "cancel.confirmFree" : "cancel.hintFree", {
                  amount: formatInr(view.cancelRefundPaise, locale),
                })}
          </p>
          {confirming ? (
            <Button key="confirm" type="submit" variant="danger" disabled={busy} className="mt-2 w-full">
              {busy ? t("cancel.sending") : t("cancel.confirmButton")}
            </Button>
          ) : (
            // type="button" and its own key: were React to reuse this element as the submit button during the
            // click, the browser would send the cancel without asking first.
            <Button
              key="ask"
              type="button"
              variant="neutral"
              onClick={() => setConfirming(true)}
              className="mt-2 w-full"
            >
              {t("cancel.button")}
            </Button>
          )}
        </Form>
      )}
    </div>
  );
}
