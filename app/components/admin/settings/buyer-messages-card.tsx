import { HelpText } from "~/components/admin/help-text";
import { useState } from "react";
import { CheckboxField, SecretField, TextField, savedSecret } from "~/components/forms";
import { OnOffBadge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { SectionCard } from "~/components/ui/card";
import { BUYER_EVENTS, BUYER_EVENT_LABELS } from "~/domain/buyer-messages/events";
import { buyerMessageActionSchemas, templateField } from "~/domain/buyer-messages/settings-actions";
import type { BuyerMessageSettingsView, EnvField } from "~/domain/buyer-messages/settings.server";
import { SettingsForm, useSettingsForm } from "./settings-form";

const sectionClass = "mt-4 space-y-2 border-t border-gray-100 pt-4";

const ENV_NAMES: Record<EnvField, string> = {
  phoneNumberId: "WHATSAPP_PHONE_NUMBER_ID",
  accessToken: "WHATSAPP_ACCESS_TOKEN",
  appSecret: "WHATSAPP_APP_SECRET",
  verifyToken: "WHATSAPP_VERIFY_TOKEN",
  businessNumber: "WHATSAPP_BUSINESS_NUMBER",
};

/** WhatsApp's three secrets: written, never shown again (the view has only their last characters, `${name}Hint`). */
type WhatsAppSecret = "accessToken" | "appSecret" | "verifyToken";
const WHATSAPP_SECRETS: readonly { name: WhatsAppSecret; label: string; hint?: string }[] = [
  { name: "accessToken", label: "Access token (system user)" },
  { name: "appSecret", label: "App Secret" },
  {
    name: "verifyToken",
    label: "Webhook verify token",
    hint: "Any text you choose; type the same in Meta's webhook settings.",
  },
];

interface Props {
  settings: BuyerMessageSettingsView;
  /** Where Meta sends the WhatsApp webhooks (this shop's address). */
  webhookUrl: string;
  /** The alert SMTP is set up (Settings → Alerts → E-mail): buyers' e-mails go through it. */
  smtpReady: boolean;
}

/**
 * Settings → Buyer messages (docs/buyer-messages.md): WhatsApp Business Cloud
 * API (ids, secrets written and never shown again, the webhook to register),
 * the utility templates' names and languages, e-mail updates and quiet hours.
 * A value set in the server's environment is named as such and wins.
 */
export function BuyerMessagesCard({ settings, webhookUrl, smtpReady }: Props) {
  // Saved secrets start the form again, empty, with the new hints.
  const [saves, setSaves] = useState(0);
  return (
    <SectionCard
      id="buyer-messages-settings"
      title="Buyer messages"
      badge={<OnOffBadge on={settings.ready} words={["WhatsApp on", "WhatsApp off"]} data-testid="whatsapp-state" />}
      description={
        <>
          Order updates to buyers on WhatsApp (Meta&apos;s official WhatsApp Business Cloud API), by e-mail and as
          browser notifications, and self-service by chat.{" "}
          <HelpText text="How to set up, and the templates to submit: docs/buyer-messages.md." />
        </>
      }
    >
      <p className="mt-3 text-sm text-gray-700">
        Webhook URL (Meta for Developers → WhatsApp → Configuration; field <code>messages</code>):{" "}
        <code className="break-all" data-testid="whatsapp-webhook-url">
          {webhookUrl}
        </code>
      </p>
      <WhatsAppKeys key={saves} settings={settings} onSaved={() => setSaves((n) => n + 1)} />
      <Templates settings={settings} />
      <Delivery settings={settings} smtpReady={smtpReady} />
    </SectionCard>
  );
}

function WhatsAppKeys({ settings, onSaved }: { settings: BuyerMessageSettingsView; onSaved: () => void }) {
  const form = useSettingsForm(buyerMessageActionSchemas[0], {
    id: "buyer-whatsapp",
    failureTitle: "WhatsApp settings not saved",
    defaultValue: { phoneNumberId: settings.phoneNumberId, businessNumber: settings.businessNumber },
    onSuccess: onSaved,
  });
  const env = (field: EnvField) =>
    settings.fromEnv.includes(field)
      ? `Set by ${ENV_NAMES[field]} in the server's environment, which wins.`
      : undefined;
  return (
    <SettingsForm settings={form} intent="buyer-whatsapp" className={sectionClass} autoComplete="off">
      <h3 className="font-semibold">WhatsApp Business Cloud API</h3>
      <TextField
        field={form.fields.phoneNumberId}
        label="Phone number ID"
        inputMode="numeric"
        hint={env("phoneNumberId")}
      />
      <TextField
        field={form.fields.businessNumber}
        label="Number buyers write to (with country code)"
        inputMode="numeric"
        placeholder="e.g. 919876543210"
        hint={env("businessNumber")}
      />
      {WHATSAPP_SECRETS.map(({ name, label, hint }) => (
        <SecretField
          key={name}
          field={form.fields[name]}
          label={label}
          saved={settings[`${name}Hint`]}
          hint={env(name) ?? hint}
        />
      ))}
      <p className="text-sm text-gray-700" data-testid="whatsapp-secrets">
        Access token: {savedSecret(settings.accessTokenHint)}. App Secret: {savedSecret(settings.appSecretHint)}. Verify
        token: {savedSecret(settings.verifyTokenHint)}.
      </p>
      <Button type="submit" size="sm" disabled={form.busy}>
        Save WhatsApp
      </Button>
    </SettingsForm>
  );
}

function Templates({ settings }: { settings: BuyerMessageSettingsView }) {
  const form = useSettingsForm(buyerMessageActionSchemas[1], {
    id: "buyer-templates",
    failureTitle: "Templates not saved",
    defaultValue: {
      templateLanguageEn: settings.templateLanguageEn,
      templateLanguageHi: settings.templateLanguageHi,
      ...Object.fromEntries(BUYER_EVENTS.map((event) => [templateField(event), settings.templates[event]])),
    },
  });
  return (
    <SettingsForm settings={form} intent="buyer-templates" className={sectionClass} autoComplete="off">
      <h3 className="font-semibold">Templates (outside the 24-hour window)</h3>
      <p className="text-sm text-gray-700">
        Approved utility templates, sent only to buyers who ticked &quot;Send me order updates on WhatsApp&quot; at
        checkout, when more than 24 hours passed since they last wrote. Empty: that update is not sent as a template.
      </p>
      <div className="grid gap-2 sm:grid-cols-2">
        <TextField field={form.fields.templateLanguageEn} label="Language for English" placeholder="e.g. en" />
        <TextField field={form.fields.templateLanguageHi} label="Language for Hindi" placeholder="e.g. hi" />
      </div>
      {BUYER_EVENTS.map((event) => (
        <TextField key={event} field={form.fields[templateField(event)]} label={BUYER_EVENT_LABELS[event]} />
      ))}
      <Button type="submit" size="sm" disabled={form.busy}>
        Save templates
      </Button>
    </SettingsForm>
  );
}

function Delivery({ settings, smtpReady }: { settings: BuyerMessageSettingsView; smtpReady: boolean }) {
  const form = useSettingsForm(buyerMessageActionSchemas[2], {
    id: "buyer-delivery",
    failureTitle: "Settings not saved",
    defaultValue: {
      emailUpdates: settings.emailUpdates ? "on" : undefined,
      quietFrom: settings.quietFrom,
      quietTo: settings.quietTo,
    },
  });
  return (
    <SettingsForm settings={form} intent="buyer-delivery" className={sectionClass}>
      <h3 className="font-semibold">E-mail and quiet hours</h3>
      <CheckboxField
        field={form.fields.emailUpdates}
        label="E-mail the receipt and updates to buyers who gave an address"
        hint={
          smtpReady
            ? "Sent through the SMTP server of Settings → Alerts → E-mail."
            : "Set up the SMTP server in Settings → Alerts → E-mail first: until then no e-mail goes out."
        }
      />
      <div className="grid gap-2 sm:grid-cols-2">
        <TextField field={form.fields.quietFrom} label="Quiet hours from (IST)" type="time" />
        <TextField field={form.fields.quietTo} label="until (IST)" type="time" />
      </div>
      <p className="text-sm text-gray-700">
        Updates that are not about money (delivery started, delivered, refills) wait until the quiet hours end. Both
        empty: none.
      </p>
      <Button type="submit" size="sm" disabled={form.busy}>
        Save
      </Button>
    </SettingsForm>
  );
}
