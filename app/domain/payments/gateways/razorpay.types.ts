import { z } from "zod";

/**
 * Razorpay's JSON as the shop reads it: the payment entity (in webhooks and
 * in GET /v1/orders/:id/payments), the order entity (POST /v1/orders) and the
 * webhook envelope. Only the fields the shop uses are checked; the rest pass.
 */

export const MAX_WEBHOOK_BODY_BYTES = 64 * 1024;

const id = z.string().min(1).max(100);

export const razorpayPaymentSchema = z
  .object({
    id,
    entity: z.literal("payment").optional(),
    amount: z.number().int().nonnegative(),
    currency: z.string().max(10),
    status: z.string().max(40),
    order_id: id.nullable().optional(),
    method: z.string().max(40).nullable().optional(),
    vpa: z.string().max(200).nullable().optional(),
    acquirer_data: z
      .object({
        rrn: z
          .union([z.string().max(40), z.number()])
          .nullable()
          .optional(),
      })
      .passthrough()
      .nullable()
      .optional(),
    created_at: z.number().int().nonnegative().optional(),
  })
  .passthrough();
export type RazorpayPayment = z.output<typeof razorpayPaymentSchema>;

export const razorpayOrderSchema = z
  .object({
    id,
    entity: z.literal("order").optional(),
    amount: z.number().int().positive(),
    currency: z.string().max(10),
    receipt: z.string().max(100).nullable().optional(),
    status: z.string().max(40).optional(),
  })
  .passthrough();

export const razorpayPaymentsSchema = z.object({ items: z.array(razorpayPaymentSchema).max(1_000) }).passthrough();

export const razorpayWebhookSchema = z
  .object({
    entity: z.literal("event").optional(),
    event: z.string().min(1).max(80),
    payload: z
      .object({
        payment: z.object({ entity: razorpayPaymentSchema }).passthrough().optional(),
        order: z
          .object({ entity: z.object({ id }).passthrough() })
          .passthrough()
          .optional(),
      })
      .passthrough()
      .default({}),
    created_at: z.number().int().optional(),
  })
  .passthrough();

/** What the webhook endpoint answers: 2xx for anything handled or ignored (Razorpay retries the rest). */
export interface RazorpayWebhookResponse {
  success: true;
  outcome: "confirmed" | "unmatched" | "duplicate" | "ignored";
  reason?: string;
  orderId?: string;
}
