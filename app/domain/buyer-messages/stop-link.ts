import { z } from "zod";
import { STOP_UPDATES_MESSAGES } from "./messages";

/** The stop page's form (app/routes/public/stop-updates.tsx): the link's order id and token, sent back by its button. */
export const stopLinkFormSchema = z.object({
  order: z.string({ error: STOP_UPDATES_MESSAGES.badLink }).max(60, STOP_UPDATES_MESSAGES.badLink),
  t: z.string({ error: STOP_UPDATES_MESSAGES.badLink }).max(64, STOP_UPDATES_MESSAGES.badLink),
});
