import { z } from "zod";
import { okResponse, postEndpoint } from "~/lib/api-contract";

/** The order dialog's "Apply": a plan, a code as typed, and the phone typed so far (its own uses count). */
export const couponQuoteRequest = z.object({
  planId: z.union([z.number(), z.string().max(20)]),
  code: z.string().max(100),
  phone: z.string().max(40).nullish(),
});
export type CouponQuoteRequest = z.input<typeof couponQuoteRequest>;

/** The price before and after the code, in paise. The order itself is priced again by the server. */
export const couponQuoteResponse = okResponse({
  code: z.string(),
  beforePaise: z.number(),
  discountPaise: z.number(),
  afterPaise: z.number(),
});
export type CouponQuoteResponse = z.output<typeof couponQuoteResponse>;

export const couponQuoteEndpoint = postEndpoint("/api/coupons/quote", couponQuoteRequest, couponQuoteResponse);
