import type { AppServices } from "~/context";
import { type RequestClient, recordSettingsAudit } from "~/domain/audit/audit.server";
import { AppError } from "~/lib/app-error";
import { BUYER_EVENTS } from "./events";
import { HHMM, TEMPLATE_NAME, type TemplateNames, quietHoursValid } from "./settings";
import {
  ACCESS_TOKEN,
  APP_SECRET,
  BUSINESS_NUMBER,
  type BuyerMessageAction,
  type BuyerMessageSettingsResult,
  PHONE_NUMBER_ID,
  TEMPLATE_LANGUAGE,
  VERIFY_TOKEN,
  templateField,
} from "./settings-actions";
import { saveBuyerMessageSettings } from "./settings.server";

/**
 * The Settings page's "Buyer messages" card: WhatsApp's ids and secrets (the
 * secrets write-only; the audit log keeps only their last 4 characters), the
 * templates' names and languages, e-mail updates and quiet hours. A refusal
 * saves nothing.
 */
export async function runBuyerMessageAction(
  { db }: Pick<AppServices, "db">,
  operator: { name: string; client: RequestClient },
  action: BuyerMessageAction,
): Promise<BuyerMessageSettingsResult> {
  const audit = (details: Record<string, unknown>) =>
    recordSettingsAudit(db, operator, "buyer-messages", "settings.buyer-messages", details);
  const refuse = (field: string, message: string): never => {
    throw new AppError("INVALID_INPUT", message, { field });
  };
  const masked = (secret: string) => `••••${secret.slice(-4)}`;
  switch (action.intent) {
    case "buyer-whatsapp": {
      const { phoneNumberId, accessToken, appSecret, verifyToken, businessNumber } = action;
      if (phoneNumberId && !PHONE_NUMBER_ID.test(phoneNumberId)) {
        refuse("phoneNumberId", "The phone number ID is the digits WhatsApp Manager shows under API Setup");
      }
      if (accessToken && !ACCESS_TOKEN.test(accessToken)) {
        refuse("accessToken", "The access token is the long text Meta gave for the system user, without spaces");
      }
      if (appSecret && !APP_SECRET.test(appSecret)) {
        refuse(
          "appSecret",
          "The App Secret is the letters and digits under App settings → Basic in Meta for Developers",
        );
      }
      if (verifyToken && !VERIFY_TOKEN.test(verifyToken)) {
        refuse("verifyToken", "The verify token must be 8 to 200 characters, without spaces");
      }
      const number = businessNumber.replace(/[\s+()-]/g, "");
      if (number && !BUSINESS_NUMBER.test(number)) {
        refuse("businessNumber", "Write the number with its country code, digits only, e.g. 919876543210");
      }
      await saveBuyerMessageSettings(db, {
        phoneNumberId: phoneNumberId || undefined,
        accessToken: accessToken || undefined,
        appSecret: appSecret || undefined,
        verifyToken: verifyToken || undefined,
        businessNumber: number || undefined,
      });
      await audit({
        ...(phoneNumberId ? { phoneNumberId } : {}),
        ...(number ? { businessNumber: number } : {}),
        ...(accessToken ? { accessToken: masked(accessToken) } : {}),
        ...(appSecret ? { appSecret: masked(appSecret) } : {}),
        ...(verifyToken ? { verifyToken: masked(verifyToken) } : {}),
      });
      return { ok: true, intent: action.intent, message: "WhatsApp settings saved" };
    }
    case "buyer-templates": {
      const { templateLanguageEn: en, templateLanguageHi: hi } = action;
      if (en && !TEMPLATE_LANGUAGE.test(en)) refuse("templateLanguageEn", "A language code is like en or en_US");
      if (hi && !TEMPLATE_LANGUAGE.test(hi)) refuse("templateLanguageHi", "A language code is like hi");
      const templates = {} as TemplateNames;
      for (const event of BUYER_EVENTS) {
        const name = action[templateField(event)];
        if (name && !TEMPLATE_NAME.test(name)) {
          refuse(templateField(event), "A template name has only lower-case letters, digits and underscores");
        }
        templates[event] = name;
      }
      await saveBuyerMessageSettings(db, {
        templates,
        templateLanguageEn: en || "en",
        templateLanguageHi: hi || "hi",
      });
      await audit({ templates, templateLanguageEn: en || "en", templateLanguageHi: hi || "hi" });
      return { ok: true, intent: action.intent, message: "WhatsApp templates saved" };
    }
    case "buyer-delivery": {
      const { emailUpdates, quietFrom, quietTo } = action;
      if (quietFrom && !HHMM.test(quietFrom)) refuse("quietFrom", "Give the time as HH:MM (IST, 24-hour)");
      if (quietTo && !HHMM.test(quietTo)) refuse("quietTo", "Give the time as HH:MM (IST, 24-hour)");
      if (!quietHoursValid(quietFrom, quietTo)) {
        refuse("quietTo", "Give both times (different ones), or leave both empty for no quiet hours");
      }
      await saveBuyerMessageSettings(db, { emailUpdates, quietFrom, quietTo });
      await audit({ emailUpdates, quietFrom, quietTo });
      return { ok: true, intent: action.intent, message: "Buyer message settings saved" };
    }
  }
}
