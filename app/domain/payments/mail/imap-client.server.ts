import type { ImapFlow } from "imapflow";
import { mailServerAddresses, pinnedLookup } from "~/domain/mail-server/address.server";
import { redactSecret } from "~/lib/redact-secret";
import type { MailboxSettings } from "./mailbox-config";

/**
 * Opens the alert mailbox with imapflow. TLS is implicit (IMAPS) unless the
 * operator turned it off, which is allowed only for a mailbox on this machine
 * under MAIL_ALLOW_PRIVATE_ADDRESSES. The host is resolved and every address
 * checked before each connection, and the socket connects to exactly those
 * (app/domain/mail-server/address.server.ts). imapflow's own logging stays
 * off: it would log the server's replies, and our messages say what failed
 * without the password.
 */

/** Alerts are a few kilobytes; a message larger than this is not an alert and is not downloaded. */
export const MAX_ALERT_MAIL_BYTES = 512 * 1024;

export async function imapClient(
  settings: MailboxSettings,
  password: string,
  allowPrivate: boolean,
): Promise<ImapFlow> {
  const addresses = await mailServerAddresses({ host: settings.host, plain: !settings.tls, allowPrivate });
  const { ImapFlow } = await import("imapflow");
  return new ImapFlow({
    host: settings.host,
    port: settings.port,
    secure: settings.tls,
    // Passed to the socket's connect (plain or TLS); the certificate is still checked against the host name.
    tls: { lookup: pinnedLookup(addresses) },
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

/**
 * What went wrong, in words for the operator, never containing the password:
 * the shop's own sentences as they are, the server's words with the password
 * taken out where it appears itself (app/lib/redact-secret.ts).
 */
export function describeImapError(error: unknown, password: string): string {
  const e = (error ?? {}) as ImapError;
  if (e.authenticationFailed || e.code === "AUTHENTICATIONFAILED") {
    return "The server refused the user name or password (for Gmail and Outlook, use an app password)";
  }
  if (e.code === "ERR_MAIL_SERVER_REFUSED") return e.message ?? "The mail server was refused";
  if (e.code === "ENOTFOUND" || e.code === "EAI_AGAIN") return "The IMAP host name was not found";
  if (e.code === "ECONNREFUSED") return "The IMAP server refused the connection (check the host and port)";
  if (e.code === "ETIMEDOUT" || e.code === "CONNECT_TIMEOUT" || e.code === "GREETING_TIMEOUT") {
    return "The IMAP server did not answer in time (check the host, port and TLS)";
  }
  if (/certificate|self.signed|SSL|TLS|wrong version number/i.test(`${e.code ?? ""} ${e.message ?? ""}`)) {
    return "TLS failed (is the port an IMAPS port, such as 993, with a valid certificate?)";
  }
  // Redacted before it is shortened, so a cut cannot leave part of the password behind.
  return redactSecret(e.responseText ?? e.message ?? "Unknown error", password).slice(0, 200);
}

export type MailboxProbe = { ok: true; messages: number; unseen: number | null } | { ok: false; message: string };

/** Logs in and asks the folder's STATUS (how many messages), reading none of them. */
export async function probeMailbox(
  settings: MailboxSettings,
  password: string,
  allowPrivate: boolean,
): Promise<MailboxProbe> {
  let client: ImapFlow;
  try {
    client = await imapClient(settings, password, allowPrivate);
  } catch (error) {
    return { ok: false, message: describeImapError(error, password) };
  }
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
