import { type ComponentProps, useId } from "react";
import { useFetcher } from "react-router";
import type { AlertSettingsResult } from "~/domain/alerts/alert-settings-actions";
import type { AlertSettingsView } from "~/domain/alerts/alert-settings.server";
import { ALERT_EVENTS, ALERT_EVENT_LABELS, type AlertChannel } from "~/domain/alerts/events";
import { useActionToast } from "~/components/admin/use-action-toast";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { Card } from "~/components/ui/card";
import { Field } from "~/components/ui/field";
import { Input } from "~/components/ui/input";
import { PushDevice } from "./push-device";

interface Props {
  /** The saved settings; of each secret only its last 4 characters. */
  alerts: AlertSettingsView;
}

type Fetcher = ReturnType<typeof useFetcher<AlertSettingsResult>>;

const saved = (hint: string | null) => (hint ? `saved, ending …${hint} (leave empty to keep)` : "not saved yet");
const checkboxClass = "h-4 w-4 accent-brand-600";

/**
 * Alerts to the operator's phone or mailbox: which events, and each channel
 * (e-mail over SMTP, Telegram), with "Send test" answering in the channel's
 * own words. How to set up each: docs/alerts.md.
 */
export function AlertsCard({ alerts }: Props) {
  const { settings } = alerts;
  const events = useFetcher<AlertSettingsResult>();
  const email = useFetcher<AlertSettingsResult>();
  const telegram = useFetcher<AlertSettingsResult>();
  const push = useFetcher<AlertSettingsResult>();
  useActionToast(events, { failureTitle: "Alert choices not saved" });
  useActionToast(email, { failureTitle: "E-mail alerts" });
  useActionToast(telegram, { failureTitle: "Telegram alerts" });
  useActionToast(push, { failureTitle: "Web Push alerts" });
  const id = useId();
  const threshold = settings.balanceThresholdPaise === null ? "" : String(settings.balanceThresholdPaise / 100);
  return (
    <Card asChild radius="lg">
      <section aria-labelledby={`${id}-title`}>
        <h2 id={`${id}-title`} className="text-lg font-semibold">
          Alerts
        </h2>
        <p className="mt-1 text-sm text-gray-600">
          Tells you by e-mail, Telegram or a notification when an order needs you. A channel that is down is retried;
          orders never wait for it. How to set up: docs/alerts.md.
        </p>
        <events.Form method="post" className="mt-4 space-y-2 border-t border-gray-100 pt-4">
          <input type="hidden" name="intent" value="alerts-events" />
          <fieldset className="space-y-1">
            <legend className="text-sm font-medium">Alert me about</legend>
            {ALERT_EVENTS.map((event) => (
              <label key={event} className="flex items-center gap-2 text-sm">
                <input
                  type="checkbox"
                  name="events"
                  value={event}
                  defaultChecked={settings.events.includes(event)}
                  className={checkboxClass}
                />
                {ALERT_EVENT_LABELS[event]}
              </label>
            ))}
          </fieldset>
          <div className="grid gap-2 sm:grid-cols-2">
            <TextField
              id={`${id}-time`}
              label="Daily summary at (IST)"
              fetcher={events}
              name="dailySummaryTime"
              type="time"
              defaultValue={settings.dailySummaryTime}
            />
            <TextField
              id={`${id}-threshold`}
              label="Panel balance below (₹; empty: never)"
              fetcher={events}
              name="balanceThreshold"
              inputMode="decimal"
              defaultValue={threshold}
            />
          </div>
          <Button type="submit" size="sm" disabled={events.state !== "idle"}>
            Save choices
          </Button>
        </events.Form>

        <email.Form method="post" className="mt-4 space-y-2 border-t border-gray-100 pt-4" autoComplete="off">
          <ChannelHeading title="E-mail (SMTP)" enabled={settings.email.enabled} />
          <label className="flex items-center gap-2 text-sm">
            <input name="enabled" type="checkbox" defaultChecked={settings.email.enabled} className={checkboxClass} />
            Send alerts by e-mail
          </label>
          <div className="grid gap-2 sm:grid-cols-[1fr_6rem]">
            <TextField
              id={`${id}-smtpHost`}
              label="SMTP host"
              fetcher={email}
              name="smtpHost"
              defaultValue={settings.email.host}
              placeholder="smtp.gmail.com"
            />
            <TextField
              id={`${id}-smtpPort`}
              label="Port"
              fetcher={email}
              name="smtpPort"
              inputMode="numeric"
              defaultValue={String(settings.email.port)}
            />
          </div>
          <label className="block text-sm" htmlFor={`${id}-smtpSecurity`}>
            Security
          </label>
          <select
            id={`${id}-smtpSecurity`}
            name="smtpSecurity"
            defaultValue={settings.email.security}
            className="rounded-md border border-gray-300 px-2 py-1 text-sm"
          >
            <option value="starttls">STARTTLS (port 587)</option>
            <option value="tls">TLS (port 465)</option>
            <option value="none">None (a relay on this machine only)</option>
          </select>
          <TextField
            id={`${id}-smtpUser`}
            label="User name"
            fetcher={email}
            name="smtpUser"
            defaultValue={settings.email.user}
          />
          <TextField
            id={`${id}-smtpPassword`}
            label="Password"
            fetcher={email}
            name="smtpPassword"
            type="password"
            autoComplete="new-password"
            placeholder={saved(alerts.smtpPasswordHint)}
          />
          <TextField
            id={`${id}-mailFrom`}
            label="From"
            fetcher={email}
            name="mailFrom"
            defaultValue={settings.email.from}
            placeholder="Shop alerts <alerts@yourshop.in>"
          />
          <TextField
            id={`${id}-mailTo`}
            label="To (your address)"
            fetcher={email}
            name="mailTo"
            defaultValue={settings.email.to}
          />
          <Button type="submit" name="intent" value="alerts-email" size="sm" disabled={email.state !== "idle"}>
            Save e-mail
          </Button>
        </email.Form>
        <SendTest channel="email" />

        <telegram.Form method="post" className="mt-4 space-y-2 border-t border-gray-100 pt-4" autoComplete="off">
          <ChannelHeading title="Telegram" enabled={settings.telegram.enabled} />
          <label className="flex items-center gap-2 text-sm">
            <input
              name="enabled"
              type="checkbox"
              defaultChecked={settings.telegram.enabled}
              className={checkboxClass}
            />
            Send alerts to Telegram
          </label>
          <TextField
            id={`${id}-telegramToken`}
            label="Bot token (from @BotFather)"
            fetcher={telegram}
            name="telegramToken"
            type="password"
            placeholder={saved(alerts.telegramTokenHint)}
          />
          <TextField
            id={`${id}-telegramChatId`}
            label="Chat id"
            fetcher={telegram}
            name="telegramChatId"
            inputMode="numeric"
            defaultValue={settings.telegram.chatId}
          />
          <TextField
            id={`${id}-telegramUserIds`}
            label="Your Telegram user id (who may press Confirm; comma-separated)"
            fetcher={telegram}
            name="telegramUserIds"
            inputMode="numeric"
            placeholder="Press Confirm once: Telegram shows your id"
            defaultValue={settings.telegram.operatorIds.join(", ")}
          />
          <p className="text-sm text-gray-700" data-testid="telegram-webhook">
            Confirm button: {alerts.telegramWebhookSet ? "connected" : "not connected (save a bot token)"}
          </p>
          <Button type="submit" name="intent" value="alerts-telegram" size="sm" disabled={telegram.state !== "idle"}>
            Save Telegram
          </Button>
        </telegram.Form>
        <SendTest channel="telegram" />

        <push.Form method="post" className="mt-4 space-y-2 border-t border-gray-100 pt-4">
          <ChannelHeading title="Web Push (this phone or computer)" enabled={settings.push.enabled} />
          <label className="flex items-center gap-2 text-sm">
            <input name="enabled" type="checkbox" defaultChecked={settings.push.enabled} className={checkboxClass} />
            Send alerts as notifications to subscribed devices ({alerts.push.devices} now)
          </label>
          <Button type="submit" name="intent" value="alerts-push" size="sm" disabled={push.state !== "idle"}>
            Save Web Push
          </Button>
        </push.Form>
        <div className="mt-2">
          <PushDevice publicKey={alerts.push.publicKey} />
        </div>
        <SendTest channel="push" />
      </section>
    </Card>
  );
}

function ChannelHeading({ title, enabled }: { title: string; enabled: boolean }) {
  return (
    <div className="flex items-center justify-between gap-2">
      <h3 className="font-medium">{title}</h3>
      <Badge tone={enabled ? "success" : "neutral"}>{enabled ? "On" : "Off"}</Badge>
    </div>
  );
}

function TextField({
  id,
  label,
  fetcher,
  name,
  ...input
}: { id: string; label: string; fetcher: Fetcher; name: string } & Omit<ComponentProps<"input">, "size" | "id">) {
  const data = fetcher.state === "idle" ? fetcher.data : undefined;
  const error = data && !data.ok && data.field === name ? data.message : undefined;
  return (
    <Field id={id} label={label} size="sm" error={error}>
      {(control) => <Input {...control} size="sm" name={name} {...input} />}
    </Field>
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
