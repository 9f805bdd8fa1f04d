import { z } from "zod";
import { MAX_SERIAL_ID } from "~/db/serial-id";
import { panelFieldRules } from "./fields";

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

export const panelFormSchema = z.object({
  intent: z.literal("save"),
  /** Empty: a new panel. */
  id: panelId.optional(),
  name: z
    .string({ error: "Name is required" })
    .trim()
    .min(1, "Name is required")
    .max(60, "Name can be at most 60 characters"),
  // Every field of the record, each with its one rule (fields.ts).
  ...panelFieldRules(),
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
