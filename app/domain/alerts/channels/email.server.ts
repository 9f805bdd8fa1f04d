import nodemailer from "nodemailer";
import type { AlertSettings } from "../alert-settings";
import type { SendResult } from "../retry";
import { type AlertSender, SEND_TIMEOUT_MS } from "./channel";

/**
 * Alerts by e-mail, through the operator's own SMTP server (nodemailer).
 * `tls` connects over TLS (port 465), `starttls` insists on upgrading the
 * connection (587), `none` sends in the clear (a relay on this machine only).
 */
export function emailSender(settings: AlertSettings["email"], password: string): AlertSender {
  const transport = nodemailer.createTransport({
    host: settings.host,
    port: settings.port,
    secure: settings.security === "tls",
    requireTLS: settings.security === "starttls",
    ignoreTLS: settings.security === "none",
    auth: settings.user ? { user: settings.user, pass: password } : undefined,
    connectionTimeout: 10_000,
    greetingTimeout: 10_000,
    socketTimeout: SEND_TIMEOUT_MS,
  });
  return {
    async send(message) {
      try {
        await transport.sendMail({
          from: settings.from,
          to: settings.to,
          subject: message.subject,
          text: message.text,
        });
        return { kind: "ok" };
      } catch (error) {
        return smtpFailure(error, settings);
      } finally {
        transport.close();
      }
    },
  };
}

interface SmtpError {
  code?: string;
  responseCode?: number;
  response?: string;
  message?: string;
}

/** What went wrong, in words the operator can act on, and whether trying again may help. */
export function smtpFailure(error: unknown, where: { host: string; port: number }): SendResult {
  const e = (typeof error === "object" && error !== null ? error : {}) as SmtpError;
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
