import type { Route } from "./+types/coupon-quote";
import { servicesContext } from "~/context";
import { takeCouponTry } from "~/domain/coupons/guess-limit";
import { quoteForPlan } from "~/domain/coupons/redeem.server";
import { parseIndianMobile } from "~/domain/orders/buyer-contact";
import { apiError, apiReply, noStore, privateReply } from "~/lib/server/api.server";
import { parseJson } from "~/lib/server/parse.server";
import { requestClient } from "~/routes/request-client.server";
import { couponQuoteRequest, couponQuoteResponse } from "./coupon-quote.types";

const USE_POST = "Use POST to check a coupon code";

export function loader() {
  return noStore(apiError(405, USE_POST));
}

/** POST /api/coupons/quote: what a code takes off a plan, or why it cannot be used (limited per address). */
export async function action({ request, context }: Route.ActionArgs) {
  if (request.method !== "POST") return noStore(apiError(405, USE_POST));
  return privateReply(async () => {
    const body = await parseJson(request, couponQuoteRequest);
    const { db } = context.get(servicesContext);
    takeCouponTry(requestClient(request).ip);
    const quote = await quoteForPlan(db, {
      planId: Number(body.planId),
      code: body.code,
      phone: body.phone ? parseIndianMobile(body.phone) : null,
    });
    return apiReply(couponQuoteResponse, {
      code: quote.code,
      beforePaise: quote.before,
      discountPaise: quote.discount,
      afterPaise: quote.after,
    });
  });
}
