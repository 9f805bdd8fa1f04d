import { z } from "zod";
import { intentsOf } from "~/lib/intent";
import { PAYMENT_APPS } from "./reader/payment-apps";

/**
 * The Settings page's "Payment alerts" forms, one shape per intent, joined
 * into the page's one action schema (app/routes/admin/settings-intents.ts)
 * so they are read like every other form.
 */
/** What one paste may hold: the admin's forms stay under the server's 64 KB body limit. */
export const MAX_PASTE_CHARS = 40_000;

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
    text: text(
      MAX_PASTE_CHARS,
      "At most 40,000 characters at once (about 200 SMS): use npm run alerts -- check for more",
    ),
    channel,
    sender: text(100, "The sender id is too long"),
    name: text(100, "The name is too long"),
    pattern: text(1_000, "The pattern is too long"),
    senders: text(300, "The sender pattern is too long"),
  }),
  z.object({ intent: z.literal("app-secret-rotate") }),
  z.object({ intent: z.literal("app-secret-disable") }),
  z.object({
    intent: z.literal("app-apps-save"),
    apps: z
      .array(
        z.enum(
          PAYMENT_APPS.map((app) => app.id),
          { error: "Choose apps from the list" },
        ),
      )
      .max(PAYMENT_APPS.length)
      .default([]),
  }),
  z.object({ intent: z.literal("sender-remove"), header: text(20, "That is not a sender header") }),
  z.object({
    intent: z.literal("sms-gateway-connect"),
    gatewayAddress: z
      .string({ error: "Give the address the app shows" })
      .trim()
      .min(1, "Give the address the app shows")
      .max(300, "The address is too long"),
    gatewayUsername: z
      .string({ error: "Give the username the app shows" })
      .trim()
      .min(1, "Give the username the app shows")
      .max(100, "The username is too long"),
    gatewayPassword: text(200, "The password is too long"),
  }),
  z.object({ intent: z.literal("sms-gateway-disconnect") }),
] as const;

/** Never echoed back to the page: typed again after a refusal (issue 45). */
export const SMS_GATEWAY_SECRET_FIELDS = ["gatewayPassword"];

/** A new SMS or notification secret is shown once, and Connect may make one: they ask for the password typed in the last 15 minutes. */
export const PAYMENT_ALERT_SENSITIVE_INTENTS = ["sms-secret-rotate", "app-secret-rotate", "sms-gateway-connect"];

export type PaymentAlertAction = z.output<(typeof paymentAlertActionSchemas)[number]>;
export type PaymentAlertIntent = PaymentAlertAction["intent"];

export const isPaymentAlertAction = intentsOf(paymentAlertActionSchemas);

/** One alert as Settings' tester read it: the CLI's outcome (amount in rupees, UTR, reason) and what a person needs. */
export interface TriedAlert {
  index: number;
  matched: boolean;
  /** Rupees, as `npm run alerts -- check` prints them. */
  amountRupees: number | null;
  /** What read it: "HDFC Bank (built-in reader)", "My bank (your template)". */
  template?: string;
  amount?: string;
  utr?: string | null;
  payerVpa?: string | null;
  /** ISO time, when the alert gives one. */
  time?: string | null;
  /** Why it was not read as a credit. */
  reason?: string;
}

/** The first alert's reading, and with many pasted, every one and how many were read as credits. */
export interface TryResult extends TriedAlert {
  items: TriedAlert[];
  credits: number;
}

/** What a Payment alerts form gets back: a refusal comes as the page's `{ ok: false, message, field }`. */
export type PaymentAlertsResult =
  | {
      ok: true;
      intent: PaymentAlertIntent;
      message: string;
      secret?: string;
      /** The new secret as a QR code (an SVG data URI) for the forwarder's phone to scan instead of typing 64 characters. */
      secretQr?: string;
      tried?: TryResult;
    }
  | { ok: false; message: string; field?: string | null };
