import { createHash } from "node:crypto";
import type { DNSResolver } from "mailauth";
import { simpleParser } from "mailparser";
import type { AppServices } from "~/context";
import { MAX_ALERT_CHARS, type ParsedAlert, creditTime, normaliseAlertText, parseAlert } from "../alert-parser";
import type { AlertTemplate } from "../alert-templates";
import { acceptCredit } from "../credits.server";
import type { CreditOutcome } from "../matching.server";
import type { MailboxSettings } from "./mailbox-config";
import { type SenderTrust, judgeSender } from "./sender-trust.server";

/**
 * One message from the alert mailbox: who really sent it (sender-trust), what
 * it says (the e-mail templates), and the credit handed to the matcher. Only
 * a trusted sender's alert can confirm an order; an untrusted one that reads
 * like a credit is kept for the operator, with no amount or UTR that could
 * ever match or block a genuine alert.
 */

export type MailOutcome =
  { kind: "ignored"; reason: string } | { kind: CreditOutcome["kind"]; reason?: string; orderId?: string };

interface ReadOptions {
  settings: Pick<MailboxSettings, "allowedDomains" | "receivingHost" | "recipients">;
  custom: readonly AlertTemplate[];
  resolver?: DNSResolver;
  now?: number;
}

/** Money received, with an amount: other mail in the mailbox (newsletters, "we received your request") is not kept. */
const looksLikeCredit = (text: string) =>
  /\bcredit(?:ed)?\b|\breceived\b/i.test(text) && /(?:Rs\.?|INR|₹)\s?\d/i.test(text);

/**
 * Reads the alert paragraph by paragraph: a bank's footer ("never share your
 * OTP", "refunds take 7 days") must not hide the alert above it, while the
 * words that make a text something other than a credit still count within the
 * alert's own paragraph.
 */
function readText(text: string, custom: readonly AlertTemplate[], sender: string) {
  let last: ReturnType<typeof parseAlert> = { ok: false, reason: "no_template" };
  for (const paragraph of text.split(/\n[ \t]*\n/)) {
    const normalised = normaliseAlertText(paragraph).slice(0, MAX_ALERT_CHARS);
    if (normalised === "") continue;
    const parsed = parseAlert(normalised, { channel: "email", sender, custom });
    if (parsed.ok) return parsed;
    if (parsed.reason !== "no_template" || last.ok || last.reason === "no_template") last = parsed;
  }
  return last;
}

/** When the bank sent it: the DKIM signature's time, else the Date header; never later than now. */
function sentAt(trust: SenderTrust, date: Date | undefined, now: number): number {
  const signed = trust.trusted ? trust.signedAt : null;
  const at = signed ?? date?.getTime() ?? now;
  return Number.isFinite(at) ? Math.min(at, now) : now;
}

export async function readAlertMail(
  services: Pick<AppServices, "db" | "settings" | "config" | "logger">,
  source: Buffer,
  { settings, custom, resolver, now = Date.now() }: ReadOptions,
): Promise<MailOutcome> {
  let mail: Awaited<ReturnType<typeof simpleParser>>;
  let trust: SenderTrust;
  try {
    mail = await simpleParser(source, { skipImageLinks: true, skipTextToHtml: true });
    trust = await judgeSender(source, {
      allowedDomains: settings.allowedDomains,
      receivingHost: settings.receivingHost,
      recipients: settings.recipients,
      resolver,
    });
  } catch (error) {
    // A message no parser can read must not stop the mailbox: it is set aside (flagged) like any other non-alert.
    services.logger.warn({ err: error }, "unreadable message in the alert mailbox");
    return { kind: "ignored", reason: "unreadable_mail" };
  }
  // PostgreSQL stores no NUL in text: one in a forged header would make the credit unstorable and the message unread.
  const subject = (mail.subject ?? "").replaceAll("\0", "").slice(0, 200);
  const messageId = (mail.messageId ?? "").replaceAll("\0", "").slice(0, 200) || null;
  const text = mail.text ?? "";
  const parsed = readText(text, custom, trust.from);
  const creditLike = parsed.ok || (parsed.reason !== "not_a_credit" && looksLikeCredit(text));
  const evidence = {
    subject,
    from: trust.from.slice(0, 200),
    messageId,
    text: normaliseAlertText(text).slice(0, 2_000),
  };

  if (!trust.trusted) {
    services.logger.warn(
      { from: trust.from, subject, messageId, reason: trust.reason },
      "bank e-mail alert from an untrusted sender",
    );
    if (!creditLike) return { kind: "ignored", reason: "untrusted_sender" };
    const outcome = await acceptCredit(
      services,
      {
        source: "email",
        amountPaise: null,
        at: now,
        // Its own key space: a forgery carrying a genuine alert's Message-ID must not make that alert a duplicate.
        messageId: `untrusted:${messageId ?? ""}:${subject}`,
        evidence: { ...evidence, trust: trust.reason, parse: parsed.ok ? parsed.alert.templateId : parsed.reason },
        unreadable: "untrusted_sender",
      },
      now,
    );
    return reply(outcome);
  }

  const vouchedBy =
    trust.via === "dkim"
      ? { dkimDomain: trust.domain }
      : { authenticationResults: trust.host, dkimDomain: trust.domain };
  if (!parsed.ok) {
    if (!creditLike) return { kind: "ignored", reason: parsed.reason };
    const outcome = await acceptCredit(
      services,
      {
        source: "email",
        amountPaise: null,
        at: now,
        messageId: messageId ?? `sha256:${createHash("sha256").update(source).digest("hex")}`,
        evidence: { ...evidence, ...vouchedBy, parse: parsed.reason },
        unreadable: "unrecognised",
      },
      now,
    );
    return reply(outcome);
  }

  const alert: ParsedAlert = parsed.alert;
  const outcome = await acceptCredit(
    services,
    {
      source: "email",
      reporter: `email:${trust.domain}`,
      amountPaise: alert.amountPaise,
      utr: alert.utr,
      payerVpa: alert.payerVpa,
      // An old alert sent again is dated when the bank sent it, so it cannot pay an order made since.
      at: creditTime(alert, sentAt(trust, mail.date, now)),
      messageId,
      evidence: { ...evidence, ...vouchedBy, template: alert.templateId },
    },
    now,
  );
  return reply(outcome);
}

function reply(outcome: CreditOutcome): MailOutcome {
  return {
    kind: outcome.kind,
    ...(outcome.kind === "unmatched" ? { reason: outcome.reason } : {}),
    ...(outcome.kind === "confirmed" ? { orderId: outcome.order.order_id } : {}),
  };
}
