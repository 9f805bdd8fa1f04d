import { useState } from "react";
import { useFetcher } from "react-router";
import {
  MAX_PASTE_CHARS,
  type PaymentAlertsResult,
  type TriedAlert,
  paymentAlertActionSchemas,
} from "~/domain/payments/alerts-settings-actions";
import type { CustomTemplateInput } from "~/domain/payments/custom-templates";
import { useActionToast } from "~/components/admin/use-action-toast";
import { SelectField, TextField, TextareaField } from "~/components/forms";
import { Button } from "~/components/ui/button";
import { SectionCard } from "~/components/ui/card";
import type { ForwardedSmsNote } from "~/domain/payments/payment-settings.server";
import type { AddedHeaderView } from "~/domain/payments/sender-headers.server";
import { AddedHeaders } from "./added-headers";
import { ForwarderCheck } from "./forwarder-check";
import { ForwarderSecret, type SecretStatus } from "./forwarder-secret";
import { SettingsForm, useSettingsForm } from "./settings-form";
import { SmsGatewayConnect } from "./sms-gateway-connect";
import type { SmsGatewayStatus } from "~/domain/payments/sms-gateway/connect.server";
import { DocLink } from "~/components/admin/doc-link";

interface Props {
  sms: SecretStatus & { lastForwarded: ForwardedSmsNote | null; gateway: SmsGatewayStatus };
  templates: CustomTemplateInput[];
  /** SMS headers the operator added for registry banks (from Payments). */
  headers: AddedHeaderView[];
  /** Where the forwarder sends (this shop's address). */
  endpoint: string;
}

const time = new Intl.DateTimeFormat("en-IN", { dateStyle: "medium", timeStyle: "short", timeZone: "Asia/Kolkata" });

/** Bank alerts that confirm payments: the SMS forwarder's secret, the operator's templates, and a tester. */
export function PaymentAlertsCard({ sms, templates, headers, endpoint }: Props) {
  return (
    <SectionCard
      id="payment-alerts"
      title="Payment alerts"
      description={
        <>
          Bank credit alerts that confirm payments by themselves. Each order asks for a unique amount (a few paise off
          the price); an alert for exactly that amount confirms it. How to set up:{" "}
          <DocLink name="payments" section="Source: SMS forwarder" />.
        </>
      }
    >
      <ForwarderSecret forwarder="sms" status={sms} endpoint={endpoint} />
      <SmsGatewayConnect status={sms.gateway} />
      <ForwarderCheck last={sms.lastForwarded} configured={sms.configured} setAt={sms.setAt} />
      <AddedHeaders headers={headers} />
      <Templates templates={templates} />
      <TryAlert />
    </SectionCard>
  );
}

const [, , addSchema, , trySchema] = paymentAlertActionSchemas;
const CHANNELS = [
  ["sms", "SMS"],
  ["email", "E-mail"],
] as const;
type FieldMeta = Parameters<typeof TextField>[0]["field"];

function Templates({ templates }: { templates: CustomTemplateInput[] }) {
  const remove = useFetcher<PaymentAlertsResult>();
  // A new, empty add form once a template is added.
  const [added, setAdded] = useState(0);
  useActionToast(remove, { failureTitle: "Template not removed" });
  return (
    <div className="mt-4 space-y-2 border-t border-gray-100 pt-4">
      <h3 className="font-semibold">Your templates</h3>
      <p className="text-sm text-gray-600">
        The built-in reader knows the alerts of 30-odd Indian banks and payment banks by their sender ids and e-mail
        domains. Add a template for a bank it misses: a regular expression (run in linear time) with named groups{" "}
        <code>(?&lt;amount&gt;…)</code> (required), <code>utr</code>, <code>vpa</code>, <code>date</code>,{" "}
        <code>time</code>. For SMS, say which sender ids it may come from.
      </p>
      {templates.length > 0 && (
        <ul className="divide-y divide-gray-100 text-sm">
          {templates.map((t, i) => (
            <li key={`${t.name}-${i}`} className="flex items-start justify-between gap-2 py-2">
              <span className="min-w-0">
                <span className="font-medium">{t.name}</span> ({t.channel === "sms" ? "SMS" : "e-mail"})
                <code className="block break-all text-xs text-gray-700">{t.pattern}</code>
              </span>
              <remove.Form method="post">
                <input type="hidden" name="index" value={i} />
                <Button type="submit" name="intent" value="template-remove" variant="neutral" size="sm">
                  Remove
                </Button>
              </remove.Form>
            </li>
          ))}
        </ul>
      )}
      <AddTemplate key={added} onAdded={() => setAdded((n) => n + 1)} />
    </div>
  );
}

/** A new template, checked with the action's schema in the browser and compiled by the server, which says what is wrong under the field. */
function AddTemplate({ onAdded }: { onAdded: () => void }) {
  const add = useSettingsForm(addSchema, {
    id: "template-add",
    failureTitle: "Template not added",
    defaultValue: { channel: "sms" },
    onSuccess: onAdded,
  });
  return (
    <SettingsForm settings={add} intent="template-add" className="space-y-2">
      <TemplateFields fields={add.fields} />
      <Button type="submit" disabled={add.busy} size="sm">
        Add template
      </Button>
    </SettingsForm>
  );
}

function TemplateFields({
  fields,
  optional = false,
}: {
  fields: Record<"name" | "channel" | "pattern" | "senders", FieldMeta>;
  optional?: boolean;
}) {
  return (
    <div className="grid gap-2 sm:grid-cols-2">
      <TextField field={fields.name} label="Name" maxLength={60} required={!optional} />
      <SelectField field={fields.channel} label="Alert type" options={CHANNELS} />
      <div className="sm:col-span-2">
        <TextField
          field={fields.pattern}
          label={optional ? "Pattern (empty: try all templates)" : "Pattern"}
          required={!optional}
          maxLength={600}
          className="font-mono"
          placeholder="e.g. Rs\.? ?(?<amount>[\d,]+\.\d{2}) .*Ref (?<utr>\d{12})"
        />
      </div>
      <div className="sm:col-span-2">
        <TextField
          field={fields.senders}
          label="SMS sender ids (a regular expression)"
          maxLength={200}
          className="font-mono"
          placeholder="e.g. HDFCBK$"
        />
      </div>
    </div>
  );
}

function TryAlert() {
  const form = useSettingsForm(trySchema, {
    id: "template-try",
    failureTitle: "Alert not tried",
    defaultValue: { channel: "sms" },
  });
  const fetcher = form.fetcher;
  const data = fetcher.state === "idle" ? (fetcher.data as PaymentAlertsResult | undefined) : undefined;
  const tried = data?.ok ? data.tried : undefined;
  const many = tried && tried.items.length > 1;
  return (
    <div className="mt-4 space-y-2 border-t border-gray-100 pt-4">
      <h3 className="font-semibold">Try on a pasted alert</h3>
      <p className="text-sm text-gray-600">
        Read exactly as the shop reads alerts. Paste one, or a month of SMS separated by blank lines, or a JSON array as{" "}
        <code>npm run alerts -- check</code> takes (
        <code>
          [{"{"}&quot;sender&quot;, &quot;text&quot;{"}"}]
        </code>
        ).
      </p>
      <SettingsForm settings={form} intent="template-try" className="space-y-2">
        <TextareaField field={form.fields.text} label="Alert text" required rows={4} maxLength={MAX_PASTE_CHARS} />
        <TextField
          field={form.fields.sender}
          label="Sender (SMS: as your phone shows it; e-mail: the bank's domain)"
          maxLength={100}
          placeholder="e.g. VM-HDFCBK"
        />
        <details>
          <summary className="cursor-pointer text-sm font-medium">E-mail, or a template you are writing</summary>
          <div className="mt-2">
            <TemplateFields fields={form.fields} optional />
          </div>
        </details>
        <Button type="submit" disabled={form.busy} variant="neutral" size="sm">
          Try
        </Button>
      </SettingsForm>
      <div aria-live="polite" data-testid="try-result" className="text-sm">
        {data && !data.ok && <p className="text-red-700">{data.message}</p>}
        {many && <TriedMany items={tried.items} credits={tried.credits} />}
        {!many && tried && !tried.matched && <p className="text-red-700">{tried.reason}</p>}
        {!many && tried?.matched && (
          <dl className="grid grid-cols-[auto_1fr] gap-x-3 rounded-lg bg-green-50 p-3">
            <dt>Read by</dt>
            <dd>{tried.template}</dd>
            <dt>Amount</dt>
            <dd>{tried.amount}</dd>
            <dt>UTR</dt>
            <dd className="font-mono">{tried.utr ?? "—"}</dd>
            <dt>Payer</dt>
            <dd>{tried.payerVpa ?? "—"}</dd>
            <dt>Time</dt>
            <dd>{tried.time ? `${time.format(new Date(tried.time))} IST` : "— (the time it arrives is used)"}</dd>
          </dl>
        )}
      </div>
    </div>
  );
}

/** Many alerts at once: which were read as credits (and would confirm an order asking for that amount), which not and why. */
function TriedMany({ items, credits }: { items: TriedAlert[]; credits: number }) {
  return (
    <div className="space-y-2">
      <p className="font-medium">
        {credits} of {items.length} alerts read as credits.
      </p>
      <div className="max-h-96 overflow-auto rounded-lg border border-gray-200">
        <table className="w-full text-left text-xs">
          <thead className="sticky top-0 bg-gray-50">
            <tr>
              <th className="p-2">#</th>
              <th className="p-2">Credit</th>
              <th className="p-2">Amount</th>
              <th className="p-2">UTR</th>
              <th className="p-2">Why not</th>
            </tr>
          </thead>
          <tbody>
            {items.map((item) => (
              <tr key={item.index} className="border-t border-gray-100 align-top">
                <td className="p-2">{item.index + 1}</td>
                <td className="p-2">{item.matched ? "Yes" : "No"}</td>
                <td className="p-2">{item.amount ?? "—"}</td>
                <td className="p-2 font-mono">{item.utr ?? "—"}</td>
                <td className="p-2">{item.reason ?? ""}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </div>
  );
}
