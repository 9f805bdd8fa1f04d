import { z } from "zod";

/**
 * POST /api/payments/sms-alert: what an SMS forwarder sends (the reply is
 * alert-intake.server.ts's). The body is read only after its signature verified
 * (app/domain/payments/sms-alert.server.ts).
 */

export const MAX_SMS_BODY_BYTES = 16 * 1024;

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

export const smsAlertBodySchema = z.union([gatewayEnvelope, plainMessage], {
  message: "Expected an SMS: { event, payload: { message, phoneNumber } } or { from, text }",
});
export type SmsAlertBody = z.output<typeof smsAlertBodySchema>;
