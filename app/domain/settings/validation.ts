import { z } from "zod";
import { POST_LINK_FORMS, PROFILE_LINK_FORMS } from "~/domain/panel/link-forms";
import { httpUrl as url, required } from "./define";

/** `name@handle`: what every UPI app accepts as a virtual payment address. */
export const UPI_ID = /^[a-zA-Z0-9._-]{2,256}@[a-zA-Z][a-zA-Z0-9.-]{1,63}$/;

const serviceId = (label: string) =>
  required(label).regex(/^\d{1,10}$/, `${label} must be the panel's numeric service id`);

/**
 * The SMM panel's setting names, as the settings API writes them one at a time
 * (they are a view of the default panel record, edited on Admin → Panels). An
 * empty API key keeps the saved one.
 */
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
