import { createHash } from "node:crypto";
import type { DNSResolver } from "mailauth";
import type { ParsedMail } from "mailparser";
import type { AppServices } from "~/context";
import type { AlertTemplate } from "../custom-templates";
import { collapseSpaces } from "../reader/alert-text";
import {
  alertEvidence,
  alertPayee,
  creditTime,
  readMailText,
  readsLikeCredit,
  textParagraphs,
} from "../reader/read-alert";
import { acceptCredit } from "../credits.server";
import { noteUnreadAlert } from "../check/check.server";
import type { Credit, CreditOutcome } from "../matching.server";
import { userContentSigner } from "./domains";
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
  let mail: ParsedMail;
  let trust: SenderTrust;
  try {
    const { simpleParser } = await import("mailparser");
    mail = await simpleParser(source, { skipImageLinks: true, skipTextToHtml: true });
    trust = await judgeSender(source, {
      // Never a domain that signs what anyone writes, even one saved before such domains were refused.
      allowedDomains: settings.allowedDomains.filter((d) => !userContentSigner(d)),
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
  const creditLike = textParagraphs(text).some(readsLikeCredit);
  const evidence = {
    subject,
    from: trust.from.slice(0, 200),
    messageId,
    text: collapseSpaces(text).slice(0, 2_000),
  };
  const setAside = async (unreadable: Credit["unreadable"], key: string, details: Record<string, unknown>) =>
    reply(
      await acceptCredit(
        services,
        {
          source: "email",
          amountPaise: null,
          at: now,
          messageId: key,
          evidence: { ...evidence, ...details },
          unreadable,
        },
        now,
      ),
    );

  if (!trust.trusted) {
    services.logger.warn(
      { from: trust.from, subject, messageId, reason: trust.reason },
      "bank e-mail alert from an untrusted sender",
    );
    if (!creditLike) return { kind: "ignored", reason: "untrusted_sender" };
    // Its own key space: a forgery carrying a genuine alert's Message-ID must not make that alert a duplicate.
    return setAside("untrusted_sender", `untrusted:${messageId ?? ""}:${subject}`, { trust: trust.reason });
  }

  const vouchedBy =
    trust.via === "dkim"
      ? { dkimDomain: trust.domain }
      : { authenticationResults: trust.host, dkimDomain: trust.domain };
  const reading = readMailText(text, { sender: trust.domain, custom });
  const ownKey = messageId ?? `sha256:${createHash("sha256").update(source).digest("hex")}`;
  if (!reading.credit) {
    const worthShowing =
      reading.reason !== "not_a_credit" && (creditLike || /\bcredit(?:ed)?\b|\breceived\b/i.test(text));
    if (!worthShowing) {
      // The bank's own mail, not read as a credit: the operator's ₹1 check, if one waits, says so.
      await noteUnreadAlert(
        services.db,
        { source: "email", sender: trust.from, reason: reading.reason, detail: reading.detail },
        now,
      );
      return { kind: "ignored", reason: reading.reason };
    }
    return setAside(reading.reason === "other_bank" ? "untrusted_sender" : "unrecognised", ownKey, {
      ...vouchedBy,
      parse: reading.reason,
      why: reading.detail,
    });
  }

  const alert = reading.alert;
  const template = alert.by === "reader" ? `reader:${alert.bankId ?? trust.domain}` : alert.by;
  if (settings.recipients.length === 0) {
    // Without the address the bank writes to, a genuine alert about someone else's account, sent on to this
    // mailbox, would pass for the shop's: nothing confirms until the operator names it (the admin banner says so).
    services.logger.warn({ from: trust.from, messageId }, "bank e-mail alert set aside: no alert address is set");
    return setAside("no_alert_address", `no-address:${ownKey}`, {
      ...vouchedBy,
      template,
      amountPaise: alert.amountPaise,
      utr: alert.utr,
    });
  }
  const outcome = await acceptCredit(
    services,
    {
      source: "email",
      reporter: `email:${trust.domain}`,
      amountPaise: alert.amountPaise,
      utr: alert.utr,
      payerVpa: alert.payerVpa,
      payee: alertPayee(alert),
      // An old alert sent again is dated when the bank sent it, so it cannot pay an order made since.
      at: creditTime(alert, sentAt(trust, mail.date, now)),
      messageId,
      evidence: {
        ...evidence,
        ...vouchedBy,
        template,
        ...alertEvidence(alert),
      },
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
