import { plainConnectionAllowed } from "~/domain/mail-server/rules";
import { BANK_EMAIL_DOMAINS } from "../reader/bank-registry";
import { domainProblem, normaliseDomain } from "./domains";

/**
 * The bank e-mail alert mailbox as the operator sets it up, and the checks a
 * typed value must pass before it is saved. Pure, so the Settings action and
 * its tests read it alike. The password is not part of it: it is kept apart
 * (mailbox-store.server.ts) and never leaves the server.
 */

export interface MailboxSettings {
  enabled: boolean;
  host: string;
  port: number;
  /** Implicit TLS (IMAPS). Off only for a mailbox on this machine, under MAIL_ALLOW_PRIVATE_ADDRESSES. */
  tls: boolean;
  username: string;
  folder: string;
  /** Sender domains whose aligned DKIM signature makes an alert the bank's. */
  allowedDomains: string[];
  /** The authserv-id of the operator's own receiving mail host; empty: Authentication-Results are not trusted. */
  receivingHost: string;
  /**
   * The addresses the bank sends the operator's alerts to. When set, an alert
   * must be addressed (To/Cc, signed) to one of them: a genuine alert about
   * someone else's account, sent on to this mailbox, is not the shop's credit.
   */
  recipients: string[];
}

/**
 * The built-in banks' own sending domains (reader/bank-registry.ts). No mail
 * provider or payment app is among them: Google, Paytm and PhonePe sign mail
 * whose text their users write, so their signature proves nothing.
 */
export const DEFAULT_BANK_DOMAINS: readonly string[] = BANK_EMAIL_DOMAINS;

export const DEFAULT_MAILBOX: MailboxSettings = {
  enabled: false,
  host: "",
  port: 993,
  tls: true,
  username: "",
  folder: "INBOX",
  allowedDomains: [...DEFAULT_BANK_DOMAINS],
  receivingHost: "",
  recipients: [],
};

export interface MailboxInput {
  enabled: boolean;
  host: string;
  port: string;
  tls: boolean;
  username: string;
  folder: string;
  allowedDomains: string;
  receivingHost: string;
  recipients: string;
}

export type MailboxCheck = { ok: true; settings: MailboxSettings } | { ok: false; message: string; field: string };

const HOST =
  /^(?=.{1,253}$)(?:[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?)(?:\.[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?)*$/;
const EMAIL = /^[^\s@<>,;"]{1,64}@[a-z0-9.-]{1,253}\.[a-z]{2,63}$/;
const IPV4 = /^(?:25[0-5]|2[0-4]\d|1?\d?\d)(?:\.(?:25[0-5]|2[0-4]\d|1?\d?\d)){3}$/;

/**
 * Reads the typed values; a refusal names the field and says what is wrong.
 * `allowPrivate` is MAIL_ALLOW_PRIVATE_ADDRESSES: only then may TLS be off, and only for this machine.
 */
export function checkMailboxInput(input: MailboxInput, { allowPrivate = false } = {}): MailboxCheck {
  const fail = (field: string, message: string): MailboxCheck => ({ ok: false, field, message });
  const host = input.host.trim().toLowerCase();
  if (host === "") return fail("host", "Enter the IMAP server's host name (imap.gmail.com)");
  if (!HOST.test(host) && !IPV4.test(host)) return fail("host", `"${input.host.trim()}" is not a host name`);

  const portText = input.port.trim() === "" ? "993" : input.port.trim();
  const port = /^\d{1,5}$/.test(portText) ? Number(portText) : NaN;
  if (!(port >= 1 && port <= 65535)) return fail("port", "The port is a whole number from 1 to 65535 (IMAPS: 993)");

  if (!input.tls && !plainConnectionAllowed(host, allowPrivate)) {
    return fail(
      "tls",
      "TLS can be off only for a mailbox on this machine (127.0.0.1 or localhost, with MAIL_ALLOW_PRIVATE_ADDRESSES=true): the password would cross the network in the clear",
    );
  }

  const username = input.username.trim();
  if (username === "") return fail("username", "Enter the mailbox's user name (usually its e-mail address)");
  if (/[\r\n\0]/.test(username)) return fail("username", "The user name cannot contain line breaks");

  const folder = input.folder.trim() === "" ? "INBOX" : input.folder.trim();
  if (/[\r\n\0*%]/.test(folder)) return fail("folder", "The folder name cannot contain line breaks, * or %");

  const domains = [
    ...new Set(
      input.allowedDomains
        .split(/[\s,]+/)
        .map(normaliseDomain)
        .filter(Boolean),
    ),
  ];
  if (domains.length === 0) return fail("allowedDomains", "Name at least one bank sender domain (hdfcbank.net)");
  if (domains.length > 50) return fail("allowedDomains", "At most 50 sender domains");
  for (const domain of domains) {
    const problem = domainProblem(domain);
    if (problem) return fail("allowedDomains", problem);
  }

  const receivingHost = input.receivingHost.trim().toLowerCase();
  if (receivingHost !== "" && !HOST.test(receivingHost)) {
    return fail(
      "receivingHost",
      `"${input.receivingHost.trim()}" is not a host name (as in your mail host's Authentication-Results header)`,
    );
  }

  const recipients = [
    ...new Set(
      input.recipients
        .split(/[\s,;]+/)
        .map((a) => a.trim().toLowerCase())
        .filter(Boolean),
    ),
  ];
  if (recipients.length > 10) return fail("recipients", "At most 10 alert addresses");
  const badAddress = recipients.find((a) => !EMAIL.test(a));
  if (badAddress) return fail("recipients", `"${badAddress}" is not an e-mail address`);

  return {
    ok: true,
    settings: {
      enabled: input.enabled,
      host,
      port,
      tls: input.tls,
      username,
      folder,
      allowedDomains: domains,
      receivingHost,
      recipients,
    },
  };
}
