import type { AppServices } from "~/context";
import { type RequestClient, recordAudit } from "~/domain/audit/audit.server";
import { AppError } from "~/lib/app-error";
import { probeMailbox } from "./mail/imap-client.server";
import { type MailboxSettings, checkMailboxInput } from "./mail/mailbox-config";
import { mailboxPassword, saveMailbox } from "./mail/mailbox-store.server";
import type { MailboxAction, MailboxResult } from "./mailbox-settings-actions";
import { plural } from "~/lib/plural";

/**
 * The "Bank e-mail alerts" card: saves the mailbox (audited, the password
 * only as "changed") and tries typed values. A refusal is thrown as
 * INVALID_INPUT naming the field, and nothing is saved.
 */

function checked(action: MailboxAction): MailboxSettings {
  const result = checkMailboxInput({
    enabled: action.enabled,
    host: action.host,
    port: action.port,
    tls: action.tls,
    username: action.username,
    folder: action.folder,
    allowedDomains: action.allowedDomains,
    receivingHost: action.receivingHost,
    recipients: action.recipients,
  });
  if (!result.ok) throw new AppError("INVALID_INPUT", result.message, { field: result.field });
  return result.settings;
}

export async function runMailboxAction(
  { db }: Pick<AppServices, "db">,
  operator: { name: string; client: RequestClient },
  action: MailboxAction,
): Promise<MailboxResult> {
  const settings = checked(action);
  const typed = action.mailboxPassword === "" ? null : action.mailboxPassword;
  if (typed !== null && /[\r\n\0]/.test(typed)) {
    throw new AppError("INVALID_INPUT", "The password cannot contain line breaks", { field: "mailboxPassword" });
  }
  const password = typed ?? (await mailboxPassword(db));

  if (action.intent === "mailbox-test") {
    if (!password)
      throw new AppError("INVALID_INPUT", "Enter the mailbox password to test", { field: "mailboxPassword" });
    const probe = await probeMailbox(settings, password);
    // The test ran and says what failed: an answer, not a refusal of the form (as the panel's "Test connection").
    if (!probe.ok) return { ok: false, message: `Could not read the mailbox: ${probe.message}` };
    const unseen = probe.unseen === null ? "" : ` (${probe.unseen} unread)`;
    return {
      ok: true,
      intent: action.intent,
      message: `Logged in. "${settings.folder}" holds ${plural(probe.messages, "message")}${unseen}. Nothing was read or saved.`,
    };
  }

  if (settings.enabled && !password) {
    throw new AppError("INVALID_INPUT", "Enter the mailbox password (an app password for Gmail or Outlook)", {
      field: "mailboxPassword",
    });
  }
  await saveMailbox(db, settings, typed);
  await recordAudit(db, {
    actor: operator.name,
    action: "payments.mailbox",
    targetType: "settings",
    targetId: "payment-alerts",
    details: {
      ...settings,
      allowedDomains: settings.allowedDomains.join(", "),
      recipients: settings.recipients.join(", "),
      passwordChanged: typed !== null,
    },
    client: operator.client,
  });
  return {
    ok: true,
    intent: action.intent,
    message: settings.enabled
      ? "Bank e-mail alerts saved: the mailbox is read from now on"
      : "Bank e-mail alerts saved (off)",
  };
}
