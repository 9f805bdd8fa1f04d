import type { AppServices } from "~/context";
import { noteUnreadAlert } from "./check/check.server";
import { acceptCredit } from "./credits.server";
import { type AlertReading, alertEvidence, alertPayee, creditTime, readsLikeCredit } from "./reader/read-alert";

/**
 * What the SMS and the payment-app notification sources do with an alert
 * once its request is trusted and its text read: a credit goes to the matcher
 * (app/domain/payments/matching.server.ts) with what the alert says about the
 * money (amount, reference, payer, the account's last digits and receiving
 * UPI id for the binding to the shop's accounts); an ordinary message (a
 * debit, an OTP) is not kept; a text that reads as money received but no
 * trusted sender vouches for, or that no template reads, is kept for the
 * operator under Payments with the reader's reason.
 */

export interface AlertIntake {
  source: "sms" | "app";
  /** Who reported it, in the order's history: "sms", "app:PhonePe Business". */
  reporter: string;
  /** The text as read (an SMS body, a notification's title and texts). */
  text: string;
  reading: AlertReading;
  /** What the credit rests on: the text, the sender, the forwarder's message id… */
  evidence: Record<string, unknown>;
  /** The source's own id for this alert, when it has no UTR: a second report of it is the same credit. */
  messageId: string | null;
  /** When the phone says the alert arrived (a notification's post time), used when the text gives no time. */
  postedAt?: number | null;
}

export interface AlertIntakeResponse {
  success: true;
  /** ignored: not a payment; confirmed: an order was paid; unmatched: kept for the operator; duplicate: seen before. */
  outcome: string;
  reason?: string;
  orderId?: string;
}

/** Refusals that say the words may be a bank's but the sender is not: kept for the operator when it reads as a credit. */
const UNTRUSTED: ReadonlySet<string> = new Set([
  "no_sender",
  "unknown_sender",
  "lookalike_sender",
  "promotional_sender",
  "other_bank",
]);

/** Words that make a refused text worth the operator's eye: money received, in English or a payment app's Hindi. */
const LOOKS_RECEIVED = /credit|receiv|deposit|प्राप्त|जमा/i;

export async function takeAlert(
  services: Pick<AppServices, "db" | "settings" | "config" | "logger">,
  intake: AlertIntake,
  now = Date.now(),
): Promise<AlertIntakeResponse> {
  const { reading, source } = intake;
  if (!reading.credit) {
    const untrusted = UNTRUSTED.has(reading.reason);
    const keep = untrusted
      ? readsLikeCredit(intake.text)
      : reading.reason !== "not_a_credit" && reading.reason !== "too_long" && LOOKS_RECEIVED.test(intake.text);
    if (!keep) {
      // The operator's ₹1 check, if one waits, says this alert came and why it was not read.
      const from = intake.evidence.from;
      await noteUnreadAlert(
        services.db,
        { source, sender: typeof from === "string" ? from : null, reason: reading.reason, detail: reading.detail },
        now,
      );
      return { success: true, outcome: "ignored", reason: reading.reason };
    }
    return reply(
      await acceptCredit(
        services,
        {
          source,
          amountPaise: null,
          at: now,
          messageId: intake.messageId,
          evidence: { ...intake.evidence, parse: reading.reason, why: reading.detail },
          unreadable: untrusted ? "untrusted_sender" : "unrecognised",
        },
        now,
      ),
    );
  }

  const { alert } = reading;
  const alertTime = alert.alertTime ?? intake.postedAt ?? null;
  return reply(
    await acceptCredit(
      services,
      {
        source,
        reporter: intake.reporter,
        amountPaise: alert.amountPaise,
        utr: alert.utr,
        payerVpa: alert.payerVpa,
        payee: alertPayee(alert),
        at: creditTime({ alertTime }, now),
        messageId: intake.messageId,
        evidence: {
          ...intake.evidence,
          template: alert.by === "reader" ? `reader:${alert.appId ?? alert.bankId}` : alert.by,
          ...alertEvidence(alert),
        },
      },
      now,
    ),
  );
}

function reply(outcome: Awaited<ReturnType<typeof acceptCredit>>): AlertIntakeResponse {
  return {
    success: true,
    outcome: outcome.kind,
    ...(outcome.kind === "unmatched" ? { reason: outcome.reason } : {}),
    ...(outcome.kind === "confirmed" ? { orderId: outcome.order.order_id } : {}),
  };
}
