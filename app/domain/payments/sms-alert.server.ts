import { z } from "zod";
import type { AppServices } from "~/context";
import { hasForbiddenText } from "~/lib/api.server";
import { creditTime, parseAlert } from "./alert-parser";
import { acceptCredit } from "./credits.server";
import { customTemplates, smsSecret } from "./payment-settings.server";
import { firstSighting } from "./replay-guard.server";
import { SIGNATURE_TOLERANCE_MS, verifySignature } from "./signature";

/**
 * POST /api/payments/sms-alert: an Android SMS forwarder on the operator's
 * phone relays each bank SMS here, signed with the secret from Settings. A
 * request counts only when its signature verifies, its timestamp is within 5
 * minutes and it was not seen before; its text then goes through the
 * templates (with the bank's sender id) and the credit to the matcher.
 */

export const MAX_SMS_BODY_BYTES = 16 * 1024;

export interface SmsAlertRequest {
  rawBody: Buffer;
  contentType: string | null;
  timestamp: string | null;
  signature: string | null;
}

export interface JsonReply {
  status: number;
  body: Record<string, unknown>;
}

const text = (max: number) => z.string().max(max);

/** SMS Gateway for Android's webhook envelope. */
const gatewayEnvelope = z.object({
  event: text(40),
  id: text(200).optional(),
  deviceId: text(200).optional(),
  payload: z
    .object({
      message: text(4_000).optional(),
      phoneNumber: text(100).optional(),
      messageId: text(200).optional(),
      receivedAt: text(60).optional(),
    })
    .passthrough()
    .optional(),
});

/** A plain shape for other forwarders (Tasker, a script): who sent it and what it says. */
const plainMessage = z.object({
  from: text(100),
  text: text(4_000),
  id: text(200).optional(),
});

interface ForwardedSms {
  event: string;
  from: string;
  text: string;
  id: string | null;
}

function readMessage(json: unknown): ForwardedSms | null {
  const envelope = gatewayEnvelope.safeParse(json);
  if (envelope.success) {
    const p = envelope.data.payload;
    return {
      event: envelope.data.event,
      from: p?.phoneNumber ?? "",
      text: p?.message ?? "",
      id: p?.messageId ?? envelope.data.id ?? null,
    };
  }
  const plain = plainMessage.safeParse(json);
  if (plain.success) return { event: "sms:received", ...plain.data, id: plain.data.id ?? null };
  return null;
}

const fail = (status: number, message: string): JsonReply => ({ status, body: { success: false, message } });

export async function receiveSmsAlert(
  services: Pick<AppServices, "db" | "settings" | "config" | "logger">,
  request: SmsAlertRequest,
  now = Date.now(),
): Promise<JsonReply> {
  const { db } = services;
  const secret = await smsSecret(db);
  if (!secret) return fail(503, "SMS payment alerts are not set up: make a secret in Settings → Payment alerts");
  if (request.rawBody.length > MAX_SMS_BODY_BYTES) return fail(413, "Request body is too large");

  const check = verifySignature(secret, request.rawBody, request.timestamp, request.signature, now);
  if (!check.ok) {
    services.logger.warn({ reason: check.message }, "SMS alert refused");
    return fail(401, check.message);
  }
  if (!(await firstSighting(db, `sms:${check.signature}`, now + 2 * SIGNATURE_TOLERANCE_MS, now))) {
    return fail(409, "This request was already received");
  }

  if (!/^application\/json\b/i.test(request.contentType ?? "")) {
    return fail(415, "Send the request body as application/json");
  }
  let json: unknown;
  try {
    json = JSON.parse(request.rawBody.toString("utf8"));
  } catch {
    return fail(400, "The request body is not valid JSON");
  }
  if (hasForbiddenText(json)) return fail(400, "The request contains characters that are not allowed");
  const sms = readMessage(json);
  if (!sms) return fail(400, "Expected an SMS: { event, payload: { message, phoneNumber } } or { from, text }");
  // Pings, sent and delivered reports: nothing to do with payments.
  if (sms.event !== "sms:received") return { status: 200, body: { success: true, outcome: "ignored" } };

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
      return { status: 200, body: { success: true, outcome: "ignored", reason: parsed.reason } };
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
    return { status: 200, body: reply(outcome) };
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
  return { status: 200, body: reply(outcome) };
}

function reply(outcome: Awaited<ReturnType<typeof acceptCredit>>): Record<string, unknown> {
  return {
    success: true,
    outcome: outcome.kind,
    ...(outcome.kind === "unmatched" ? { reason: outcome.reason } : {}),
    ...(outcome.kind === "confirmed" ? { orderId: outcome.order.order_id } : {}),
  };
}
