import { z } from "zod";
import { intentsOf } from "~/lib/intent";
import { BUYER_EVENTS } from "./events";

/**
 * The Settings page's "Buyer messages" forms, one shape per intent, joined
 * into the page's one action schema (app/routes/admin/settings-intents.ts).
 * The access token, app secret and verify token are write-only: an empty
 * field keeps the saved one, and replies never echo them.
 */
const text = (max: number, tooLong: string) => z.string().trim().max(max, tooLong).default("");
const checkbox = z
  .string()
  .optional()
  .transform((v) => v === "on" || v === "true");

/** A template name field per event: `template_payment_confirmed`… */
export const templateField = (event: (typeof BUYER_EVENTS)[number]) => `template_${event}` as const;

const templateFields = Object.fromEntries(
  BUYER_EVENTS.map((event) => [templateField(event), text(512, "A template name is at most 512 characters")]),
) as Record<ReturnType<typeof templateField>, ReturnType<typeof text>>;

export const buyerMessageActionSchemas = [
  z.object({
    intent: z.literal("buyer-whatsapp"),
    phoneNumberId: text(25, "The phone number ID is at most 25 digits"),
    accessToken: text(1000, "The access token is too long"),
    appSecret: text(64, "The App Secret is at most 64 characters"),
    verifyToken: text(200, "The verify token is at most 200 characters"),
    businessNumber: text(20, "The number is too long"),
  }),
  z.object({
    intent: z.literal("buyer-templates"),
    templateLanguageEn: text(10, "A language code is like en or en_US"),
    templateLanguageHi: text(10, "A language code is like hi"),
    ...templateFields,
  }),
  z.object({
    intent: z.literal("buyer-delivery"),
    emailUpdates: checkbox,
    quietFrom: text(5, "Give the time as HH:MM (IST, 24-hour)"),
    quietTo: text(5, "Give the time as HH:MM (IST, 24-hour)"),
  }),
] as const;

export type BuyerMessageAction = z.output<(typeof buyerMessageActionSchemas)[number]>;
export type BuyerMessageIntent = BuyerMessageAction["intent"];

/** Form fields never sent back in a reply; a new value asks for the password typed in the last 15 minutes. */
export const BUYER_MESSAGE_SECRET_FIELDS = ["accessToken", "appSecret", "verifyToken"];

export const isBuyerMessageAction = intentsOf(buyerMessageActionSchemas);

export type BuyerMessageSettingsResult =
  { ok: true; intent: BuyerMessageIntent; message: string } | { ok: false; message: string; field?: string | null };

export const PHONE_NUMBER_ID = /^\d{5,25}$/;
export const ACCESS_TOKEN = /^[A-Za-z0-9_\-.|]{20,1000}$/;
export const APP_SECRET = /^[A-Za-z0-9]{16,64}$/;
export const VERIFY_TOKEN = /^[\x21-\x7e]{8,200}$/;
export const BUSINESS_NUMBER = /^\d{10,15}$/;
export const TEMPLATE_LANGUAGE = /^[a-z]{2,3}(_[A-Z]{2})?$/;
