import type { Route } from "./+types/create-order";
import { CLIENT_IP_HEADER } from "~/domain/auth/origin";
import { servicesContext } from "~/context";
import { createOrder } from "~/domain/orders/create.server";
import { orderCreationLimiter } from "~/domain/orders/create-rate-limit";
import { publicOrder } from "~/domain/orders/buyer-order";
import { isPlanId } from "~/domain/plans/table";
import { apiError, apiHandle, apiReply, noStore } from "~/lib/api.server";
import { refusedRange } from "~/domain/panel/address.server";
import { clientAddressKey } from "~/lib/client-address";
import { parseJson } from "~/lib/parse.server";
import { CREATE_ORDER_MAX_BYTES } from "~/domain/orders/custom-comments";
import { createOrderRequest, createOrderResponse } from "./create-order.types";

export function loader() {
  return noStore(apiError(405, "Use POST to create an order"));
}

export async function action(args: Route.ActionArgs) {
  try {
    return noStore(await create(args));
  } catch (refused) {
    // A body refused by parseJson is a ready answer; it must not be kept either.
    if (refused instanceof Response) return noStore(refused);
    throw refused;
  }
}

async function create({ request, context }: Route.ActionArgs) {
  if (request.method !== "POST") return apiError(405, "Use POST to create an order");
  const services = context.get(servicesContext);
  const ip = request.headers.get(CLIENT_IP_HEADER) ?? "";
  if (!orderCreationLimiter(services.config.ORDER_RATE_LIMIT_PER_MINUTE).take(ip)) {
    return apiError(429, "Too many orders from this connection. Please wait a minute and try again.");
  }
  // A custom-comments order carries its comments: up to MAX_COMMENTS_TEXT characters, emoji of 4 bytes each.
  const input = await parseJson(request, createOrderRequest, { maxBytes: CREATE_ORDER_MAX_BYTES });
  const planId = Number(input.planId);
  const looksLikeLink = (v: string | null | undefined) => Boolean(v && /instagram\.com/i.test(v));

  return apiHandle(async () => {
    const result = await createOrder(services, {
      planId: isPlanId(planId) ? planId : null,
      username: input.username ?? (looksLikeLink(input.target) ? null : input.target),
      postLink: input.postLink ?? (looksLikeLink(input.target) ? input.target : null),
      comments: input.comments,
      customerName: input.customerName,
      customerPhone: input.customerPhone,
      agreedToTerms: input.agreedToTerms,
      idempotencyKey: input.idempotencyKey,
      // A loopback or private address is a proxy in front of the shop, not a buyer: it tells no one apart.
      clientAddress: ip && refusedRange(ip) === null ? clientAddressKey(ip) : null,
    });
    return apiReply(createOrderResponse, { order: publicOrder(result.order) }, { status: result.created ? 201 : 200 });
  });
}
