import { z } from "zod";
import { UNKNOWN_ACTION } from "~/lib/intent";

/** The Health page's one form: a whole-database backup's download, behind the admin password. */
export const healthActionSchema = z.discriminatedUnion(
  "intent",
  [
    z.object({
      intent: z.literal("download-backup"),
      backup: z.string().trim().min(1, "Choose a backup").max(200),
      currentPassword: z.string().min(1, "Type your admin password").max(1000, "Current password is incorrect"),
    }),
  ],
  UNKNOWN_ACTION,
);
