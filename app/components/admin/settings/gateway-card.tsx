import { useRef, useState } from "react";
import { useFetcher } from "react-router";
import type { GatewaySettingsResult } from "~/domain/payments/gateway-settings-actions";
import { useActionToast } from "~/components/admin/use-action-toast";
import { useFieldErrors } from "~/components/admin/use-field-errors";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { Card } from "~/components/ui/card";
import { Field } from "~/components/ui/field";
import { Input } from "~/components/ui/input";

interface Props {
  /** The saved settings as the page may show them: the secrets only by their last 4 characters. */
  gateway: { enabled: boolean; keyId: string; keySecretHint: string | null; webhookSecretHint: string | null };
  /** Where Razorpay sends its webhooks (this shop's address). */
  webhookUrl: string;
}

const saved = (hint: string | null) => (hint ? `saved, ending …${hint} (leave empty to keep)` : "not saved yet");

/** "Pay with Razorpay" beside the UPI QR: the keys, the webhook to register, and the switch. */
export function GatewayCard({ gateway, webhookUrl }: Props) {
  const keys = useFetcher<GatewaySettingsResult>();
  const toggle = useFetcher<GatewaySettingsResult>();
  const [formKey, setFormKey] = useState(0);
  useActionToast(keys, { failureTitle: "Razorpay keys not saved", onSuccess: () => setFormKey((k) => k + 1) });
  useActionToast(toggle, { failureTitle: "Razorpay not switched" });
  const keysForm = useRef<HTMLFormElement>(null);
  const errorFor = useFieldErrors(keys, keysForm);
  const ready = Boolean(gateway.keyId && gateway.keySecretHint && gateway.webhookSecretHint);
  return (
    <Card asChild radius="lg">
      <section aria-labelledby="gateway-title">
        <div className="flex items-center justify-between gap-2">
          <h2 id="gateway-title" className="text-lg font-semibold">
            Payment gateway
          </h2>
          <Badge tone={gateway.enabled ? "success" : "neutral"} data-testid="gateway-state">
            {gateway.enabled ? "On" : "Off"}
          </Badge>
        </div>
        <p className="mt-1 text-sm text-gray-600">
          Razorpay, offered as &quot;Pay with Razorpay&quot; beside the UPI QR (the QR stays the default). Payments
          confirm from Razorpay&apos;s signed webhook, or by the shop asking Razorpay. How to set up: docs/payments.md.
        </p>
        <p className="mt-3 text-sm text-gray-700">
          Webhook URL (Razorpay → Webhooks; events payment.captured, order.paid, payment.failed):{" "}
          <code className="break-all" data-testid="gateway-webhook-url">
            {webhookUrl}
          </code>
        </p>
        <keys.Form
          method="post"
          ref={keysForm}
          key={formKey}
          className="mt-4 space-y-2 border-t border-gray-100 pt-4"
          autoComplete="off"
        >
          <input type="hidden" name="intent" value="gateway-save" />
          <Field id="gateway-keyId" error={errorFor("keyId")} label="Key id" size="sm">
            {(control) => (
              <Input
                {...control}
                size="sm"
                name="keyId"
                defaultValue={gateway.keyId}
                placeholder="rzp_live_…"
                maxLength={60}
              />
            )}
          </Field>
          <Field id="gateway-keySecret" error={errorFor("keySecret")} label="Key secret" size="sm">
            {(control) => (
              <Input
                {...control}
                size="sm"
                type="password"
                name="keySecret"
                placeholder={saved(gateway.keySecretHint)}
                maxLength={100}
              />
            )}
          </Field>
          <Field id="gateway-webhookSecret" error={errorFor("webhookSecret")} label="Webhook secret" size="sm">
            {(control) => (
              <Input
                {...control}
                size="sm"
                type="password"
                name="webhookSecret"
                placeholder={saved(gateway.webhookSecretHint)}
                maxLength={200}
              />
            )}
          </Field>
          <p className="text-sm text-gray-700" data-testid="gateway-secrets">
            Key secret: {saved(gateway.keySecretHint)}. Webhook secret: {saved(gateway.webhookSecretHint)}.
          </p>
          <Button type="submit" size="sm" disabled={keys.state !== "idle"}>
            Save keys
          </Button>
        </keys.Form>
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
      </section>
    </Card>
  );
}
