import { z } from "zod";
import type { Route } from "./+types/create-order";
import { CLIENT_IP_HEADER } from "~/domain/auth/origin";
import { servicesContext } from "~/context";
import { createOrder } from "~/domain/orders/create.server";
import { orderCreationLimiter } from "~/domain/orders/create-rate-limit";
import { publicOrder } from "~/domain/orders/buyer-order";
import { isPlanId } from "~/domain/plans/table";
import { apiError, apiHandle, apiOk, noStore, readJsonBody } from "~/lib/api.server";

// Only what the buyer chooses; price, amount, status and orderId in the body are ignored.
const body = z.object({
  planId: z.union([z.number(), z.string().max(20)]).nullish(),
  username: z.string().max(200).nullish(),
  postLink: z.string().max(1000).nullish(),
  /** The spec's single target field, accepted when username/postLink are not sent. */
  target: z.string().max(1000).nullish(),
  customerName: z.string().max(200).default(""),
  customerPhone: z.string().max(40).default(""),
  idempotencyKey: z
    .string()
    .regex(/^[A-Za-z0-9_-]{8,100}$/, "expected 8-100 letters, digits, dashes or underscores")
    .nullish(),
});

export function loader() {
  return noStore(apiError(405, "Use POST to create an order"));
}

export async function action(args: Route.ActionArgs) {
  return noStore(await create(args));
}

async function create({ request, context }: Route.ActionArgs) {
  if (request.method !== "POST") return apiError(405, "Use POST to create an order");
  const services = context.get(servicesContext);
  const ip = request.headers.get(CLIENT_IP_HEADER) ?? "";
  if (!orderCreationLimiter(services.config.ORDER_RATE_LIMIT_PER_MINUTE).take(ip)) {
    return apiError(429, "Too many orders from this connection. Please wait a minute and try again.");
  }
  const parsed = await readJsonBody(request, body);
  if ("error" in parsed) return parsed.error;
  const input = parsed.data;
  const planId = Number(input.planId);
  const looksLikeLink = (v: string | null | undefined) => Boolean(v && /instagram\.com/i.test(v));

  return apiHandle(async () => {
    const result = await createOrder(services, {
      planId: isPlanId(planId) ? planId : null,
      username: input.username ?? (looksLikeLink(input.target) ? null : input.target),
      postLink: input.postLink ?? (looksLikeLink(input.target) ? input.target : null),
      customerName: input.customerName,
      customerPhone: input.customerPhone,
      idempotencyKey: input.idempotencyKey,
    });
    return apiOk({ order: publicOrder(result.order) }, { status: result.created ? 201 : 200 });
  });
}
