import { z } from "zod";
import { POST_LINK_FORMS, PROFILE_LINK_FORMS } from "./link-forms";
import type { PanelRow } from "./table";

/**
 * A panel record's fields, declared once (issue 49 point 2): the column each
 * is kept in, its label, its default, the one rule that reads what the
 * operator types, and the name the settings API of the shop we are modelled
 * on gave it. The Panels dialog's schema (panel-form.ts, checked in the
 * browser and on the server), the page's view of a panel
 * (panel-admin.server.ts), and the settings API's legacy view of the default
 * panel (app/domain/settings/registry.ts, panel-settings.server.ts) are all
 * made from this list. Pure, so the browser checks with the same rules.
 */

/** "{label} must be the panel's numeric service id"; empty: the plan names its own (ADR 0023). */
const serviceId = (label: string) =>
  z
    .string()
    .trim()
    .regex(/^(\d{1,10})?$/, `${label} must be the panel's numeric service id`);

const apiUrl = z
  .string({ error: "API URL is required" })
  .trim()
  .min(1, "API URL is required")
  .max(500, "API URL is too long")
  .refine((v) => {
    try {
      const u = new URL(v);
      return u.protocol === "http:" || u.protocol === "https:";
    } catch {
      return false;
    }
  }, "API URL must be an http:// or https:// address");

interface PanelField {
  /** The panel record's column. */
  column: keyof PanelRow;
  /** The operator's word for it, in the dialog and in its refusals. */
  label: string;
  /** A new panel's value. */
  default: string;
  /** What is accepted, as typed (trimmed); the message names the field. */
  rule: z.ZodType<string>;
  /** Never sent back whole; an empty field keeps the saved one. */
  secret?: true;
  /**
   * Whoever sets it decides where every paid order goes (a URL and a key): a
   * save that sets it asks for the password typed in the last 15 minutes
   * (issue 47 point 1).
   */
  sensitive?: true;
}

// Keeps each declaration's literal types (its column) and its rule's own type.
const field = <const F extends PanelField>(f: F) => f;

export const PANEL_FIELDS = {
  /** Exactly as pasted (surrounding spaces aside): the shop posts to this address and nothing else. */
  apiUrl: field({
    column: "api_url",
    label: "API URL",
    default: "",
    rule: apiUrl,
    sensitive: true,
  }),
  /** Empty keeps the saved key (only for the saved URL). */
  apiKey: field({
    column: "api_key",
    label: "API key",
    default: "",
    rule: z.string().trim().max(200, "API key is too long"),
    secret: true,
    sensitive: true,
  }),
  /** The currency the panel bills in, used when a reply does not name one. */
  currency: field({
    column: "currency",
    label: "Currency",
    default: "INR",
    rule: z
      .string()
      .trim()
      .toUpperCase()
      .regex(/^[A-Z]{3}$/, "Currency must be a 3-letter code like INR or USD"),
  }),
  /** Rupees per one unit of the currency; ignored for INR. Empty: no profit is computed for a non-INR panel. */
  inrRate: field({
    column: "inr_rate",
    label: "INR per unit (non-INR panels)",
    default: "",
    rule: z
      .string()
      .trim()
      .refine(
        (v) => v === "" || (/^\d{1,6}(\.\d{1,6})?$/.test(v) && Number(v) > 0),
        "INR rate must be a positive number like 83.25",
      ),
  }),
  /** How links go to the panel, per service type (link-forms.ts): what a link-checking panel accepts. */
  linkFollowers: field({
    column: "link_followers",
    label: "Followers link",
    default: "profile_url",
    rule: z.enum(PROFILE_LINK_FORMS, { error: "Choose how followers links are sent" }),
  }),
  linkLikes: field({
    column: "link_likes",
    label: "Likes link",
    default: "as_given",
    rule: z.enum(POST_LINK_FORMS, { error: "Choose how likes links are sent" }),
  }),
  linkViews: field({
    column: "link_views",
    label: "Views link",
    default: "as_given",
    rule: z.enum(POST_LINK_FORMS, { error: "Choose how views links are sent" }),
  }),
  linkComments: field({
    column: "link_comments",
    label: "Comments link",
    default: "as_given",
    rule: z.enum(POST_LINK_FORMS, { error: "Choose how comments links are sent" }),
  }),
  /** The service a plan of each type uses when it names none (empty: such a plan names its own). */
  serviceFollowers: field({
    column: "service_followers",
    label: "Followers service ID",
    default: "",
    rule: serviceId("Followers service ID"),
  }),
  serviceLikes: field({
    column: "service_likes",
    label: "Likes service ID",
    default: "",
    rule: serviceId("Likes service ID"),
  }),
  serviceViews: field({
    column: "service_views",
    label: "Views service ID",
    default: "",
    rule: serviceId("Views service ID"),
  }),
  serviceComments: field({
    column: "service_comments",
    label: "Comments service ID",
    default: "",
    rule: serviceId("Comments service ID"),
  }),
  /** Custom-comments plans' orders go there with the buyer's texts. */
  serviceCustomComments: field({
    column: "service_custom_comments",
    label: "Custom comments service ID",
    default: "",
    rule: serviceId("Custom comments service ID"),
  }),
} as const;

export type PanelFieldName = keyof typeof PANEL_FIELDS;
export const PANEL_FIELD_NAMES = Object.keys(PANEL_FIELDS) as PanelFieldName[];

/** The fields' values as the dialog reads them (`field: value`). */
export type PanelFieldValues = { [F in PanelFieldName]: z.output<(typeof PANEL_FIELDS)[F]["rule"]> };

/** Each field's rule, with its default when the dialog leaves it out: the dialog's shape (panel-form.ts). */
export function panelFieldRules(): { [F in PanelFieldName]: z.ZodDefault<(typeof PANEL_FIELDS)[F]["rule"]> } {
  return Object.fromEntries(
    PANEL_FIELD_NAMES.map((name) => {
      const { rule, default: fallback }: { rule: z.ZodType<string>; default: string } = PANEL_FIELDS[name];
      return [name, rule.default(fallback)];
    }),
  ) as never;
}

/** A field's column in the panel record. */
type ColumnOf<F extends PanelFieldName> = (typeof PANEL_FIELDS)[F]["column"];
export type PanelColumns = { [F in PanelFieldName as ColumnOf<F>]: string };

/** The record's columns from the fields' values. */
export function panelColumns(values: Partial<Record<PanelFieldName, string>>): Partial<PanelColumns> {
  return Object.fromEntries(
    PANEL_FIELD_NAMES.filter((name) => values[name] !== undefined).map((name) => [
      PANEL_FIELDS[name].column,
      values[name],
    ]),
  );
}

/**
 * Whether a save with these values sets a field marked `sensitive` (a URL or
 * a key), so it asks for the password typed in the last 15 minutes (issue 47
 * point 1): a secret typed at all, another field changed from the saved
 * panel's (any value, for a new panel).
 */
export function setsSensitiveField(
  current: Partial<PanelRow> | undefined,
  values: Partial<Record<PanelFieldName, string>>,
): boolean {
  return PANEL_FIELD_NAMES.some((name) => {
    const spec: { sensitive?: true; secret?: true; column: keyof PanelRow } = PANEL_FIELDS[name];
    const value = values[name]?.trim();
    if (!spec.sensitive || value === undefined) return false;
    if (spec.secret) return value !== "";
    return value !== String(current?.[spec.column] ?? "").trim();
  });
}
