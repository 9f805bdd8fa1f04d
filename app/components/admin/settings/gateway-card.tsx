import { useState } from "react";
import { useFetcher } from "react-router";
import { type GatewaySettingsResult, gatewayActionSchemas } from "~/domain/payments/gateway-settings-actions";
import { useActionToast } from "~/components/admin/use-action-toast";
import { SecretField, TextField, savedSecret } from "~/components/forms";
import { OnOffBadge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { SectionCard } from "~/components/ui/card";
import { SettingsForm, useSettingsForm } from "./settings-form";
import { DocLink } from "~/components/admin/doc-link";

interface Props {
  /** The saved settings as the page may show them: the secrets only by their last 4 characters. */
  gateway: { enabled: boolean; keyId: string; keySecretHint: string | null; webhookSecretHint: string | null };
  /** Where Razorpay sends its webhooks (this shop's address). */
  webhookUrl: string;
}

/** "Pay with Razorpay" beside the UPI QR: the keys, the webhook to register, and the switch. */
export function GatewayCard({ gateway, webhookUrl }: Props) {
  const toggle = useFetcher<GatewaySettingsResult>();
  // Saved keys start the form again, empty, with the new secrets' hints.
  const [saves, setSaves] = useState(0);
  useActionToast(toggle, { failureTitle: "Razorpay not switched" });
  const ready = Boolean(gateway.keyId && gateway.keySecretHint && gateway.webhookSecretHint);
  return (
    <SectionCard
      id="gateway"
      title="Payment gateway"
      badge={<OnOffBadge on={gateway.enabled} data-testid="gateway-state" />}
      description={
        <>
          Razorpay, offered as &quot;Pay with Razorpay&quot; beside the UPI QR (the QR stays the default). Payments
          confirm from Razorpay&apos;s signed webhook, or by the shop asking Razorpay. How to set up:{" "}
          <DocLink name="payments" section="Source: Razorpay" />.
        </>
      }
    >
      <p className="mt-3 text-sm text-gray-700">
        Webhook URL (Razorpay → Webhooks; events payment.captured, order.paid, payment.failed):{" "}
        <code className="break-all" data-testid="gateway-webhook-url">
          {webhookUrl}
        </code>
      </p>
      <GatewayKeys key={saves} gateway={gateway} onSaved={() => setSaves((n) => n + 1)} />
      <toggle.Form method="post" className="mt-4 border-t border-gray-100 pt-4">
        {gateway.enabled ? (
          <Button type="submit" name="intent" value="gateway-disable" variant="neutral" size="sm">
            Turn off Pay with Razorpay
          </Button>
        ) : (
          <Button type="submit" name="intent" value="gateway-enable" size="sm" disabled={!ready}>
            Turn on Pay with Razorpay
          </Button>
        )}
      </toggle.Form>
    </SectionCard>
  );
}

function GatewayKeys({ gateway, onSaved }: Pick<Props, "gateway"> & { onSaved: () => void }) {
  const keys = useSettingsForm(gatewayActionSchemas[0], {
    id: "gateway-keys",
    failureTitle: "Razorpay keys not saved",
    defaultValue: { keyId: gateway.keyId },
    onSuccess: onSaved,
  });
  return (
    <SettingsForm
      settings={keys}
      intent="gateway-save"
      className="mt-4 space-y-2 border-t border-gray-100 pt-4"
      autoComplete="off"
    >
      <TextField field={keys.fields.keyId} label="Key id" placeholder="e.g. rzp_live_…" />
      <SecretField field={keys.fields.keySecret} label="Key secret" saved={gateway.keySecretHint} />
      <SecretField field={keys.fields.webhookSecret} label="Webhook secret" saved={gateway.webhookSecretHint} />
      <p className="text-sm text-gray-700" data-testid="gateway-secrets">
        Key secret: {savedSecret(gateway.keySecretHint)}. Webhook secret: {savedSecret(gateway.webhookSecretHint)}.
      </p>
      <Button type="submit" size="sm" disabled={keys.busy}>
        Save keys
      </Button>
    </SettingsForm>
  );
}
