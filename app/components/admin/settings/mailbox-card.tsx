import { useId } from "react";
import { useFetcher } from "react-router";
import type { MailboxSettings } from "~/domain/payments/mail/mailbox-config";
import type { MailboxResult } from "~/domain/payments/mailbox-settings-actions";
import { useActionToast } from "~/components/admin/use-action-toast";
import { Button } from "~/components/ui/button";
import { Card } from "~/components/ui/card";
import { Field, FieldError } from "~/components/ui/field";
import { Input } from "~/components/ui/input";

interface Props {
  /** The saved mailbox; of the password, only whether one is saved. */
  mailbox: MailboxSettings & { passwordSet: boolean };
}

/**
 * Bank credit alerts read from a mailbox over IMAP. "Test connection" tries
 * the typed values (an empty password means the saved one) and saves nothing.
 */
export function MailboxCard({ mailbox }: Props) {
  const fetcher = useFetcher<MailboxResult>();
  useActionToast(fetcher, { failureTitle: "Bank e-mail alerts" });
  const id = useId();
  const busy = fetcher.state !== "idle";
  const data = fetcher.state === "idle" ? fetcher.data : undefined;
  const fieldError = (name: string) => (data && !data.ok && data.field === name ? data.message : undefined);
  const text = (name: keyof MailboxSettings | "mailboxPassword", label: string, value: string, extra = {}) => (
    <Field id={`${id}-${name}`} label={label} size="sm" error={fieldError(name)}>
      {(control) => <Input {...control} size="sm" name={name} defaultValue={value} {...extra} />}
    </Field>
  );

  return (
    <Card asChild radius="lg">
      <section id="bank-email-alerts" aria-labelledby={`${id}-title`}>
        <h2 id={`${id}-title`} className="text-lg font-semibold">
          Bank e-mail alerts
        </h2>
        <p className="mt-1 text-sm text-gray-600">
          Reads the bank&apos;s credit e-mails from a mailbox of their own (IMAP). Only mail the bank signed (DKIM, from
          a domain below) confirms a payment. How to set up: docs/payments.md.
        </p>
        <fetcher.Form method="post" className="mt-4 space-y-3">
          <label className="flex items-center gap-2 text-sm font-medium">
            <input
              name="enabled"
              type="checkbox"
              defaultChecked={mailbox.enabled}
              className="h-4 w-4 accent-brand-600"
            />
            Read this mailbox
          </label>
          <div className="grid gap-2 sm:grid-cols-[1fr_7rem]">
            {text("host", "IMAP host", mailbox.host, { placeholder: "imap.gmail.com", autoComplete: "off" })}
            {text("port", "Port", String(mailbox.port), { inputMode: "numeric" })}
          </div>
          <label className="flex items-center gap-2 text-sm font-medium">
            <input name="tls" type="checkbox" defaultChecked={mailbox.tls} className="h-4 w-4 accent-brand-600" />
            TLS (off only for a mailbox on this machine)
          </label>
          {fieldError("tls") && <FieldError>{fieldError("tls")}</FieldError>}
          {text("username", "User name", mailbox.username, { autoComplete: "off" })}
          {text("mailboxPassword", "Password", "", {
            type: "password",
            autoComplete: "new-password",
            placeholder: mailbox.passwordSet ? "Saved (leave empty to keep)" : "An app password",
          })}
          {text("folder", "Folder", mailbox.folder)}
          {text("recipients", "Your alert address (the one the bank writes to)", mailbox.recipients.join(", "), {
            placeholder: "you@gmail.com",
          })}
          <p className="text-xs text-gray-600">Required: until it is set, e-mail alerts confirm no payment.</p>
          {text("allowedDomains", "Bank sender domains (comma-separated)", mailbox.allowedDomains.join(", "))}
          {text(
            "receivingHost",
            "Your receiving mail host (Authentication-Results; empty: off)",
            mailbox.receivingHost,
            {
              placeholder: "mx.google.com",
            },
          )}
          <div className="flex flex-wrap gap-2">
            <Button type="submit" name="intent" value="mailbox-save" disabled={busy} size="sm">
              Save
            </Button>
            <Button type="submit" name="intent" value="mailbox-test" disabled={busy} variant="neutral" size="sm">
              Test connection
            </Button>
          </div>
          <p aria-live="polite" data-testid="mailbox-result" className="text-sm">
            {data?.message}
          </p>
        </fetcher.Form>
      </section>
    </Card>
  );
}
