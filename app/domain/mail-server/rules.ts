/**
 * The rules every mail server the shop logs in to follows (the bank alert
 * mailbox over IMAP, the alert e-mails' SMTP server), as far as they can be
 * known without DNS, for the settings forms. What DNS says is checked on
 * every connection (address.server.ts).
 *
 * A password crosses the network only inside TLS (implicit, or STARTTLS for
 * SMTP): a connection without it is allowed only to a server on this machine,
 * and only where MAIL_ALLOW_PRIVATE_ADDRESSES allows servers on this machine
 * at all (the tests' own Dovecot and smtp-server).
 */

export const ALLOW_PRIVATE_SETTING = "MAIL_ALLOW_PRIVATE_ADDRESSES";

/** A name or address that can only mean this machine (the name `localhost`, 127.0.0.0/8, ::1). */
export function isLoopbackHost(host: string): boolean {
  const h = host
    .trim()
    .toLowerCase()
    .replace(/^\[|\]$/g, "");
  return h === "localhost" || h === "::1" || /^127(?:\.\d{1,3}){3}$/.test(h);
}

/** Whether a connection without TLS may be made to this host at all (every address it has is checked on connecting). */
export function plainConnectionAllowed(host: string, allowPrivate: boolean): boolean {
  return allowPrivate && isLoopbackHost(host);
}

export const TLS_REQUIRED =
  "TLS is required: without it the password would cross the network in the clear (only a server on this machine, " +
  `127.0.0.1 or localhost, may go without, and only with ${ALLOW_PRIVATE_SETTING}=true)`;

/** Where a mail server's password goes: its host and port (app/lib/saved-secret.ts). */
export function mailServerPlace(host: string, port: number): string | null {
  const h = host.trim().toLowerCase();
  return h ? `${h}:${port}` : null;
}
