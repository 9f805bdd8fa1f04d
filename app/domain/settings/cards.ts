import { z } from "zod";
import { gstinProblem } from "./gstin";
import { DEFAULT_BRAND_NAME } from "~/lib/brand";
import { type Look, defineSettings, flag, httpUrl, required, text, whole } from "./define";
import { UPI_ID } from "./validation";

/**
 * The cards the Settings page draws from their declarations (ADR 0019): what
 * the browser needs to show and check them. The site settings' registry
 * (registry.ts) adds the panel's names and the server's defaults; the browser
 * never loads it.
 */

/**
 * The grievance officer a fresh shop names: plainly not a person, so no buyer
 * takes it for one and the admin's banner asks for the real name.
 */
export const PLACEHOLDER_GRIEVANCE_OFFICER = "Grievance officer not yet named (placeholder)";

/** Names earlier versions seeded as the grievance officer: fictional, so still a placeholder. */
export const LEGACY_GRIEVANCE_OFFICER_DEFAULTS: readonly string[] = ["Priya Sharma"];

/** What the shop does with an order for a target that already has one running (OVERLAPPING_ORDERS). */
export const OVERLAP_CHOICES = ["queue", "refuse"] as const;

/** Where buyers pay, and what happens once they did: the Payment Settings card. */
export const paymentSettings = defineSettings(
  {
    upiId: text("VITE_UPI_ID", "UPI ID", {
      // A fresh shop's placeholder is the server's (registry.ts): the browser gets the check, not the value.
      default: "",
      type: required("UPI ID").regex(UPI_ID, "UPI ID must look like name@bank"),
      placeholder: "e.g. yourname@okaxis",
    }),
    merchantName: text("VITE_MERCHANT_NAME", "Merchant Name", {
      default: DEFAULT_BRAND_NAME,
      publicTopic: "settings", // Contact Us names the business
      type: required("Merchant Name").max(50, "Merchant Name can be at most 50 characters"),
    }),
    /** On: an order goes to the SMM panel as soon as its payment is confirmed. */
    autoSendPaidOrders: flag("AUTO_SEND_PAID_ORDERS", "Send paid orders to the panel automatically", {
      default: true,
      hint: "When a payment is confirmed, the order goes to the SMM panel at once. Off: you send each paid order yourself.",
    }),
    /**
     * A new order for an account or post (and service) that already has an order on its way at the panel
     * (issue 51, point 5; docs/panels.md): taken and queued behind it, or refused before the buyer pays.
     */
    overlappingOrders: text("OVERLAPPING_ORDERS", "A second order for an account or post that has one running", {
      default: "queue",
      type: z.enum(OVERLAP_CHOICES, { error: "Choose queue or refuse" }).optional(),
      control: "select",
      options: [
        { value: "queue", label: "Take it and queue it: it is sent once the running one finishes" },
        { value: "refuse", label: "Refuse it before payment, telling the buyer why" },
      ],
      hint: "SMM panels lose, without a refund, a second order for one profile or post while one runs. Either way the panel never gets two at once from this shop.",
    }),
  },
  {
    id: "payment",
    title: "Payment Settings",
    description: "Buyers pay this UPI ID; the name shows in their UPI app.",
    saved: "Payment settings saved successfully",
  },
);

const phone = (label: string) =>
  required(label).regex(/^\+?[0-9 ()-]{8,20}$/, `${label} must be a phone number, e.g. +91 98765 43210`);
const email = (label: string) => required(label).email(`${label} must be an e-mail address`);
const whatsapp = required("WhatsApp number").regex(
  /^\d{10,15}$/,
  "WhatsApp number must be digits with the country code, e.g. 919876543210",
);
const tooLong = (label: string, max: number) => `${label} can be at most ${max} characters`;

/** A text shown on the storefront (its pages are dropped when it is saved): its key, label, default and check, one line each. */
const shown = (key: string, label: string, fallback: string, type: z.ZodType<string>, look: Look = {}) =>
  text(key, label, { default: fallback, type, publicTopic: "settings", ...look });

/** The shop itself, as the storefront, the policies and Contact Us show it: the Store Details card. */
export const storeSettings = defineSettings(
  {
    brandName: shown(
      "BRAND_NAME",
      "Brand Name",
      DEFAULT_BRAND_NAME,
      required("Brand name").max(40, tooLong("Brand name", 40)),
    ),
    /** PUBLIC_BASE_URL in the environment wins over it (environmentOverrides). */
    publicBaseUrl: shown("PUBLIC_BASE_URL", "Public Base URL", "http://localhost:3000", httpUrl("Public base URL"), {
      placeholder: "e.g. https://yourshop.in",
    }),
    supportEmail: shown("SUPPORT_EMAIL", "Support E-mail", "support@boostkaro.in", email("Support e-mail"), {
      control: "email",
    }),
    supportPhone: shown("SUPPORT_PHONE", "Support Phone", "+91 98765 43210", phone("Support phone"), {
      control: "tel",
    }),
    whatsappNumber: shown("WHATSAPP_NUMBER", "WhatsApp Number (with country code)", "919876543210", whatsapp, {
      control: "numeric",
    }),
    location: shown(
      "LOCATION",
      "Location",
      "New Delhi, India",
      required("Location").max(100, tooLong("Location", 100)),
    ),
    grievanceOfficerName: shown(
      "GRIEVANCE_OFFICER_NAME",
      "Grievance Officer Name",
      PLACEHOLDER_GRIEVANCE_OFFICER,
      required("Grievance officer name").max(80),
    ),
    grievanceOfficerDesignation: shown(
      "GRIEVANCE_OFFICER_DESIGNATION",
      "Grievance Officer Designation",
      "Grievance Officer",
      required("Grievance officer designation").max(80),
    ),
    grievanceOfficerContact: shown(
      "GRIEVANCE_OFFICER_CONTACT",
      "Grievance Officer Contact",
      "grievance@boostkaro.in",
      required("Grievance officer contact").max(120),
    ),
    deliveryStartMinutes: whole("DELIVERY_START_MINUTES", "Delivery starts within (minutes)", {
      default: 30,
      min: 1,
      max: 1440,
      named: "Delivery start time",
      publicTopic: "settings", // every page's "delivery starts within"
    }),
    /**
     * Days before a buyer's name and phone are erased from their orders. 365 by default: the DPDP Rules 2025,
     * rule 8(3), ask a data fiduciary to keep personal data and the logs of processing it for at least one year
     * from the processing (docs/privacy.md). Lower only on legal advice.
     */
    retentionDays: whole("RETENTION_DAYS", "Keep buyer name and phone for (days)", {
      default: 365,
      min: 1,
      max: 3650,
      named: "Retention period",
      publicTopic: "settings", // the privacy policy states it
    }),
  },
  {
    id: "store",
    title: "Store Details",
    description: "Shown on the storefront, the policies and Contact Us.",
    saved: "Store details saved successfully",
  },
);

/**
 * The cancellation fee, both ways (Consumer Protection (E-Commerce) Rules 2020, rule 4(6): no
 * cancellation charge on a consumer "unless similar charges are also borne by the e-commerce
 * entity" when it cancels): kept from the refund when the buyer cancels, paid on top of it when the
 * shop does (app/domain/orders/lifecycle.ts, refundOf). The policy pages quote it.
 */
export const feeSettings = defineSettings(
  {
    cancellationFeePercent: whole("CANCELLATION_FEE_PERCENT", "Cancellation fee (% of the refund)", {
      default: 5,
      min: 0,
      max: 50,
      named: "Cancellation fee",
      publicTopic: "settings", // the refund policy and terms quote it
      hint: "Kept from the refund when a buyer cancels. While above 0, when you cancel a paid order the buyer gets the same amount on top of the refund. 0: no fee either way.",
    }),
  },
  {
    id: "fees",
    title: "Cancellation fee",
    description: "What a cancellation costs the side that asks for it. The refund policy and terms quote it.",
    saved: "Cancellation fee saved successfully",
  },
);

/** Optional text of at most `max` characters: a field left empty saves it empty. */
const optional = (label: string, max: number) => z.string().trim().max(max, tooLong(label, max)).default("");

/**
 * The shop's GST registration (issue 51, point 2; docs/receipts.md): empty, receipts are plain receipts; a
 * GSTIN (checked with its check character), every order paid from then on gets a tax invoice, numbered
 * once, with the legal name and the registered address printed on it (CGST Rules 2017, rule 46(a)).
 */
export const taxSettings = defineSettings(
  {
    gstin: text("GSTIN", "GSTIN (leave empty if not registered for GST)", {
      publicTopic: "settings", // the service pages' order form asks for a billing address while one is set
      type: z
        .string()
        .trim()
        .default("")
        .transform((v) => v.toUpperCase())
        .superRefine((v, ctx) => {
          const problem = v === "" ? null : gstinProblem(v);
          if (problem) ctx.addIssue({ code: "custom", message: problem });
        }),
      required: false,
      placeholder: "e.g. 27AAPFU0939F1ZV",
    }),
    legalName: text("GST_LEGAL_NAME", "Legal name (as on the GST registration)", {
      type: optional("Legal name", 100),
      required: false,
      hint: "Printed on tax invoices. Empty: the brand name.",
    }),
    registeredAddress: text("GST_REGISTERED_ADDRESS", "Registered address (principal place of business)", {
      type: optional("Registered address", 200),
      required: false,
      hint: "Printed on every receipt. Empty: the Location in Store Details.",
    }),
  },
  {
    id: "tax",
    title: "GST and receipts",
    description:
      "Every paid order has a receipt. With a GSTIN, orders paid from then on get a numbered tax invoice (prices include 18% GST), and the order form asks buyers for their billing address, PIN code and State, which the invoice names (GST rule 46(f)).",
    saved: "GST settings saved successfully",
  },
);

/** How often the whole database is backed up: the Database backups card. */
export const backupSchedule = defineSettings(
  {
    /** Hours between whole-database backups (SQLite); 0: none are taken. */
    backupIntervalHours: whole("BACKUP_INTERVAL_HOURS", "Back up every (hours, 0 for never)", {
      default: 1,
      min: 0,
      max: 24,
      named: "Backup interval",
      outOfRange: "Backup interval must be between 0 (off) and 24 hours",
      hint: "1 is right for most shops: at most an hour of orders could be lost with the server. Off-machine copies are set up on the server (docs/deploy.md).",
    }),
  },
  {
    id: "schedule",
    title: "Database backups",
    description:
      "A copy of the whole database on a schedule, kept 48 hours hourly and 30 days daily. Admin → Health shows the last one, where it went, and downloads it.",
    saved: "Backup settings saved successfully",
  },
);
