import { useFetcher } from "react-router";
import type { z } from "zod";
import { type AlertSettingsResult, alertActionSchemas } from "~/domain/operator-alerts/alert-settings-actions";
import type { AlertSettingsView } from "~/domain/operator-alerts/alert-settings.server";
import { ALERT_EVENTS, ALERT_EVENT_LABELS, type AlertChannel } from "~/domain/operator-alerts/events";
import { CheckboxField, CheckboxGroupField, SecretField, SelectField, TextField } from "~/components/forms";
import { OnOffBadge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { TitledCard } from "~/components/ui/card";
import { PushDevice } from "./push-device";
import { SettingsForm, useSettingsForm } from "./settings-form";
import { DocLink } from "~/components/admin/doc-link";

interface Props {
  /** The saved settings; of each secret only its last 4 characters. */
  alerts: AlertSettingsView;
}

const [eventsSchema, emailSchema, telegramSchema, pushSchema] = alertActionSchemas;

const on = (enabled: boolean) => (enabled ? "on" : undefined);
const sectionClass = "mt-4 space-y-2 border-t border-gray-100 pt-4";
const SECURITY = [
  ["starttls", "STARTTLS (port 587)"],
  ["tls", "TLS (port 465)"],
  ["none", "None (a relay on this machine only)"],
] as const;
const EVENT_OPTIONS = ALERT_EVENTS.map((event) => [event, ALERT_EVENT_LABELS[event]] as const);

/**
 * Alerts to the operator's phone or mailbox: which events, and each channel
 * (e-mail over SMTP, Telegram), with "Send test" answering in the channel's
 * own words. How to set up each: docs/operator-alerts.md.
 */
export function OperatorAlertsCard({ alerts }: Props) {
  const { settings } = alerts;
  // A fixed id (one Alerts card a page): a form posted as a whole page comes back to its own fragment.
  const id = "alerts";
  const events = useSettingsForm(eventsSchema, {
    id: `${id}-events`,
    failureTitle: "Alert choices not saved",
    defaultValue: {
      events: settings.events,
      dailySummaryTime: settings.dailySummaryTime,
      balanceThreshold: settings.balanceThresholdPaise === null ? "" : String(settings.balanceThresholdPaise / 100),
    },
  });
  const email = useChannelForm(emailSchema, id, "email", settings.email.enabled, {
    smtpHost: settings.email.host,
    smtpPort: String(settings.email.port),
    smtpSecurity: settings.email.security,
    smtpUser: settings.email.user,
    mailFrom: settings.email.from,
    mailTo: settings.email.to,
  });
  const telegram = useChannelForm(telegramSchema, id, "telegram", settings.telegram.enabled, {
    telegramChatId: settings.telegram.chatId,
    telegramUserIds: settings.telegram.operatorIds.join(", "),
  });
  const push = useChannelForm(pushSchema, id, "push", settings.push.enabled, {});
  return (
    <TitledCard title="Alerts" headingId={`${id}-title`} radius="lg">
      <p className="mt-1 text-sm text-gray-600">
        Tells you by e-mail, Telegram or a notification when an order needs you. A channel that is down is retried;
        orders never wait for it. How to set up: <DocLink name="operator-alerts" />.
      </p>
      <SettingsForm settings={events} intent="alerts-events" className={sectionClass}>
        <CheckboxGroupField field={events.fields.events} legend="Alert me about" options={EVENT_OPTIONS} />
        <div className="grid gap-2 sm:grid-cols-2">
          <TextField field={events.fields.dailySummaryTime} label="Daily summary at (IST)" type="time" />
          <TextField
            field={events.fields.balanceThreshold}
            label="Panel balance below (₹; empty: never)"
            inputMode="decimal"
          />
        </div>
        <Button type="submit" size="sm" disabled={events.busy}>
          Save choices
        </Button>
      </SettingsForm>

      <SettingsForm settings={email} intent="alerts-email" className={sectionClass} autoComplete="off">
        <ChannelHeading title="E-mail (SMTP)" enabled={settings.email.enabled} />
        <CheckboxField field={email.fields.enabled} label="Send alerts by e-mail" />
        <div className="grid gap-2 sm:grid-cols-[1fr_6rem]">
          <TextField field={email.fields.smtpHost} label="SMTP host" placeholder="e.g. smtp.gmail.com" />
          <TextField field={email.fields.smtpPort} label="Port" inputMode="numeric" />
        </div>
        <SelectField field={email.fields.smtpSecurity} label="Security" options={SECURITY} />
        <TextField field={email.fields.smtpUser} label="User name" />
        <SecretField
          field={email.fields.smtpPassword}
          label="Password"
          autoComplete="new-password"
          saved={alerts.smtpPasswordHint}
        />
        <TextField
          field={email.fields.mailFrom}
          label="From"
          hint="The sender address your mail provider allows, e.g. Shop alerts <alerts@yourshop.in>"
        />
        <TextField field={email.fields.mailTo} label="To (your address)" />
        <Button type="submit" size="sm" disabled={email.busy}>
          Save e-mail
        </Button>
      </SettingsForm>
      <SendTest channel="email" />

      <SettingsForm settings={telegram} intent="alerts-telegram" className={sectionClass} autoComplete="off">
        <ChannelHeading title="Telegram" enabled={settings.telegram.enabled} />
        <CheckboxField field={telegram.fields.enabled} label="Send alerts to Telegram" />
        <SecretField
          field={telegram.fields.telegramToken}
          label="Bot token (from @BotFather)"
          saved={alerts.telegramTokenHint}
        />
        <TextField field={telegram.fields.telegramChatId} label="Chat id" inputMode="numeric" />
        <TextField
          field={telegram.fields.telegramUserIds}
          label="Your Telegram user id (who may press Confirm; comma-separated)"
          inputMode="numeric"
          placeholder="Press Confirm once: Telegram shows your id"
        />
        <p className="text-sm text-gray-700" data-testid="telegram-webhook">
          Confirm button: {alerts.telegramWebhookSet ? "connected" : "not connected (save a bot token)"}
        </p>
        <Button type="submit" size="sm" disabled={telegram.busy}>
          Save Telegram
        </Button>
      </SettingsForm>
      <SendTest channel="telegram" />

      <SettingsForm settings={push} intent="alerts-push" className={sectionClass}>
        <ChannelHeading title="Web Push (this phone or computer)" enabled={settings.push.enabled} />
        <CheckboxField
          field={push.fields.enabled}
          label={`Send alerts as notifications to subscribed devices (${alerts.push.devices} now)`}
        />
        <Button type="submit" size="sm" disabled={push.busy}>
          Save Web Push
        </Button>
      </SettingsForm>
      <div className="mt-2">
        <PushDevice publicKey={alerts.push.publicKey} />
      </div>
      <SendTest channel="push" />
    </TitledCard>
  );
}

const CHANNEL_FAILURE: Record<AlertChannel, string> = {
  email: "E-mail alerts",
  telegram: "Telegram alerts",
  push: "Web Push alerts",
};

/** One channel's form: on or off, and its own fields as saved. */
function useChannelForm<S extends z.ZodObject>(
  schema: S,
  cardId: string,
  channel: AlertChannel,
  enabled: boolean,
  values: Partial<z.input<S>>,
) {
  return useSettingsForm(schema, {
    id: `${cardId}-${channel}`,
    failureTitle: CHANNEL_FAILURE[channel],
    defaultValue: { ...values, enabled: on(enabled) },
  });
}

function ChannelHeading({ title, enabled }: { title: string; enabled: boolean }) {
  return (
    <div className="flex items-center justify-between gap-2">
      <h3 className="font-medium">{title}</h3>
      <OnOffBadge on={enabled} />
    </div>
  );
}

/** Sends one message with the saved settings and shows what the channel answered; changes nothing. */
function SendTest({ channel }: { channel: AlertChannel }) {
  const test = useFetcher<AlertSettingsResult>();
  const data = test.state === "idle" ? test.data : undefined;
  return (
    <test.Form method="post" className="mt-2 flex flex-wrap items-center gap-2">
      <input type="hidden" name="channel" value={channel} />
      <Button
        type="submit"
        name="intent"
        value="alerts-test"
        variant="neutral"
        size="sm"
        disabled={test.state !== "idle"}
      >
        Send test
      </Button>
      <span
        aria-live="polite"
        data-testid={`alerts-test-${channel}`}
        className={data?.ok ? "text-sm" : "text-sm text-red-700"}
      >
        {data?.message}
      </span>
    </test.Form>
  );
}
