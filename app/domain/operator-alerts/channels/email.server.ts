import { createHash } from "node:crypto";
import { isIP } from "node:net";
import nodemailer from "nodemailer";
import { MailServerRefused, mailServerAddresses, preferredAddress } from "~/domain/mail-server/address.server";
import { redactSecret } from "~/lib/redact-secret";
import type { AlertSettings } from "../alert-settings";
import type { ChannelResult } from "../retry";
import { type AlertSender, SEND_TIMEOUT_MS } from "./channel";

/**
 * Alerts by e-mail, through the operator's own SMTP server (nodemailer).
 * `tls` connects over TLS (port 465), `starttls` insists on upgrading the
 * connection (587), `none` sends in the clear (a relay on this machine only,
 * under MAIL_ALLOW_PRIVATE_ADDRESSES). Before each send the host is resolved
 * and every address checked (app/domain/mail-server/address.server.ts);
 * nodemailer then connects to a checked address, the certificate still
 * checked against the host name.
 */
export function emailSender(settings: AlertSettings["email"], password: string, allowPrivate: boolean): AlertSender {
  return {
    async send(message) {
      let address: string;
      try {
        const checked = await mailServerAddresses({
          host: settings.host,
          plain: settings.security === "none",
          allowPrivate,
        });
        address = preferredAddress(checked).address;
      } catch (error) {
        if (error instanceof MailServerRefused) return { kind: "permanent", error: error.message };
        return smtpFailure(error, settings, password);
      }
      const transport = nodemailer.createTransport({
        host: address,
        ...(isIP(settings.host) ? {} : { servername: settings.host }),
        port: settings.port,
        secure: settings.security === "tls",
        requireTLS: settings.security === "starttls",
        ignoreTLS: settings.security === "none",
        auth: settings.user ? { user: settings.user, pass: password } : undefined,
        connectionTimeout: 10_000,
        greetingTimeout: 10_000,
        socketTimeout: SEND_TIMEOUT_MS,
      });
      try {
        await transport.sendMail({
          from: settings.from,
          to: settings.to,
          subject: message.subject,
          text: message.text,
          ...(message.key ? { messageId: stableMessageId(message.key, settings.from) } : {}),
        });
        return { kind: "ok" };
      } catch (error) {
        return smtpFailure(error, settings, password);
      } finally {
        transport.close();
      }
    },
  };
}

/**
 * A Message-ID that is the same each time one message is sent (RFC 5322 3.6.4: it names one message), so a
 * copy sent again after the server's answer was lost is the same message to the reader's mail service.
 */
export function stableMessageId(key: string, from: string): string {
  const domain = /@([A-Za-z0-9.-]+)>?\s*$/.exec(from)?.[1] ?? "localhost";
  return `<${createHash("sha256").update(key).digest("hex").slice(0, 32)}@${domain}>`;
}

interface SmtpError {
  code?: string;
  responseCode?: number;
  response?: string;
  message?: string;
}

/**
 * What went wrong, in words the operator can act on, and whether trying again
 * may help. The server's own words keep everything but the password, taken out
 * where it appears itself (app/lib/redact-secret.ts).
 */
export function smtpFailure(error: unknown, where: { host: string; port: number }, password = ""): ChannelResult {
  const raw = (typeof error === "object" && error !== null ? error : {}) as SmtpError;
  const e: SmtpError = {
    ...raw,
    response: raw.response === undefined ? undefined : redactSecret(raw.response, password),
    message: raw.message === undefined ? undefined : redactSecret(raw.message, password),
  };
  const server = `${where.host}:${where.port}`;
  const reply = e.response ? `: ${e.response.slice(0, 200)}` : "";
  if (e.code === "EAUTH") return { kind: "permanent", error: `The SMTP server refused the user or password${reply}` };
  if (typeof e.responseCode === "number" && e.responseCode >= 500) {
    return { kind: "permanent", error: `The SMTP server refused the message (${e.responseCode})${reply}` };
  }
  if (typeof e.responseCode === "number" && e.responseCode >= 400) {
    return { kind: "retry", error: `The SMTP server asked to try later (${e.responseCode})${reply}` };
  }
  if (e.code === "ETLS") return { kind: "retry", error: `TLS with ${server} failed: ${e.message ?? "unknown error"}` };
  if (e.code === "EENVELOPE") return { kind: "permanent", error: `The From or To address was refused${reply}` };
  if (e.code === "ETIMEDOUT") return { kind: "retry", error: `${server} did not answer in time` };
  const detail = e.message ? ` (${e.message.slice(0, 200)})` : "";
  return { kind: "retry", error: `Could not reach the SMTP server ${server}${detail}` };
}
