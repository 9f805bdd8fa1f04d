import { z } from "zod";
import { ALERT_SECRET_FIELDS, alertActionSchemas } from "~/domain/operator-alerts/alert-settings-actions";
import { CREDENTIALS_SECRET_FIELDS, credentialsActionSchemas } from "~/domain/auth/credentials-form";
import { BUYER_MESSAGE_SECRET_FIELDS, buyerMessageActionSchemas } from "~/domain/buyer-messages/settings-actions";
import { DANGER_ZONE_INTENTS, dangerZoneActionSchemas } from "~/domain/backups/danger-zone-actions";
import {
  PAYMENT_ALERT_SENSITIVE_INTENTS,
  SMS_GATEWAY_SECRET_FIELDS,
  paymentAlertActionSchemas,
} from "~/domain/payments/alerts-settings-actions";
import { GATEWAY_SECRET_FIELDS, gatewayActionSchemas } from "~/domain/payments/gateway-settings-actions";
import { MAILBOX_SECRET_FIELDS, mailboxActionSchemas } from "~/domain/payments/mailbox-settings-actions";
import { siteSettingsActionSchemas } from "~/domain/settings/settings-actions";
import { UNKNOWN_ACTION } from "~/lib/intent";

/**
 * Every form of the Settings page, one shape per intent. Each card's forms are
 * declared by the feature the card belongs to, and its intent goes back to
 * that feature (settings.tsx's action): the site settings' cards to settings,
 * Payment alerts, Payment gateway and Bank e-mail alerts to payments, Alerts
 * to alerts, Buyer messages to buyer-messages, Admin Authentication to auth, the Danger Zone and restores to
 * backups (ADR 0019). Only this page joins them, so no feature imports another's card.
 */
export const settingsActionSchema = z.discriminatedUnion(
  "intent",
  [
    ...siteSettingsActionSchemas,
    ...credentialsActionSchemas,
    ...dangerZoneActionSchemas,
    ...paymentAlertActionSchemas,
    ...gatewayActionSchemas,
    ...mailboxActionSchemas,
    ...alertActionSchemas,
    ...buyerMessageActionSchemas,
  ],
  UNKNOWN_ACTION,
);
export type SettingsAction = z.output<typeof settingsActionSchema>;

/** Fields never echoed back in a reply; a new value for one asks for a recent password (the credentials aside). */
const SECRET_FIELDS = [
  ...GATEWAY_SECRET_FIELDS,
  ...MAILBOX_SECRET_FIELDS,
  ...ALERT_SECRET_FIELDS,
  ...BUYER_MESSAGE_SECRET_FIELDS,
  ...SMS_GATEWAY_SECRET_FIELDS,
];
export const HIDDEN_FIELDS = [...CREDENTIALS_SECRET_FIELDS, ...SECRET_FIELDS];

/** What asks for the password typed in the last 15 minutes (app/domain/settings/sensitive-actions.ts). */
export const SENSITIVE = {
  intents: [...DANGER_ZONE_INTENTS, ...PAYMENT_ALERT_SENSITIVE_INTENTS],
  secretFields: SECRET_FIELDS,
};
