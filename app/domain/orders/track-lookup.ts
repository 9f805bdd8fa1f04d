import { z } from "zod";
import { filledText } from "~/lib/form-schema";
import { TRACK_MESSAGES } from "./order-messages";

const { bothNeeded: BOTH_NEEDED, noMatch: NO_MATCH } = TRACK_MESSAGES;

/** The /track form: an order id and the phone it was placed with. */
export const trackLookupSchema = z.object({
  orderId: filledText(BOTH_NEEDED, 60, NO_MATCH),
  phone: filledText(BOTH_NEEDED, 40, NO_MATCH),
});

/**
 * What /track's form may ask for: look the order up, or (with the same proof) a refill, a cancel, the UPI id
 * for a refund that is due, no more updates about the order, or a complaint.
 */
export const TRACK_INTENTS = ["track", "refill", "cancel", "refund-upi", "stop-updates", "complaint", "erase"] as const;

export const trackActionSchema = trackLookupSchema.extend({
  intent: z.enum(TRACK_INTENTS, { error: TRACK_MESSAGES.unknownAction }).default("track"),
  /** The UPI id for the refund (intent "refund-upi"); checked by self-service/refund-upi.server.ts. */
  upiId: z.string().max(300).optional(),
  /** A complaint's words ("Report a problem"); its length is checked where it is opened. */
  message: z.string().max(5_000).default(""),
});
