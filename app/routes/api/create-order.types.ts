import { z } from "zod";
import { okResponse, postEndpoint } from "~/lib/api-contract";
import { ORDER_STATUSES } from "~/domain/orders/lifecycle";
import { SERVICE_TYPES } from "~/domain/panel/service-types";
import { MAX_COMMENTS_TEXT } from "~/domain/orders/custom-comments";

/** Only what the buyer chooses; price, amount, status and orderId in the body are ignored. */
export const createOrderRequest = z.object({
  planId: z.union([z.number(), z.string().max(20)]).nullish(),
  username: z.string().max(200).nullish(),
  postLink: z.string().max(1000).nullish(),
  /** The single target field, accepted when username/postLink are not sent. */
  target: z.string().max(1000).nullish(),
  /** A custom-comments plan's comments, one per line (checked by orders/custom-comments.ts). */
  comments: z
    .string()
    .max(MAX_COMMENTS_TEXT * 2, "Too many comments: write exactly as many as the package has")
    .nullish(),
  customerName: z.string().max(200).default(""),
  customerPhone: z.string().max(40).default(""),
  /** The buyer's agreement to the terms (18 or older): only `true` makes an order. */
  agreedToTerms: z.boolean().default(false),
  /** Optional: where the receipt and updates go by e-mail (docs/buyer-messages.md). */
  customerEmail: z.string().max(254).nullish(),
  /** The buyer ticked "Send me order updates on WhatsApp" (unticked unless they tick it). */
  whatsappUpdates: z.boolean().default(false),
  /** The storefront language the order was placed in: the buyer's messages are in it. */
  locale: z.enum(["en", "hi"]).default("en"),
  /** A coupon code as typed (any case); the server checks it and prices the order (app/domain/coupons/). */
  couponCode: z.string().max(100).nullish(),
  /** The billing address, PIN code and GST State code a GST-registered shop asks for (app/domain/receipts/billing-address.ts). */
  billingAddress: z.string().max(1000).nullish(),
  billingPin: z.string().max(20).nullish(),
  billingState: z.string().max(10).nullish(),
  idempotencyKey: z
    .string()
    .regex(/^[A-Za-z0-9_-]{8,100}$/, "expected 8-100 letters, digits, dashes or underscores")
    .nullish(),
});
export type CreateOrderRequest = z.input<typeof createOrderRequest>;

/** 201 with the new order, or 200 with the one this idempotency key already created. */
export const createOrderResponse = okResponse({
  order: z.object({
    orderId: z.string(),
    status: z.enum(ORDER_STATUSES),
    serviceType: z.enum(SERVICE_TYPES),
    planName: z.string(),
    amount: z.number(),
    price: z.number(),
    paymentDeadlineAt: z.number().nullable(),
  }),
});
export type CreateOrderResponse = z.output<typeof createOrderResponse>;

export const createOrderEndpoint = postEndpoint("/api/create-order", createOrderRequest, createOrderResponse);
