import type { AppServices } from "~/context";
import { AppError } from "~/lib/app-error";
import { parseJsonText } from "~/lib/parse.server";
import { acceptCredit } from "./credits.server";
import { noteUnreadAlert } from "./check/check.server";
import { customTemplates, smsSecret } from "./payment-settings.server";
import { alertEvidence, alertPayee, creditTime, readAlert, readsLikeCredit } from "./reader/read-alert";
import { firstSighting } from "./replay-guard.server";
import { SIGNATURE_TOLERANCE_MS, verifySignature } from "./signature";
import { MAX_SMS_BODY_BYTES, type SmsAlertBody, type SmsAlertResponse, smsAlertBodySchema } from "./sms-alert.types";

/**
 * POST /api/payments/sms-alert: an Android SMS forwarder on the operator's
 * phone relays each bank SMS here, signed with the secret from Settings. A
 * request counts only when its signature verifies, its timestamp is within 5
 * minutes and it was not seen before; its text is then read with the
 * sending bank's registry entry (reader/read-alert.ts) and the credit goes to
 * the matcher.
 */

export interface SmsAlertRequest {
  rawBody: Buffer;
  contentType: string | null;
  timestamp: string | null;
  signature: string | null;
}

interface ForwardedSms {
  event: string;
  from: string;
  text: string;
  id: string | null;
}

function readMessage(json: SmsAlertBody): ForwardedSms {
  if ("event" in json) {
    const p = json.payload;
    return {
      event: json.event,
      from: p?.phoneNumber ?? "",
      text: p?.message ?? "",
      id: p?.messageId ?? json.id ?? null,
    };
  }
  return { event: "sms:received", ...json, id: json.id ?? null };
}

/** Reads one forwarded SMS; a refusal is thrown as an AppError (UNAUTHORIZED for a bad signature, CONFLICT for a replay). */
export async function receiveSmsAlert(
  services: Pick<AppServices, "db" | "settings" | "config" | "logger">,
  request: SmsAlertRequest,
  now = Date.now(),
): Promise<SmsAlertResponse> {
  const { db } = services;
  const secret = await smsSecret(db);
  if (!secret) {
    throw new AppError("UNAVAILABLE", "SMS payment alerts are not set up: make a secret in Settings → Payment alerts");
  }
  if (request.rawBody.length > MAX_SMS_BODY_BYTES) throw new AppError("BODY_TOO_LARGE", "Request body is too large");

  const check = verifySignature(secret, request.rawBody, request.timestamp, request.signature, now);
  if (!check.ok) {
    services.logger.warn({ reason: check.message }, "SMS alert refused");
    throw new AppError("UNAUTHORIZED", check.message);
  }
  if (!(await firstSighting(db, `sms:${check.signature}`, now + 2 * SIGNATURE_TOLERANCE_MS, now))) {
    throw new AppError("CONFLICT", "This request was already received");
  }

  if (!/^application\/json\b/i.test(request.contentType ?? "")) {
    throw new AppError("UNSUPPORTED_BODY", "Send the request body as application/json");
  }
  const body = parseJsonText(request.rawBody.toString("utf8"), smsAlertBodySchema);
  if (body instanceof AppError) throw body;
  const sms = readMessage(body.data);
  // Pings, sent and delivered reports: nothing to do with payments.
  if (sms.event !== "sms:received") return { success: true, outcome: "ignored" };

  const reading = readAlert(sms.text, {
    channel: "sms",
    sender: sms.from,
    custom: (await customTemplates(db)).templates,
  });
  const evidence = { text: sms.text.slice(0, 2_000), from: sms.from.slice(0, 100), messageId: sms.id };
  if (!reading.credit) {
    // Ordinary messages (debits, OTPs) are not payments and are not kept; a text that reads as money
    // received but that no bank's sender vouches for is kept for the operator to see.
    const untrusted = UNTRUSTED.has(reading.reason);
    const keep = untrusted
      ? readsLikeCredit(sms.text)
      : reading.reason !== "not_a_credit" && reading.reason !== "too_long" && /credit|receiv|deposit/i.test(sms.text);
    if (!keep) {
      // The operator's ₹1 check, if one waits, says this SMS came and why it was not read.
      await noteUnreadAlert(
        db,
        { source: "sms", sender: sms.from, reason: reading.reason, detail: reading.detail },
        now,
      );
      return { success: true, outcome: "ignored", reason: reading.reason };
    }
    const outcome = await acceptCredit(
      services,
      {
        source: "sms",
        amountPaise: null,
        at: now,
        messageId: sms.id,
        evidence: { ...evidence, parse: reading.reason, why: reading.detail },
        unreadable: untrusted ? "untrusted_sender" : "unrecognised",
      },
      now,
    );
    return reply(outcome);
  }

  const { alert } = reading;
  const outcome = await acceptCredit(
    services,
    {
      source: "sms",
      reporter: "sms",
      amountPaise: alert.amountPaise,
      utr: alert.utr,
      payerVpa: alert.payerVpa,
      payee: alertPayee(alert),
      at: creditTime(alert, now),
      messageId: sms.id,
      evidence: {
        ...evidence,
        template: alert.by === "reader" ? `reader:${alert.bankId}` : alert.by,
        ...alertEvidence(alert),
      },
    },
    now,
  );
  return reply(outcome);
}

/** Refusals that say the words may be a bank's but the sender is not: kept for the operator when it reads as a credit. */
const UNTRUSTED: ReadonlySet<string> = new Set([
  "no_sender",
  "unknown_sender",
  "lookalike_sender",
  "promotional_sender",
  "other_bank",
]);

function reply(outcome: Awaited<ReturnType<typeof acceptCredit>>): SmsAlertResponse {
  return {
    success: true,
    outcome: outcome.kind,
    ...(outcome.kind === "unmatched" ? { reason: outcome.reason } : {}),
    ...(outcome.kind === "confirmed" ? { orderId: outcome.order.order_id } : {}),
  };
}
