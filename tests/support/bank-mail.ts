import { generateKeyPairSync, randomBytes } from "node:crypto";
import { dkimSign } from "mailauth";
import { rupees } from "./sms";

/**
 * Bank alert e-mails for tests: an RSA key per signing domain, published
 * through a resolver the test controls (mailauth's `resolver`, or the JSON
 * file MAIL_DKIM_TEST_KEYS_FILE points the server at), and messages signed
 * with it as a bank's mail server signs them.
 */

export interface DkimKey {
  domain: string;
  selector: string;
  privateKey: string;
  /** The TXT record's name and value, as DNS would publish them. */
  name: string;
  txt: string;
}

export function dkimKey(domain: string, selector = "s2025"): DkimKey {
  const { privateKey, publicKey } = generateKeyPairSync("rsa", { modulusLength: 2048 });
  const p = publicKey.export({ type: "spki", format: "der" }).toString("base64");
  return {
    domain,
    selector,
    privateKey: privateKey.export({ type: "pkcs8", format: "pem" }).toString(),
    name: `${selector}._domainkey.${domain}`,
    txt: `v=DKIM1; k=rsa; p=${p}`,
  };
}

/** TXT records by name, as the server's test keys file holds them. */
export function txtRecords(keys: DkimKey[]): Record<string, string> {
  return Object.fromEntries(keys.map((k) => [k.name, k.txt]));
}

/** A resolver answering only these TXT records (like mailauth's: string[][] for TXT); anything else is not found. */
export function resolverFor(records: Record<string, string>) {
  return (name: string, type: string): Promise<string[][]> => {
    const txt = records[name.toLowerCase()];
    if (type === "TXT" && txt) return Promise.resolve([[txt]]);
    return Promise.reject(Object.assign(new Error(`queryTxt ENOTFOUND ${name}`), { code: "ENOTFOUND" }));
  };
}

/** The body of an HDFC Bank UPI credit e-mail, as the bank words it. */
export function hdfcCreditText(amountPaise: number, utr: string, vpa = "asha.verma@okicici"): string {
  return (
    `Dear Customer,\r\n\r\nRs.${rupees(amountPaise)} has been successfully credited to your account **1234 by VPA ${vpa} ` +
    `ASHA VERMA on 21-05-25. Your UPI transaction reference number is ${utr}.\r\n\r\nThank you for banking with us.\r\n` +
    `Warm Regards, HDFC Bank\r\n`
  );
}

export interface MailOptions {
  from?: string;
  to?: string;
  subject?: string;
  messageId?: string;
  /** Header lines put above everything (as a receiving host prepends them). */
  prepend?: string[];
  /** Header lines among the sender's own. */
  extraHeaders?: string[];
  date?: Date;
}

export function rawMail(body: string, o: MailOptions = {}): string {
  const headers = [
    `From: ${o.from ?? "HDFC Bank InstaAlerts <alerts@hdfcbank.net>"}`,
    `To: ${o.to ?? "shop.alerts@example.in"}`,
    `Subject: ${o.subject ?? "You have done a UPI txn. Check details!"}`,
    `Date: ${(o.date ?? new Date()).toUTCString()}`,
    `Message-ID: ${o.messageId ?? `<${randomBytes(8).toString("hex")}@hdfcbank.net>`}`,
    "MIME-Version: 1.0",
    "Content-Type: text/plain; charset=utf-8",
    ...(o.extraHeaders ?? []),
  ];
  return `${headers.join("\r\n")}\r\n\r\n${body}`;
}

/** Signs as the sender's mail server does (DKIM-Signature on top), then puts `prepend` above it. */
export async function signedMail(key: DkimKey, body: string, o: MailOptions = {}): Promise<string> {
  const message = rawMail(body, { ...o, prepend: [] });
  const { signatures } = await dkimSign(message, {
    // Without a signTime, mailauth (4.13) reads the clock once for the t= it signs and again for the t= it
    // writes: when a second turns in between (more often on a loaded machine), the signature never verifies.
    signTime: new Date(),
    signatureData: [{ signingDomain: key.domain, selector: key.selector, privateKey: key.privateKey }],
  } as unknown as Parameters<typeof dkimSign>[1]);
  return `${(o.prepend ?? []).map((h) => `${h}\r\n`).join("")}${signatures}${message}`;
}

export function withPrepended(message: string, headers: string[]): string {
  return `${headers.map((h) => `${h}\r\n`).join("")}${message}`;
}
