import type { AppServices } from "~/context";
import { AppError } from "~/lib/app-error";
import { parseJsonText } from "~/lib/parse.server";
import { creditTime, parseAlert } from "./alert-parser";
import { acceptCredit } from "./credits.server";
import { customTemplates, smsSecret } from "./payment-settings.server";
import { firstSighting } from "./replay-guard.server";
import { SIGNATURE_TOLERANCE_MS, verifySignature } from "./signature";
import { MAX_SMS_BODY_BYTES, type SmsAlertBody, type SmsAlertResponse, smsAlertBodySchema } from "./sms-alert.types";

/**
 * POST /api/payments/sms-alert: an Android SMS forwarder on the operator's
 * phone relays each bank SMS here, signed with the secret from Settings. A
 * request counts only when its signature verifies, its timestamp is within 5
 * minutes and it was not seen before; its text then goes through the
 * templates (with the bank's sender id) and the credit to the matcher.
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

  const parsed = parseAlert(sms.text, {
    channel: "sms",
    sender: sms.from,
    custom: (await customTemplates(db)).templates,
  });
  const evidence = { text: sms.text.slice(0, 2_000), from: sms.from.slice(0, 100), messageId: sms.id };
  if (!parsed.ok) {
    // Ordinary messages (debits, OTPs) are not payments and are not kept; a text that looks like
    // money received but no template or sender vouches for is kept for the operator to see.
    if (parsed.reason === "not_a_credit" || parsed.reason === "too_long" || !/credit|receiv/i.test(sms.text)) {
      return { success: true, outcome: "ignored", reason: parsed.reason };
    }
    const outcome = await acceptCredit(
      services,
      {
        source: "sms",
        amountPaise: null,
        at: now,
        messageId: sms.id,
        evidence: { ...evidence, parse: parsed.reason },
        unreadable: parsed.reason === "untrusted_sender" ? "untrusted_sender" : "unrecognised",
      },
      now,
    );
    return reply(outcome);
  }

  const { alert } = parsed;
  const outcome = await acceptCredit(
    services,
    {
      source: "sms",
      reporter: "sms",
      amountPaise: alert.amountPaise,
      utr: alert.utr,
      payerVpa: alert.payerVpa,
      at: creditTime(alert, now),
      messageId: sms.id,
      evidence: { ...evidence, template: alert.templateId },
    },
    now,
  );
  return reply(outcome);
}

function reply(outcome: Awaited<ReturnType<typeof acceptCredit>>): SmsAlertResponse {
  return {
    success: true,
    outcome: outcome.kind,
    ...(outcome.kind === "unmatched" ? { reason: outcome.reason } : {}),
    ...(outcome.kind === "confirmed" ? { orderId: outcome.order.order_id } : {}),
  };
}
