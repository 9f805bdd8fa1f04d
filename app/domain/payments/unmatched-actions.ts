import { z } from "zod";
import { UNKNOWN_ACTION } from "~/lib/intent";
import { MAX_SERIAL_ID } from "~/db/serial-id";

/**
 * The "Unmatched payments" page's forms: this credit pays that order, it is no order's payment, or (for a
 * bank alert from a header the shop does not know) its header is that bank's.
 */
const creditId = z.coerce
  .number({ message: "That payment is no longer listed" })
  .int()
  .positive("That payment is no longer listed")
  .max(MAX_SERIAL_ID, "That payment is no longer listed");

export const unmatchedActionSchemas = [
  z.object({
    intent: z.literal("assign"),
    creditId,
    orderId: z.string().max(40, "That is not an order id").default(""),
    /** The difference between the payment and the order (paise) the operator was shown and accepted. */
    acceptDifference: z.coerce.number().int().safe().optional(),
  }),
  z.object({
    intent: z.literal("dismiss"),
    creditId,
    reason: z.string().max(400, "Keep the reason under 400 characters").default(""),
  }),
  z.object({
    intent: z.literal("add-sender"),
    creditId,
    bankId: z.string().max(40, "Choose a bank from the list").default(""),
  }),
] as const;
export const unmatchedActionSchema = z.discriminatedUnion("intent", [...unmatchedActionSchemas], UNKNOWN_ACTION);
export type UnmatchedAction = z.output<typeof unmatchedActionSchema>;
