import type { DB } from "~/db/database.server";
import { type ValuesOf, secretHint } from "~/domain/settings/define";
import { readSettings, saveSettings } from "~/domain/settings/store.server";
import type { Config } from "~/lib/server/config.server";
import { type TemplateNames, buyerMessageSettings } from "./settings";

export type StoredBuyerMessageSettings = ValuesOf<typeof buyerMessageSettings.settings>;

/** The environment's WhatsApp values (app/lib/server/config.server.ts), each winning over its stored setting. */
export type WhatsAppEnv = Pick<
  Config,
  | "WHATSAPP_PHONE_NUMBER_ID"
  | "WHATSAPP_ACCESS_TOKEN"
  | "WHATSAPP_APP_SECRET"
  | "WHATSAPP_VERIFY_TOKEN"
  | "WHATSAPP_BUSINESS_NUMBER"
  | "WHATSAPP_GRAPH_URL"
>;

/** What the shop sends and answers with: the stored settings with the environment's values over them. */
export interface BuyerMessageConfig {
  whatsapp: {
    graphUrl: string;
    phoneNumberId: string;
    accessToken: string;
    appSecret: string;
    verifyToken: string;
    businessNumber: string;
    templates: TemplateNames;
    languages: { en: string; hi: string };
  };
  emailUpdates: boolean;
  /** IST "HH:MM" both, or null: no quiet hours. */
  quietHours: { from: string; to: string } | null;
}

const ENV_OF = {
  phoneNumberId: "WHATSAPP_PHONE_NUMBER_ID",
  accessToken: "WHATSAPP_ACCESS_TOKEN",
  appSecret: "WHATSAPP_APP_SECRET",
  verifyToken: "WHATSAPP_VERIFY_TOKEN",
  businessNumber: "WHATSAPP_BUSINESS_NUMBER",
} as const;
export type EnvField = keyof typeof ENV_OF;

export async function buyerMessageConfig(db: DB, env: Partial<WhatsAppEnv>): Promise<BuyerMessageConfig> {
  const stored = await readSettings(db, buyerMessageSettings);
  const pick = (field: EnvField) => env[ENV_OF[field]] ?? stored[field];
  return {
    whatsapp: {
      graphUrl: env.WHATSAPP_GRAPH_URL ?? "https://graph.facebook.com/v24.0",
      phoneNumberId: pick("phoneNumberId"),
      accessToken: pick("accessToken"),
      appSecret: pick("appSecret"),
      verifyToken: pick("verifyToken"),
      businessNumber: pick("businessNumber"),
      templates: stored.templates,
      languages: { en: stored.templateLanguageEn || "en", hi: stored.templateLanguageHi || "hi" },
    },
    emailUpdates: stored.emailUpdates,
    quietHours: stored.quietFrom && stored.quietTo ? { from: stored.quietFrom, to: stored.quietTo } : null,
  };
}

/** WhatsApp can send: a phone number id and an access token. */
export function whatsappCanSend(config: BuyerMessageConfig): boolean {
  return config.whatsapp.phoneNumberId !== "" && config.whatsapp.accessToken !== "";
}

/** WhatsApp can take buyers' messages too: the app secret (signatures) and a number to write to. */
export function whatsappReady(config: BuyerMessageConfig): boolean {
  return whatsappCanSend(config) && config.whatsapp.appSecret !== "" && config.whatsapp.businessNumber !== "";
}

export async function saveBuyerMessageSettings(
  db: DB,
  changes: Partial<StoredBuyerMessageSettings>,
  now = Date.now(),
): Promise<void> {
  await saveSettings(db, buyerMessageSettings, changes, now);
}

/** What the card may show: no secret, only "saved, ending …1234", and which values the environment sets. */
export interface BuyerMessageSettingsView {
  phoneNumberId: string;
  businessNumber: string;
  accessTokenHint: string | null;
  appSecretHint: string | null;
  verifyTokenHint: string | null;
  templateLanguageEn: string;
  templateLanguageHi: string;
  templates: TemplateNames;
  emailUpdates: boolean;
  quietFrom: string;
  quietTo: string;
  /** The fields the server's environment sets (the saved value, if any, is not used). */
  fromEnv: EnvField[];
  ready: boolean;
}

export async function buyerMessageSettingsView(db: DB, env: Partial<WhatsAppEnv>): Promise<BuyerMessageSettingsView> {
  const stored = await readSettings(db, buyerMessageSettings);
  const config = await buyerMessageConfig(db, env);
  const fromEnv = (Object.keys(ENV_OF) as EnvField[]).filter((field) => env[ENV_OF[field]] !== undefined);
  return {
    phoneNumberId: stored.phoneNumberId,
    businessNumber: stored.businessNumber,
    accessTokenHint: secretHint(stored.accessToken),
    appSecretHint: secretHint(stored.appSecret),
    verifyTokenHint: secretHint(stored.verifyToken),
    templateLanguageEn: stored.templateLanguageEn,
    templateLanguageHi: stored.templateLanguageHi,
    templates: stored.templates,
    emailUpdates: stored.emailUpdates,
    quietFrom: stored.quietFrom,
    quietTo: stored.quietTo,
    fromEnv,
    ready: whatsappReady(config),
  };
}
