import type { Route } from "./+types/plans";
import { servicesContext } from "~/context";
import { planToApi } from "~/domain/plans/admin.server";
import { listPlans } from "~/domain/plans/plans.server";
import { SERVICE_TYPES, type ServiceType } from "~/domain/panel/service-types";
import { apiError, apiReply } from "~/lib/server/api.server";
import { plansResponse } from "./plans.types";

/** Public read of the plans a buyer can order (enabled, quantity ≥ 100), cheapest first. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const serviceType = new URL(request.url).searchParams.get("serviceType");
  if (serviceType !== null && !SERVICE_TYPES.includes(serviceType as ServiceType)) {
    return apiError(400, `serviceType: expected one of ${SERVICE_TYPES.join(", ")}`);
  }
  const plans = await listPlans(context.get(servicesContext).db, {
    serviceType: (serviceType as ServiceType | null) ?? undefined,
    enabledOnly: true,
  });
  return apiReply(
    plansResponse,
    { plans: plans.map(planToApi) },
    { headers: { "Cache-Control": "public, max-age=30" } },
  );
}
