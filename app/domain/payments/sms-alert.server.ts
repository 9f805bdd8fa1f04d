import type { AppServices } from "~/context";
import { AppError } from "~/lib/app-error";
import { type AlertIntakeResponse, takeAlert } from "./alert-intake.server";
import { customTemplates, noteForwardedSms, smsSecret } from "./payment-settings.server";
import { readAlert } from "./reader/read-alert";
import { addedHeaders } from "./sender-headers.server";
import { type SignedRequest, readSignedJson } from "./signed-request.server";
import { MAX_SMS_BODY_BYTES, type SmsAlertBody, smsAlertBodySchema } from "./sms-alert.types";

/**
 * POST /api/payments/sms-alert: an Android SMS forwarder on the operator's
 * phone relays each bank SMS here, signed with the secret from Settings
 * (signed-request.server.ts). Its text is read with the sending bank's
 * registry entry (reader/read-alert.ts), the headers the operator added
 * counting as the bank's, and the credit goes to the matcher
 * (alert-intake.server.ts).
 */

export type SmsAlertRequest = SignedRequest;

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
): Promise<AlertIntakeResponse> {
  const { db } = services;
  const secret = await smsSecret(db);
  if (!secret) {
    throw new AppError("UNAVAILABLE", "SMS payment alerts are not set up: make a secret in Settings → Payment alerts");
  }
  const body = await readSignedJson(services, secret, request, {
    source: "sms",
    maxBytes: MAX_SMS_BODY_BYTES,
    schema: smsAlertBodySchema,
    now,
  });
  const sms = readMessage(body);
  // Pings, sent and delivered reports: nothing to do with payments.
  if (sms.event !== "sms:received") return { success: true, outcome: "ignored" };

  const reading = readAlert(sms.text, {
    channel: "sms",
    sender: sms.from,
    custom: (await customTemplates(db)).templates,
    addedHeaders: await addedHeaders(db),
  });
  const answer = await takeAlert(
    services,
    {
      source: "sms",
      reporter: "sms",
      text: sms.text,
      reading,
      messageId: sms.id,
      evidence: { text: sms.text.slice(0, 2_000), from: sms.from.slice(0, 100), messageId: sms.id },
    },
    now,
  );
  // The card's "send a test SMS" result. The credit is already kept: a failure here only leaves the note as it was.
  const note = {
    at: now,
    from: sms.from.slice(0, 100),
    outcome: answer.outcome,
    reason: answer.reason ?? null,
    orderId: answer.orderId ?? null,
  };
  await noteForwardedSms(db, note, now).catch((error: unknown) =>
    services.logger.warn({ err: error }, "could not note the forwarded SMS for Settings"),
  );
  return answer;
}
