import { USERNAME_PATTERN } from "~/domain/auth/rules";
import { POST_LINK_FORMS, PROFILE_LINK_FORMS } from "~/domain/panel/link-forms";
import { z } from "zod";

/** `name@handle`: what every UPI app accepts as a virtual payment address. */
export const UPI_ID = /^[a-zA-Z0-9._-]{2,256}@[a-zA-Z][a-zA-Z0-9.-]{1,63}$/;

const required = (label: string) =>
  z
    .string({ error: `${label} is required` })
    .trim()
    .min(1, `${label} is required`);

const url = (label: string) =>
  required(label).refine((v) => {
    try {
      const u = new URL(v);
      return u.protocol === "http:" || u.protocol === "https:";
    } catch {
      return false;
    }
  }, `${label} must be an http:// or https:// address`);

const serviceId = (label: string) =>
  required(label).regex(/^\d{1,10}$/, `${label} must be the panel's numeric service id`);

const positiveInt = (label: string, max: number) =>
  required(label)
    .regex(/^\d+$/, `${label} must be a whole number`)
    .refine((v) => Number(v) >= 1 && Number(v) <= max, `${label} must be between 1 and ${max}`);

const phone = (label: string) =>
  required(label).regex(/^\+?[0-9 ()-]{8,20}$/, `${label} must be a phone number, e.g. +91 98765 43210`);

/** SMM Panel Settings card. An empty API key keeps the saved one. */
export const smmSettingsSchema = z.object({
  panelApiKey: z.string().trim().max(200, "API key is too long").default(""),
  panelUrl: url("Panel API URL"),
  panelServiceFollowers: serviceId("Followers service ID"),
  panelServiceLikes: serviceId("Likes service ID"),
  panelServiceViews: serviceId("Views service ID"),
  panelServiceComments: serviceId("Comments service ID"),
  /** Empty: no custom-comments service (custom-comments plans cannot be sent until it is set). */
  panelServiceCustomComments: z
    .string()
    .trim()
    .regex(/^(\d{1,10})?$/, "Custom comments service ID must be the panel's numeric service id")
    .optional(),
  panelCurrency: z
    .string()
    .trim()
    .toUpperCase()
    .regex(/^[A-Z]{3}$/, "Panel currency must be a 3-letter code like INR or USD")
    .default("INR"),
  panelInrRate: z
    .string()
    .trim()
    .regex(/^(\d{1,6}(\.\d{1,6})?)?$/, "INR rate must be a number like 83.25")
    .default(""),
  /** Absent (an older client): left as it is. */
  panelLinkFollowers: z.enum(PROFILE_LINK_FORMS, { error: "Choose how followers links are sent" }).optional(),
  panelLinkLikes: z.enum(POST_LINK_FORMS, { error: "Choose how likes links are sent" }).optional(),
  panelLinkViews: z.enum(POST_LINK_FORMS, { error: "Choose how views links are sent" }).optional(),
  panelLinkComments: z.enum(POST_LINK_FORMS, { error: "Choose how comments links are sent" }).optional(),
});

/** Payment Settings card. */
export const paymentSettingsSchema = z.object({
  upiId: required("UPI ID").regex(UPI_ID, "UPI ID must look like name@bank"),
  merchantName: required("Merchant Name").max(50, "Merchant Name can be at most 50 characters"),
  /** Absent (an older client): left as it is. */
  autoSendPaidOrders: z.preprocess(
    // The card sends a hidden "false" before the checkbox's "true": the last value is the box's state.
    (value: unknown) => (Array.isArray(value) ? (value.at(-1) as unknown) : value),
    z.enum(["true", "false"], { error: "Send paid orders automatically must be on or off" }).optional(),
  ),
});

/** Store details card (our addition): everything the storefront copy and policies show. */
export const storeSettingsSchema = z.object({
  brandName: required("Brand name").max(40, "Brand name can be at most 40 characters"),
  publicBaseUrl: url("Public base URL"),
  supportEmail: required("Support e-mail").email("Support e-mail must be an e-mail address"),
  supportPhone: phone("Support phone"),
  whatsappNumber: required("WhatsApp number").regex(
    /^\d{10,15}$/,
    "WhatsApp number must be digits with the country code, e.g. 919876543210",
  ),
  location: required("Location").max(100, "Location can be at most 100 characters"),
  grievanceOfficerName: required("Grievance officer name").max(80),
  grievanceOfficerDesignation: required("Grievance officer designation").max(80),
  grievanceOfficerContact: required("Grievance officer contact").max(120),
  deliveryStartMinutes: positiveInt("Delivery start time", 1440),
  retentionDays: positiveInt("Retention period", 3650),
});

/** Database backups card: hours between whole-database backups, 0 for none. */
export const backupSettingsSchema = z.object({
  backupIntervalHours: required("Backup interval")
    .regex(/^\d+$/, "Backup interval must be a whole number of hours")
    .refine((v) => Number(v) <= 24, "Backup interval must be between 0 (off) and 24 hours"),
});

export const SETTINGS_FORMS = {
  smm: smmSettingsSchema,
  payment: paymentSettingsSchema,
  store: storeSettingsSchema,
  schedule: backupSettingsSchema,
} as const;

export type SettingsForm = keyof typeof SETTINGS_FORMS;

/** Admin Authentication card: the current password proves it is the operator. */
export const adminCredentialsFields = {
  username: required("Username").regex(
    USERNAME_PATTERN,
    "Username must be 3-64 letters, digits, dots, dashes or underscores",
  ),
  currentPassword: required("Current password").max(1000, "Current password is incorrect"),
  newPassword: z.string().max(1000, "Password can be at most 1000 characters").default(""),
};

export const newPasswordLongEnough: [
  (v: { newPassword: string }) => boolean,
  { path: PropertyKey[]; message: string },
] = [
  (v) => v.newPassword === "" || v.newPassword.length >= 10,
  { path: ["newPassword"], message: "Password must be at least 10 characters" },
];

export const adminCredentialsSchema = z.object(adminCredentialsFields).refine(...newPasswordLongEnough);
