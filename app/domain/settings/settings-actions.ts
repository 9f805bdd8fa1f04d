import { z } from "zod";
import { alertActionSchemas } from "~/domain/alerts/alert-settings-actions";
import { deleteOptionsSchema } from "~/domain/backups/delete-options";
import { paymentAlertActionSchemas } from "~/domain/payments/alerts-settings-actions";
import { gatewayActionSchemas } from "~/domain/payments/gateway-settings-actions";
import { mailboxActionSchemas } from "~/domain/payments/mailbox-settings-actions";
import { UNKNOWN_ACTION } from "~/lib/intent";
import {
  adminCredentialsFields,
  backupSettingsSchema,
  newPasswordLongEnough,
  paymentSettingsSchema,
  smmSettingsSchema,
  storeSettingsSchema,
} from "./validation";

/**
 * Every form of the Settings page, one shape per intent: the three settings
 * cards, Admin Authentication, the danger zone's two deletions, a backup's restore, the panel's
 * 'Test connection' (typed values tried, never saved) and the Payment alerts card.
 */
export const settingsActionSchema = z.discriminatedUnion(
  "intent",
  [
    smmSettingsSchema.extend({ intent: z.literal("smm") }),
    paymentSettingsSchema.extend({ intent: z.literal("payment") }),
    storeSettingsSchema.extend({ intent: z.literal("store") }),
    backupSettingsSchema.extend({ intent: z.literal("schedule") }),
    z.object({ intent: z.literal("credentials"), ...adminCredentialsFields }).refine(...newPasswordLongEnough),
    z.object({ intent: z.literal("delete-selected"), deleteOptions: deleteOptionsSchema }),
    z.object({ intent: z.literal("delete-all") }),
    z.object({ intent: z.literal("restore-backup"), backup: z.string().trim().min(1, "Choose a backup").max(200) }),
    z.object({
      intent: z.literal("panel-test"),
      panelUrl: z.string().max(500, "Panel URL is too long").default(""),
      panelApiKey: z.string().max(500, "API key is too long").default(""),
    }),
    ...paymentAlertActionSchemas,
    ...gatewayActionSchemas,
    ...mailboxActionSchemas,
    ...alertActionSchemas,
  ],
  UNKNOWN_ACTION,
);
export type SettingsAction = z.output<typeof settingsActionSchema>;
export type SettingsIntent = SettingsAction["intent"];
