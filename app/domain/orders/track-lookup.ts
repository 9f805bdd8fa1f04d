import { z } from "zod";

const BOTH_NEEDED = "Please enter your order ID and phone number";

/** The /track form: an order id and the phone it was placed with. */
export const trackLookupSchema = z.object({
  orderId: z
    .string({ error: BOTH_NEEDED })
    .max(60, "No order matches this order ID and phone number")
    .refine((v) => v.trim() !== "", BOTH_NEEDED),
  phone: z
    .string({ error: BOTH_NEEDED })
    .max(40, "No order matches this order ID and phone number")
    .refine((v) => v.trim() !== "", BOTH_NEEDED),
});
