import type { MailboxSettings } from "~/domain/payments/mail/mailbox-config";
import { type MailboxResult, mailboxFormSchema } from "~/domain/payments/mailbox-settings-actions";
import { CheckboxField, TextField } from "~/components/forms";
import { Button } from "~/components/ui/button";
import { SectionCard } from "~/components/ui/card";
import { SettingsForm, useSettingsForm } from "./settings-form";
import { DocLink } from "~/components/admin/doc-link";

interface Props {
  /** The saved mailbox; of the password, only whether one is saved. */
  mailbox: MailboxSettings & { passwordSet: boolean };
}

/** Each text field's words, in the card's order. */
const LOOKS = {
  host: { label: "IMAP host", placeholder: "e.g. imap.gmail.com" },
  port: { label: "Port", inputMode: "numeric" },
  username: { label: "User name" },
  folder: { label: "Folder" },
  recipients: {
    label: "Your alert address (the one the bank writes to)",
    hint: "Required: until it is set, e-mail alerts confirm no payment.",
    placeholder: "e.g. you@gmail.com",
  },
  allowedDomains: { label: "Bank sender domains (comma-separated)" },
  receivingHost: {
    label: "Your receiving mail host (Authentication-Results; empty: off)",
    placeholder: "e.g. mx.google.com",
  },
} as const;

/**
 * Bank credit alerts read from a mailbox over IMAP, on the settings form kit
 * (conform, the action's schema; what only the server can judge, a host name
 * or a sender domain, is refused under its field). "Test connection" tries
 * the typed values (an empty password means the saved one) and saves nothing.
 */
export function MailboxCard({ mailbox }: Props) {
  // A fixed id (one mailbox card a page): conform checks each submit comes from the form it made.
  const form = useSettingsForm(mailboxFormSchema, {
    id: "bank-mailbox",
    intents: ["mailbox-save", "mailbox-test"],
    failureTitle: "Bank e-mail alerts",
    defaultValue: {
      enabled: mailbox.enabled ? "on" : undefined,
      host: mailbox.host,
      port: String(mailbox.port),
      tls: mailbox.tls ? "on" : undefined,
      username: mailbox.username,
      folder: mailbox.folder,
      recipients: mailbox.recipients.join(", "),
      allowedDomains: mailbox.allowedDomains.join(", "),
      receivingHost: mailbox.receivingHost,
    },
  });
  const { fields, busy } = form;
  const text = (name: keyof typeof LOOKS) => <TextField field={fields[name]} {...LOOKS[name]} />;
  const data = form.fetcher.state === "idle" ? (form.fetcher.data as MailboxResult | undefined) : undefined;
  return (
    <SectionCard
      id="bank-email-alerts"
      title="Bank e-mail alerts"
      description={
        <>
          Reads the bank&apos;s credit e-mails from a mailbox of their own (IMAP). Only mail the bank signed (DKIM, from
          a domain below) confirms a payment. How to set up:{" "}
          <DocLink name="payments" section="Source: bank e-mail alerts" />.
        </>
      }
    >
      <SettingsForm settings={form} className="mt-4" autoComplete="off">
        <fieldset disabled={busy} className="min-w-0 space-y-3">
          <CheckboxField field={fields.enabled} label="Read this mailbox" />
          <div className="grid gap-2 sm:grid-cols-[1fr_7rem]">
            {text("host")}
            {text("port")}
          </div>
          <CheckboxField field={fields.tls} label="TLS (off only for a mailbox on this machine)" />
          {text("username")}
          <TextField
            field={fields.mailboxPassword}
            label="Password"
            type="password"
            autoComplete="new-password"
            placeholder={mailbox.passwordSet ? "Saved (leave empty to keep)" : "An app password"}
          />
          {text("folder")}
          {text("recipients")}
          {text("allowedDomains")}
          {text("receivingHost")}
          <div className="flex flex-wrap gap-2">
            <Button type="submit" name="intent" value="mailbox-save" size="sm">
              Save
            </Button>
            <Button type="submit" name="intent" value="mailbox-test" variant="neutral" size="sm">
              Test connection
            </Button>
          </div>
        </fieldset>
        <p aria-live="polite" data-testid="mailbox-result" className="text-sm">
          {data?.message}
        </p>
      </SettingsForm>
    </SectionCard>
  );
}
