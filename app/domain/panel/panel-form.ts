import { z } from "zod";
import { MAX_SERIAL_ID } from "~/db/serial-id";
import { POST_LINK_FORMS, PROFILE_LINK_FORMS } from "./link-forms";

/**
 * The Panels page's forms (add or edit a panel, and the per-panel buttons),
 * shared by the page and its action. Field errors say what to fix; nothing is
 * saved when one is refused.
 */

/** A saved panel's id: past the database's integer range no panel has it. */
const panelId = z.coerce
  .number({ error: "Choose a panel" })
  .int("Choose a panel")
  .positive("Choose a panel")
  .max(MAX_SERIAL_ID, "That panel is no longer listed");

const serviceId = (label: string) =>
  z
    .string()
    .trim()
    .regex(/^(\d{1,10})?$/, `${label} must be the panel's numeric service id`)
    .default("");

export const panelFormSchema = z.object({
  intent: z.literal("save"),
  /** Empty: a new panel. */
  id: panelId.optional(),
  name: z
    .string({ error: "Name is required" })
    .trim()
    .min(1, "Name is required")
    .max(60, "Name can be at most 60 characters"),
  /** Exactly as pasted (surrounding spaces aside): the shop posts to this address and nothing else. */
  apiUrl: z
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
    }, "API URL must be an http:// or https:// address"),
  /** Empty keeps the saved key (only for the saved URL). */
  apiKey: z.string().trim().max(200, "API key is too long").default(""),
  currency: z
    .string()
    .trim()
    .toUpperCase()
    .regex(/^[A-Z]{3}$/, "Currency must be a 3-letter code like INR or USD")
    .default("INR"),
  inrRate: z
    .string()
    .trim()
    .default("")
    .refine(
      (v) => v === "" || (/^\d{1,6}(\.\d{1,6})?$/.test(v) && Number(v) > 0),
      "INR rate must be a positive number like 83.25",
    ),
  linkFollowers: z.enum(PROFILE_LINK_FORMS, { error: "Choose how followers links are sent" }).default("profile_url"),
  linkLikes: z.enum(POST_LINK_FORMS, { error: "Choose how likes links are sent" }).default("as_given"),
  linkViews: z.enum(POST_LINK_FORMS, { error: "Choose how views links are sent" }).default("as_given"),
  linkComments: z.enum(POST_LINK_FORMS, { error: "Choose how comments links are sent" }).default("as_given"),
  serviceFollowers: serviceId("Followers service ID"),
  serviceLikes: serviceId("Likes service ID"),
  serviceViews: serviceId("Views service ID"),
  serviceComments: serviceId("Comments service ID"),
  serviceCustomComments: serviceId("Custom comments service ID"),
});

export type PanelForm = z.output<typeof panelFormSchema>;

const byId = <I extends string>(intent: I) => z.object({ intent: z.literal(intent), id: panelId });

export const panelActionSchema = z.discriminatedUnion("intent", [
  panelFormSchema,
  byId("make-default"),
  byId("delete"),
  byId("refresh-services"),
  /** Test connection: the typed URL and key (empty: the saved ones), never saved. */
  z.object({
    intent: z.literal("test"),
    id: panelId.optional(),
    apiUrl: z.string().max(500, "API URL is too long").default(""),
    apiKey: z.string().max(500, "API key is too long").default(""),
  }),
]);

export type PanelAction = z.output<typeof panelActionSchema>;
export type PanelActionIntent = PanelAction["intent"];
