import { z } from "zod";
import { intentsOf } from "~/lib/intent";
import { cardSchema } from "./define";
import { backupSchedule, feeSettings, paymentSettings, storeSettings, taxSettings } from "./registry";

/**
 * The site settings' cards on the Settings page (Payment Settings, Store
 * Details, Database backups), each read by its settings' declarations
 * (registry.ts), joined with the other features' cards into the page's one
 * action schema (app/routes/admin/settings-intents.ts).
 */
export const siteSettingsActionSchemas = [
  cardSchema(paymentSettings).extend({ intent: z.literal("payment") }),
  cardSchema(storeSettings).extend({ intent: z.literal("store") }),
  cardSchema(backupSchedule).extend({ intent: z.literal("schedule") }),
  cardSchema(feeSettings).extend({ intent: z.literal("fees") }),
  cardSchema(taxSettings).extend({ intent: z.literal("tax") }),
] as const;

export type SiteSettingsAction = z.output<(typeof siteSettingsActionSchemas)[number]>;
export type SiteSettingsIntent = SiteSettingsAction["intent"];

export const isSiteSettingsAction = intentsOf(siteSettingsActionSchemas);
