import { useId } from "react";
import { useTranslation } from "react-i18next";
import { Form } from "react-router";
import type { TrackChannels } from "~/domain/buyer-messages/track.server";
import { Button } from "~/components/ui/button";
import { Field } from "~/components/ui/field";
import { Input } from "~/components/ui/input";
import { OrderProof } from "./order-proof";

/**
 * /track's forms about the buyer's updates and refund: the UPI id a refund
 * that is due should go to (as REFUND <upi id> in the WhatsApp chat), and
 * "Stop updates" (as the link in every e-mail says).
 */
export function TrackUpdateForms({
  lookup,
  channels,
  busy,
}: {
  lookup: { orderId: string; phone: string };
  channels: TrackChannels;
  busy: boolean;
}) {
  const { t } = useTranslation("updates");
  const upiId = useId();
  if (!channels.refundDue && !channels.anyUpdates) return null;
  return (
    <div className="mt-4 space-y-4 text-sm">
      {channels.refundDue && (
        <Form method="post" className="space-y-2" data-testid="refund-upi-form">
          <OrderProof lookup={lookup} intent="refund-upi" />
          {channels.refundUpiId && <p>{t("refundUpiNow", { upiId: channels.refundUpiId })}</p>}
          <Field id={upiId} label={t("refundUpi")} hint={t("refundUpiHint")}>
            {(control) => (
              <Input
                {...control}
                size="md"
                name="upiId"
                autoComplete="off"
                autoCapitalize="none"
                spellCheck={false}
                maxLength={300}
                placeholder={t("refundUpiPlaceholder")}
                required
              />
            )}
          </Field>
          <Button type="submit" variant="outline" size="md" disabled={busy}>
            {t("refundUpiSave")}
          </Button>
        </Form>
      )}
      {channels.anyUpdates && (
        <Form method="post">
          <OrderProof lookup={lookup} intent="stop-updates" />
          <p className="text-gray-700">{t("stopHint")}</p>
          <Button type="submit" variant="neutral" size="md" disabled={busy} className="mt-2">
            {t("stop")}
          </Button>
        </Form>
      )}
    </div>
  );
}
