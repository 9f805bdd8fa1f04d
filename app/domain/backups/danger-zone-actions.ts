import { z } from "zod";
import { intentsOf } from "~/lib/intent";
import { deleteOptionsSchema } from "./delete-options";

/**
 * The Settings page's Danger Zone and Backups forms, one shape per intent,
 * joined into the page's one action schema (app/routes/admin/settings-intents.ts).
 */
export const dangerZoneActionSchemas = [
  z.object({ intent: z.literal("delete-selected"), deleteOptions: deleteOptionsSchema }),
  z.object({ intent: z.literal("delete-all") }),
  z.object({ intent: z.literal("restore-backup"), backup: z.string().trim().min(1, "Choose a backup").max(200) }),
] as const;

export type DangerZoneAction = z.output<(typeof dangerZoneActionSchemas)[number]>;
export type DangerZoneIntent = DangerZoneAction["intent"];

/** Deleting and restoring always ask for the password typed in the last 15 minutes. */
export const DANGER_ZONE_INTENTS: readonly DangerZoneIntent[] = dangerZoneActionSchemas.map(
  (s) => s.shape.intent.value,
);

export const isDangerZoneAction = intentsOf(dangerZoneActionSchemas);
