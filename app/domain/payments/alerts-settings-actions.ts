import { z } from "zod";

/**
 * The Settings page's "Payment alerts" forms, one shape per intent, joined
 * into the page's one action schema (app/domain/settings/settings-actions.ts)
 * so they are read like every other form.
 */
const channel = z.enum(["sms", "email"], { message: "Choose SMS or e-mail" }).default("sms");
const text = (max: number, tooLong: string) => z.string().max(max, tooLong).default("");

export const paymentAlertActionSchemas = [
  z.object({ intent: z.literal("sms-secret-rotate") }),
  z.object({ intent: z.literal("sms-secret-disable") }),
  z.object({
    intent: z.literal("template-add"),
    name: text(100, "The name is too long"),
    channel,
    pattern: text(1_000, "The pattern is too long"),
    senders: text(300, "The sender pattern is too long"),
  }),
  z.object({ intent: z.literal("template-remove"), index: z.coerce.number().int().min(0).max(99) }),
  z.object({
    intent: z.literal("template-try"),
    text: text(4_000, "The alert is too long (4,000 characters at most)"),
    channel,
    sender: text(100, "The sender id is too long"),
    name: text(100, "The name is too long"),
    pattern: text(1_000, "The pattern is too long"),
    senders: text(300, "The sender pattern is too long"),
  }),
] as const;

export type PaymentAlertAction = z.output<(typeof paymentAlertActionSchemas)[number]>;
export type PaymentAlertIntent = PaymentAlertAction["intent"];

export function isPaymentAlertAction<A extends { intent: string }>(
  action: A,
): action is Extract<A, { intent: PaymentAlertIntent }> {
  return paymentAlertActionSchemas.some((schema) => schema.shape.intent.value === action.intent);
}

export interface TryResult {
  matched: boolean;
  template?: string;
  amount?: string;
  utr?: string | null;
  payerVpa?: string | null;
  /** ISO time, when the alert gives one. */
  time?: string | null;
  reason?: string;
}

/** What a Payment alerts form gets back: a refusal comes as the page's `{ ok: false, message, field }`. */
export type PaymentAlertsResult =
  | { ok: true; intent: PaymentAlertIntent; message: string; secret?: string; tried?: TryResult }
  | { ok: false; message: string; field?: string | null };
