import type { AppServices } from "~/context";
import { type RequestClient, recordAudit } from "~/domain/audit/audit.server";
import { MailServerRefused, mailServerAddresses } from "~/domain/mail-server/address.server";
import { mailServerPlace } from "~/domain/mail-server/rules";
import { AppError, isAppError } from "~/lib/app-error";
import { secretLeftBehind } from "~/lib/saved-secret";
import { probeMailbox } from "./mail/imap-client.server";
import { type MailboxSettings, checkMailboxInput } from "./mail/mailbox-config";
import { mailboxPassword, mailboxSettings, saveMailbox } from "./mail/mailbox-store.server";
import type { MailboxAction, MailboxResult } from "./mailbox-settings-actions";
import { plural } from "~/lib/plural";

/**
 * The "Bank e-mail alerts" card: saves the mailbox (audited, the password
 * only as "changed") and tries typed values (audited too). A refusal is
 * thrown as INVALID_INPUT naming the field, and nothing is saved.
 */

export const RETYPE_MAILBOX_PASSWORD =
  "Type the mailbox password again to use a different server: the saved password is only sent to the server it was saved for";

function checked(action: MailboxAction, allowPrivate: boolean): MailboxSettings {
  const result = checkMailboxInput(
    {
      enabled: action.enabled,
      host: action.host,
      port: action.port,
      tls: action.tls,
      username: action.username,
      folder: action.folder,
      allowedDomains: action.allowedDomains,
      receivingHost: action.receivingHost,
      recipients: action.recipients,
    },
    { allowPrivate },
  );
  if (!result.ok) throw new AppError("INVALID_INPUT", result.message, { field: result.field });
  return result.settings;
}

/**
 * Refuses, before anything connects, a server the saved password was not
 * saved for (unless the password is typed) and a server on this machine or a
 * private network (unless MAIL_ALLOW_PRIVATE_ADDRESSES). A name that does not
 * resolve is left for the connection to report.
 */
async function checkDestination(
  db: AppServices["db"],
  settings: MailboxSettings,
  typed: string | null,
  allowPrivate: boolean,
): Promise<void> {
  const saved = await mailboxSettings(db);
  const left = secretLeftBehind({
    saved: await mailboxPassword(db),
    typed: typed ?? "",
    savedFor: mailServerPlace(saved.host, saved.port),
    goingTo: mailServerPlace(settings.host, settings.port),
  });
  if (left) throw new AppError("INVALID_INPUT", RETYPE_MAILBOX_PASSWORD, { field: "mailboxPassword" });
  try {
    await mailServerAddresses({ host: settings.host, plain: !settings.tls, allowPrivate });
  } catch (error) {
    if (error instanceof MailServerRefused) throw new AppError("INVALID_INPUT", error.message, { field: "host" });
  }
}

export async function runMailboxAction(
  { db, config }: Pick<AppServices, "db" | "config">,
  operator: { name: string; client: RequestClient },
  action: MailboxAction,
): Promise<MailboxResult> {
  const allowPrivate = config.MAIL_ALLOW_PRIVATE_ADDRESSES;
  const settings = checked(action, allowPrivate);
  const typed = action.mailboxPassword === "" ? null : action.mailboxPassword;
  if (typed !== null && /[\r\n\0]/.test(typed)) {
    throw new AppError("INVALID_INPUT", "The password cannot contain line breaks", { field: "mailboxPassword" });
  }

  if (action.intent === "mailbox-test") {
    const audit = (outcome: string) =>
      recordAudit(db, {
        actor: operator.name,
        action: "payments.mailbox-test",
        targetType: "settings",
        targetId: "payment-alerts",
        details: {
          host: settings.host,
          port: settings.port,
          tls: settings.tls,
          using: typed ? "typed password" : "saved password",
          outcome,
        },
        client: operator.client,
      });
    try {
      await checkDestination(db, settings, typed, allowPrivate);
    } catch (error) {
      if (isAppError(error)) await audit(`refused: ${error.message}`);
      throw error;
    }
    const password = typed ?? (await mailboxPassword(db));
    if (!password)
      throw new AppError("INVALID_INPUT", "Enter the mailbox password to test", { field: "mailboxPassword" });
    const probe = await probeMailbox(settings, password, allowPrivate);
    await audit(probe.ok ? `logged in, ${plural(probe.messages, "message")}` : `failed: ${probe.message}`);
    // The test ran and says what failed: an answer, not a refusal of the form (as the panel's "Test connection").
    if (!probe.ok) return { ok: false, message: `Could not read the mailbox: ${probe.message}` };
    const unseen = probe.unseen === null ? "" : ` (${probe.unseen} unread)`;
    return {
      ok: true,
      intent: action.intent,
      message: `Logged in. "${settings.folder}" holds ${plural(probe.messages, "message")}${unseen}. Nothing was read or saved.`,
    };
  }

  await checkDestination(db, settings, typed, allowPrivate);
  const password = typed ?? (await mailboxPassword(db));
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
