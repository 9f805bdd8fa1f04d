import { useRef } from "react";
import { useFetcher } from "react-router";
import { paymentAlertActionSchemas, type PaymentAlertsResult } from "~/domain/payments/alerts-settings-actions";
import type { SmsGatewayStatus } from "~/domain/payments/sms-gateway/connect.server";
import { CopyButton } from "~/components/admin/copy-button";
import { useActionToast } from "~/components/admin/use-action-toast";
import { SecretField, TextField } from "~/components/forms";
import { Button } from "~/components/ui/button";
import { SettingsForm, useSettingsForm } from "./settings-form";

const connectSchema = paymentAlertActionSchemas.find((s) => s.shape.intent.value === "sms-gateway-connect")!;
const time = new Intl.DateTimeFormat("en-IN", { dateStyle: "medium", timeStyle: "short", timeZone: "Asia/Kolkata" });

/**
 * Connect SMS Gateway for Android (issue 45, point 12): the address, username
 * and password its Home tab shows, and the shop registers its own webhook
 * through the app's API (no `curl` to the phone); on the Local server it also
 * sets the app's signing key to the shop's SMS secret. The password is kept
 * as the other secrets are, never shown back.
 */
export function SmsGatewayConnect({ status }: { status: SmsGatewayStatus }) {
  const connect = useSettingsForm(connectSchema, {
    id: "sms-gateway",
    failureTitle: "Not connected",
    defaultValue: { gatewayAddress: status.address, gatewayUsername: status.username },
  });
  const answer =
    connect.fetcher.state === "idle" ? (connect.fetcher.data as PaymentAlertsResult | undefined) : undefined;
  const made = answer?.ok && answer.intent === "sms-gateway-connect" ? answer.secret : undefined;
  const shown = useRef<HTMLElement>(null);
  const { fields } = connect;
  // Disconnect (disconnectSmsGateway): its fetcher lives here, as its button goes once the page says "Not connected".
  const disconnect = useFetcher<PaymentAlertsResult>();
  useActionToast(disconnect, { failureTitle: "Not disconnected" });
  const disconnecting = disconnect.state !== "idle";
  return (
    <div className="mt-4 space-y-2 border-t border-gray-100 pt-4">
      <h3 className="font-semibold">Connect SMS Gateway for Android</h3>
      <p className="text-sm text-gray-700">
        In the app, turn on Local server (or Cloud server) and tap Offline to go Online: its Home tab shows the address,
        username and password. Connect registers this shop for every SMS the phone receives.
      </p>
      <p className="text-sm text-gray-700" data-testid="sms-gateway-status">
        {status.connectedAt
          ? `Connected to ${status.address} on ${time.format(status.connectedAt)} IST${status.cloud ? " (Cloud server: the app's Signing Key must be the SMS secret)" : ""}.`
          : "Not connected."}
      </p>
      <SettingsForm settings={connect} intent="sms-gateway-connect" className="space-y-2" autoComplete="off">
        <div className="grid gap-2 sm:grid-cols-2">
          <div className="sm:col-span-2">
            <TextField
              field={fields.gatewayAddress}
              label="App address"
              inputMode="url"
              verbatim
              placeholder="e.g. http://192.168.1.5:8080"
              hint="Local server: the phone's address and port; Cloud server: https://api.sms-gate.app/3rdparty/v1"
            />
          </div>
          <TextField field={fields.gatewayUsername} label="Username" verbatim placeholder="e.g. sms" />
          <SecretField field={fields.gatewayPassword} label="Password" autoComplete="off" saved={status.passwordHint} />
        </div>
        <Button type="submit" disabled={connect.busy} size="sm">
          {connect.busy ? "Connecting..." : "Connect"}
        </Button>
      </SettingsForm>
      {status.connectedAt !== null && (
        <disconnect.Form method="post">
          <Button
            type="submit"
            name="intent"
            value="sms-gateway-disconnect"
            disabled={disconnecting}
            variant="neutral"
            size="sm"
          >
            {disconnecting ? "Disconnecting..." : "Disconnect"}
          </Button>
        </disconnect.Form>
      )}
      {made && (
        <div role="status" className="rounded-lg border border-amber-300 bg-amber-50 p-3 text-sm">
          <p className="font-semibold">
            Paste this SMS secret in the app under Settings → Webhooks → Signing Key now. It is not shown again.
          </p>
          <code ref={shown} className="mt-1 block break-all font-mono select-all" data-testid="sms-gateway-secret">
            {made}
          </code>
          <CopyButton text={made} label="Copy secret" what="SMS secret" shown={() => shown.current} />
        </div>
      )}
    </div>
  );
}
