import { z } from "zod";
import type { CheckView } from "~/domain/payments/check/check.server";
import { getEndpoint, okResponse, record, postEndpoint } from "~/lib/api-contract";

/**
 * /api/admin/payment-check: the Settings card's "pay ₹1 to yourself" check
 * (app/domain/payments/check). GET: the receiving accounts to pick from and
 * the latest check with its stages (polled while it waits). POST: start one
 * on an account, or cancel the waiting one.
 */
export const paymentCheckResponse = okResponse({
  accounts: z.array(z.object({ id: z.number(), upiId: z.string(), kind: z.string(), paused: z.boolean() })),
  check: record<CheckView>().nullable(),
});
export type PaymentCheckResponse = z.output<typeof paymentCheckResponse>;

export const paymentCheckRequest = z.discriminatedUnion(
  "intent",
  [
    z.object({ intent: z.literal("start"), accountId: z.number().int().positive().max(2_147_483_647) }),
    z.object({ intent: z.literal("cancel"), id: z.number().int().positive().max(2_147_483_647) }),
  ],
  { error: "Unknown action" },
);

export const paymentCheckEndpoint = getEndpoint("/api/admin/payment-check", paymentCheckResponse);
export const paymentCheckActionEndpoint = postEndpoint(
  "/api/admin/payment-check",
  paymentCheckRequest,
  paymentCheckResponse,
);
