import { useState } from "react";
import { Form } from "react-router";
import { Button } from "~/components/ui/button";
import { FieldError } from "~/components/ui/field";
import { istBuyerDateTime } from "~/domain/dashboard/ist-time";
import { CANCEL_TEXT } from "~/domain/self-service/cancel-messages";
import { DRIP_FEED_TEXT } from "~/domain/self-service/drip-feed-messages";
import { REFILL_STATUS_TEXT, REFILL_TEXT } from "~/domain/self-service/refill-messages";
import type { SelfServiceView } from "~/domain/self-service/track.server";

/** "30 minutes", "2 hours", "hour": how often a drip-feed part arrives. */
export function everyText(minutes: number): string {
  return minutes % 60 === 0 ? DRIP_FEED_TEXT.hours(minutes / 60) : DRIP_FEED_TEXT.minutes(minutes);
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
          <h3 className="font-semibold">{DRIP_FEED_TEXT.heading}</h3>
          <p className="mt-1 text-gray-700">
            {DRIP_FEED_TEXT.plan(view.drip.runs, everyText(view.drip.intervalMinutes))}
          </p>
          <p className="mt-1" data-testid="drip-runs">
            {DRIP_FEED_TEXT.runsDone(view.drip.done, view.drip.runs)}
          </p>
          {view.drip.nextRunAt !== null && (
            <p className="mt-1 text-gray-700">{DRIP_FEED_TEXT.nextRun(istBuyerDateTime(view.drip.nextRunAt))}</p>
          )}
        </div>
      )}

      {(view.refillDays > 0 || view.refills.length > 0) && (
        <div>
          <h3 className="font-semibold">{REFILL_TEXT.heading}</h3>
          <p className="mt-1 text-gray-700">
            {view.guaranteeEndsAt !== null
              ? REFILL_TEXT.guaranteeUntil(istBuyerDateTime(view.guaranteeEndsAt))
              : REFILL_TEXT.guarantee(view.refillDays)}
          </p>
          {view.refills.length > 0 && (
            <ul className="mt-2 space-y-1" aria-label="Refill requests">
              {view.refills.map((refill) => (
                <li key={refill.requestedAt} data-testid="refill-progress">
                  <span className="font-medium">{REFILL_STATUS_TEXT[refill.progress]}</span>{" "}
                  <span className="text-gray-600">
                    ({REFILL_TEXT.lastRequest(istBuyerDateTime(refill.requestedAt))})
                  </span>
                </li>
              ))}
            </ul>
          )}
          {view.canRefill && (
            <Form method="post" className="mt-3">
              <Proof lookup={lookup} intent="refill" />
              <Button type="submit" disabled={busy} className="w-full">
                {busy ? REFILL_TEXT.sending : REFILL_TEXT.button}
              </Button>
            </Form>
          )}
        </div>
      )}

      {view.canCancel && (
        <Form method="post">
          <Proof lookup={lookup} intent="cancel" />
          <p className="text-gray-700">{confirming ? CANCEL_TEXT.confirm : CANCEL_TEXT.hint}</p>
          {confirming ? (
            <Button key="confirm" type="submit" variant="danger" disabled={busy} className="mt-2 w-full">
              {busy ? CANCEL_TEXT.sending : CANCEL_TEXT.confirmButton}
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
              {CANCEL_TEXT.button}
            </Button>
          )}
        </Form>
      )}
    </div>
  );
}
