import { z } from "zod";
import { filledText } from "~/lib/form-schema";

const BOTH_NEEDED = "Please enter your order ID and phone number";
const NO_MATCH = "No order matches this order ID and phone number";

/** The /track form: an order id and the phone it was placed with. */
export const trackLookupSchema = z.object({
  orderId: filledText(BOTH_NEEDED, 60, NO_MATCH),
  phone: filledText(BOTH_NEEDED, 40, NO_MATCH),
});
