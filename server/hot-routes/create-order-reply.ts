import type { z } from "zod";
import type { AppServices } from "~/context";
import { createOrder } from "~/domain/checkout/create-order.server";
import { CREATE_ORDER_MESSAGES } from "~/domain/orders/order-messages";
import { publicOrder } from "~/domain/orders/public-order";
import { CREATE_ORDER_MAX_BYTES } from "~/domain/orders/custom-comments";
import { refusedRange } from "~/domain/panel/address.server";
import { isPlanId } from "~/domain/plans/table";
import { takeCouponTry } from "~/domain/coupons/guess-limit";
import { createOrderRequest, type createOrderResponse } from "~/routes/api/create-order.types";
import { type JsonReply, failureReply } from "~/lib/server/api.server";
import { isAppError } from "~/lib/app-error";
import { clientNetworks } from "~/lib/client-address";
import { type JsonBody, readJsonBody } from "~/lib/server/parse.server";
import { orderCreationLimiter, takeOrRefuse } from "~/lib/server/rate-limit";

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
  const limiter = orderCreationLimiter(services.config.ORDER_RATE_LIMIT_PER_MINUTE);
  const limited = takeOrRefuse(limiter, ip, CREATE_ORDER_MESSAGES.tooMany);
  if (limited) return failureReply(limited);
  const looksLikeLink = (v: string | null | undefined) => Boolean(v && /instagram\.com/i.test(v));
  try {
    // A custom-comments order carries its comments: up to MAX_COMMENTS_TEXT characters, emoji of 4 bytes each.
    const input = await readJsonBody(body, createOrderRequest, CREATE_ORDER_MAX_BYTES);
    const planId = Number(input.planId);
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
