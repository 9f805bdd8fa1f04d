import { paymentAlertActionSchemas } from "~/domain/payments/alerts-settings-actions";
import { PAYMENT_APPS } from "~/domain/payments/reader/payment-apps";
import { CheckboxGroupField } from "~/components/forms";
import { Button } from "~/components/ui/button";
import { SectionCard } from "~/components/ui/card";
import { ForwarderSecret, type SecretStatus } from "./forwarder-secret";
import { SettingsForm, useSettingsForm } from "./settings-form";
import { DocLink } from "~/components/admin/doc-link";

const appsSchema = paymentAlertActionSchemas[7];
const APP_OPTIONS = PAYMENT_APPS.map((app) => [app.id, `${app.name} (${app.packages.join(", ")})`] as const);

/** The library Tasker's JavaScriptlet loads to sign (its "Libraries" field). */
export const CRYPTO_JS_URL = "https://cdnjs.cloudflare.com/ajax/libs/crypto-js/4.2.0/crypto-js.min.js";

/**
 * The third payment source: a business payment app's notifications, relayed signed from the operator's
 * phone (docs/payments.md, "Source: payment-app notifications"). The secret, which apps are read, and the
 * steps to set the phone up with Tasker.
 */
export function AppAlertsCard({
  status,
  endpoint,
}: {
  status: SecretStatus & { apps: string[] };
  /** Where the phone sends (this shop's address). */
  endpoint: string;
}) {
  const form = useSettingsForm(appsSchema, {
    id: "app-apps",
    failureTitle: "Payment apps not saved",
    defaultValue: { apps: status.apps },
  });
  return (
    <SectionCard
      id="payment-apps"
      title="Payment app notifications"
      description={
        <>
          Business payment apps (PhonePe Business, Paytm for Business, Google Pay for Business, BharatPe) announce every
          payment on your phone within seconds, even the small ones banks no longer text. A forwarder on that phone
          sends each notification here, signed; only the apps you tick are read, and a payment confirms its order
          exactly as a bank alert does. Full guide:{" "}
          <DocLink name="payments" section="Source: payment-app notifications" />.
        </>
      }
    >
      <ForwarderSecret forwarder="app" status={status} endpoint={endpoint} />
      <SettingsForm settings={form} intent="app-apps-save" className="mt-4 space-y-2 border-t border-gray-100 pt-4">
        <CheckboxGroupField field={form.fields.apps} legend="Read payment notifications from" options={APP_OPTIONS} />
        <p className="text-xs text-gray-600">
          A notification from any other app (a chat, your mail, a consumer UPI app) is never read as a payment.
        </p>
        <Button type="submit" size="sm" disabled={form.busy}>
          Save apps
        </Button>
      </SettingsForm>
      <TaskerSteps endpoint={endpoint} />
    </SectionCard>
  );
}

function TaskerSteps({ endpoint }: { endpoint: string }) {
  const script = [
    "var ts = String(Math.floor(Date.now() / 1000));",
    "var body = JSON.stringify({",
    '  app: "com.phonepe.app.business",',
    "  title: title, text: text,",
    "  postedAt: Date.now(),",
    '  id: "n" + Date.now()',
    "});",
    'var sig = CryptoJS.HmacSHA256(body + ts, global("BK_SECRET")).toString(CryptoJS.enc.Hex);',
  ].join("\n");
  return (
    <details className="mt-4 border-t border-gray-100 pt-4 text-sm">
      <summary className="cursor-pointer font-semibold">Set it up on your phone (Tasker)</summary>
      <ol className="mt-2 list-decimal space-y-1 pl-5 text-gray-700">
        <li>
          Make a secret above and tick your business app. Install Tasker from the Play Store on the phone that has the
          app, and give it notification access.
        </li>
        <li>
          In Tasker, <b>Variables</b>: add <code>%BK_SECRET</code> and paste the secret.
        </li>
        <li>
          New profile: <b>Event → UI → Notification</b>, Owner Application: your business app. Task: <b>Variable Set</b>{" "}
          <code>%title</code> to <code>%evtprm2</code> and <code>%text</code> to <code>%evtprm3</code>.
        </li>
        <li>
          Add <b>Code → JavaScriptlet</b>. Libraries: <code className="break-all">{CRYPTO_JS_URL}</code>. Code (use your
          app&apos;s package, listed above):
          <pre className="mt-1 whitespace-pre-wrap break-all rounded bg-gray-50 p-2 text-xs">{script}</pre>
        </li>
        <li>
          Add <b>Net → HTTP Request</b>: Method POST, URL <code className="break-all">{endpoint}</code>, Headers (one
          per line) <code>Content-Type:application/json</code>, <code>X-Timestamp:%ts</code>,{" "}
          <code>X-Signature:%sig</code>, Body <code>%body</code>.
        </li>
        <li>Check it: pay yourself ₹1 from another UPI app and see it under Admin → Payments, or confirm an order.</li>
      </ol>
    </details>
  );
}
