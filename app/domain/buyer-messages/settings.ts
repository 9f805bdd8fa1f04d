import { z } from "zod";
import { type SettingsCard, defineSettings, flag, structured, text } from "~/domain/settings/define";
import { BUYER_EVENTS, type BuyerEvent } from "./events";

/**
 * The Buyer messages card's settings, declared once (ADR 0019): WhatsApp
 * Business Cloud API (the phone number id, the access token and app secret,
 * written and never shown again, the webhook's verify token, the number buyers
 * write to), the approved utility templates' names and languages, e-mail
 * updates through the alert SMTP, and the quiet hours. Kept in the settings
 * table outside the site settings (never in a backup, never cached with the
 * pages); each WhatsApp value may come from the environment instead
 * (WHATSAPP_*, app/lib/server/config.server.ts), which wins. Pure, so the card checks
 * what the server saves.
 */

const HHMM = /^([01]\d|2[0-3]):[0-5]\d$/;

/** The template each event is sent with outside the 24-hour window (docs/buyer-messages.md has their texts). */
export type TemplateNames = Record<BuyerEvent, string>;

export const DEFAULT_TEMPLATE_NAMES: TemplateNames = Object.fromEntries(
  BUYER_EVENTS.map((event) => [event, `order_${event}`]),
) as TemplateNames;

/** A template's name as WhatsApp Manager allows it: lower-case letters, digits and underscores. */
export const TEMPLATE_NAME = /^[a-z0-9_]{1,512}$/;

export function parseTemplateNames(stored: string): TemplateNames {
  try {
    const parsed = z.record(z.string(), z.string()).safeParse(JSON.parse(stored));
    if (parsed.success) {
      const names = { ...DEFAULT_TEMPLATE_NAMES };
      for (const event of BUYER_EVENTS) {
        const name = parsed.data[event];
        if (name !== undefined && (name === "" || TEMPLATE_NAME.test(name))) names[event] = name;
      }
      return names;
    }
  } catch {
    // fall through to the defaults
  }
  return { ...DEFAULT_TEMPLATE_NAMES };
}

export const BUYER_MESSAGES_CARD: SettingsCard = {
  id: "buyer-messages",
  title: "Buyer messages",
  description:
    "Order updates to buyers on WhatsApp (Meta's WhatsApp Business Cloud API), by e-mail and as browser notifications. How to set up: docs/buyer-messages.md.",
  saved: "Buyer message settings saved",
};

export const buyerMessageSettings = defineSettings(
  {
    // The service pages offer WhatsApp updates while these four are set (whatsappReady): saving one drops them.
    phoneNumberId: text("WHATSAPP_PHONE_NUMBER_ID", "Phone number ID", { required: false, publicTopic: "settings" }),
    accessToken: text("WHATSAPP_ACCESS_TOKEN", "Access token", { secret: true, publicTopic: "settings" }),
    appSecret: text("WHATSAPP_APP_SECRET", "App secret", { secret: true, publicTopic: "settings" }),
    verifyToken: text("WHATSAPP_VERIFY_TOKEN", "Webhook verify token", { secret: true }),
    businessNumber: text("WHATSAPP_BUSINESS_NUMBER", "Number buyers write to", {
      required: false,
      publicTopic: "settings",
    }),
    templateLanguageEn: text("WHATSAPP_TEMPLATE_LANGUAGE_EN", "Template language for English", {
      default: "en",
      required: false,
    }),
    templateLanguageHi: text("WHATSAPP_TEMPLATE_LANGUAGE_HI", "Template language for Hindi", {
      default: "hi",
      required: false,
    }),
    templates: structured<TemplateNames>("WHATSAPP_TEMPLATES", "Template names", {
      read: parseTemplateNames,
      write: (names) => JSON.stringify(names),
      fallback: () => ({ ...DEFAULT_TEMPLATE_NAMES }),
    }),
    emailUpdates: flag("BUYER_EMAIL_UPDATES", "E-mail receipts and updates to buyers who gave an address", {
      default: true,
    }),
    quietFrom: text("BUYER_QUIET_FROM", "Quiet hours from (IST)", { default: "21:00", required: false }),
    quietTo: text("BUYER_QUIET_TO", "Quiet hours until (IST)", { default: "09:00", required: false }),
  },
  BUYER_MESSAGES_CARD,
);

/** Quiet hours as typed: both times, or neither (off). */
export function quietHoursValid(from: string, to: string): boolean {
  return (from === "" && to === "") || (HHMM.test(from) && HHMM.test(to) && from !== to);
}

export { HHMM };
