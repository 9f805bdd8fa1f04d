import type { z } from "zod";
import type { AppServices } from "~/context";
import { createOrder } from "~/domain/checkout/create-order.server";
import { orderCreationLimiter } from "~/domain/orders/create-rate-limit";
import { publicOrder } from "~/domain/orders/public-order";
import { CREATE_ORDER_MAX_BYTES } from "~/domain/orders/custom-comments";
import { refusedRange } from "~/domain/panel/address.server";
import { isPlanId } from "~/domain/plans/table";
import { takeCouponTry } from "~/domain/coupons/guess-limit";
import { createOrderRequest, type createOrderResponse } from "~/routes/api/create-order.types";
import { type JsonReply, failureReply } from "./api.server";
import { isAppError } from "./app-error";
import { clientNetworks } from "./client-address";
import { type JsonBody, readJsonBody } from "./parse.server";

const TOO_MANY_ORDERS = "Too many orders from this connection. Please wait a minute and try again.";

/**
 * POST /api/create-order (app/routes/api/create-order.types.ts): the checkout's
 * "Continue to payment". A buyer's burst of these is the shop's heaviest write,
 * so the server answers it ahead of Express and React Router
 * (server/hot-routes/create-order.ts) with this reply; `ip` is the client's
 * address as the server resolved it (TRUST_PROXY aware). Throws only what is
 * not the buyer's doing (a database failure).
 */
export async function createOrderReply(
  services: Pick<AppServices, "db" | "settings" | "config">,
  ip: string,
  body: JsonBody,
): Promise<JsonReply> {
  if (!orderCreationLimiter(services.config.ORDER_RATE_LIMIT_PER_MINUTE).take(ip)) {
    return { status: 429, body: { success: false, message: TOO_MANY_ORDERS } };
  }
  // A custom-comments order carries its comments: up to MAX_COMMENTS_TEXT characters, emoji of 4 bytes each.
  const read = await readJsonBody(body, createOrderRequest, CREATE_ORDER_MAX_BYTES);
  if (isAppError(read)) return failureReply(read);
  const input = read.data;
  const planId = Number(input.planId);
  const looksLikeLink = (v: string | null | undefined) => Boolean(v && /instagram\.com/i.test(v));

  try {
    // A checkout with a code is a try of that code: guessing codes by placing orders is limited like "Apply".
    if (input.couponCode?.trim()) takeCouponTry(ip);
    const result = await createOrder(services, {
      planId: isPlanId(planId) ? planId : null,
      username: input.username ?? (looksLikeLink(input.target) ? null : input.target),
      postLink: input.postLink ?? (looksLikeLink(input.target) ? input.target : null),
      comments: input.comments,
      customerName: input.customerName,
      customerPhone: input.customerPhone,
      agreedToTerms: input.agreedToTerms,
      customerEmail: input.customerEmail,
      whatsappUpdates: input.whatsappUpdates,
      locale: input.locale,
      idempotencyKey: input.idempotencyKey,
      couponCode: input.couponCode,
      billingAddress: input.billingAddress,
      billingPin: input.billingPin,
      billingState: input.billingState,
      // A loopback or private address is a proxy in front of the shop, not a buyer: it tells no one apart.
      client: ip && refusedRange(ip) === null ? clientNetworks(ip) : null,
    });
    const answer: z.input<typeof createOrderResponse> = { success: true, order: publicOrder(result.order) };
    return { status: result.created ? 201 : 200, body: answer };
  } catch (error) {
    if (isAppError(error)) return failureReply(error);
    throw error;
  }
}
