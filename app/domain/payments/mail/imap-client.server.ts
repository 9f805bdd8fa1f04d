import { ImapFlow } from "imapflow";
import type { MailboxSettings } from "./mailbox-config";

/**
 * Opens the alert mailbox with imapflow. TLS is implicit (IMAPS) unless the
 * operator turned it off, which the settings allow only for a mailbox on this
 * machine. imapflow's own logging stays off: it would log the server's
 * replies, and our messages say what failed without the password.
 */

/** Alerts are a few kilobytes; a message larger than this is not an alert and is not downloaded. */
export const MAX_ALERT_MAIL_BYTES = 512 * 1024;

export function imapClient(settings: MailboxSettings, password: string): ImapFlow {
  return new ImapFlow({
    host: settings.host,
    port: settings.port,
    secure: settings.tls,
    auth: { user: settings.username, pass: password },
    logger: false,
    // IDLE starts soon after each round of reading, so the server tells us of new mail at once.
    autoIdleDelay: 1_000,
    connectionTimeout: 15_000,
    greetingTimeout: 10_000,
    socketTimeout: 5 * 60_000,
    clientInfo: { name: "BoostKaro payment alerts" },
  });
}

interface ImapError {
  message?: string;
  code?: string;
  authenticationFailed?: boolean;
  responseText?: string;
}

/** What went wrong, in words for the operator, never containing the password. */
export function describeImapError(error: unknown, password: string): string {
  const e = (error ?? {}) as ImapError;
  let message: string;
  if (e.authenticationFailed || e.code === "AUTHENTICATIONFAILED") {
    message = "The server refused the user name or password (for Gmail and Outlook, use an app password)";
  } else if (e.code === "ENOTFOUND" || e.code === "EAI_AGAIN") message = "The IMAP host name was not found";
  else if (e.code === "ECONNREFUSED") message = "The IMAP server refused the connection (check the host and port)";
  else if (e.code === "ETIMEDOUT" || e.code === "CONNECT_TIMEOUT" || e.code === "GREETING_TIMEOUT") {
    message = "The IMAP server did not answer in time (check the host, port and TLS)";
  } else if (/certificate|self.signed|SSL|TLS|wrong version number/i.test(`${e.code ?? ""} ${e.message ?? ""}`)) {
    message = "TLS failed (is the port an IMAPS port, such as 993, with a valid certificate?)";
  } else message = (e.responseText ?? e.message ?? "Unknown error").slice(0, 200);
  return password ? message.split(password).join("•••") : message;
}

export type MailboxProbe = { ok: true; messages: number; unseen: number | null } | { ok: false; message: string };

/** Logs in and asks the folder's STATUS (how many messages), reading none of them. */
export async function probeMailbox(settings: MailboxSettings, password: string): Promise<MailboxProbe> {
  const client = imapClient(settings, password);
  client.on("error", () => {});
  try {
    await client.connect();
    const status = await client.status(settings.folder, { messages: true, unseen: true });
    if (!status) return { ok: false, message: `The folder "${settings.folder}" was not found` };
    return { ok: true, messages: status.messages ?? 0, unseen: status.unseen ?? null };
  } catch (error) {
    const e = error as ImapError;
    if (/NONEXISTENT|doesn't exist|not exist|unknown mailbox/i.test(`${e.responseText ?? ""} ${e.message ?? ""}`)) {
      return { ok: false, message: `The folder "${settings.folder}" was not found` };
    }
    return { ok: false, message: describeImapError(error, password) };
  } finally {
    await client.logout().catch(() => client.close());
  }
}
