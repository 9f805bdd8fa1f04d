import type { Route } from "./+types/plans";
import { servicesContext } from "~/context";
import { requireAdmin } from "~/domain/auth/guard.server";
import { createPlan, adminPlanToApi } from "~/domain/plans/admin.server";
import { listPlans } from "~/domain/plans/plans.server";
import { apiError, apiHandle, apiReply } from "~/lib/server/api.server";
import { parseJson } from "~/lib/server/parse.server";
import { adminPlansResponse, createPlanRequest, createPlanResponse } from "./plans.types";
import { requestActor } from "~/routes/request-client.server";

export async function loader({ context }: Route.LoaderArgs) {
  requireAdmin(context);
  const plans = await listPlans(context.get(servicesContext).db);
  return apiReply(adminPlansResponse, { plans: plans.map(adminPlanToApi) });
}

export async function action({ request, context }: Route.ActionArgs) {
  const admin = requireAdmin(context);
  if (request.method !== "POST") return apiError(405, "Method not allowed");
  const input = await parseJson(request, createPlanRequest);
  // A drip-feed the panel's service does not offer is the domain's refusal: a 400, not a 500.
  return apiHandle(async () => {
    const plan = await createPlan(context.get(servicesContext).db, requestActor(request, admin.username), input);
    return apiReply(
      createPlanResponse,
      { message: "Plan added successfully", plan: adminPlanToApi(plan) },
      { status: 201 },
    );
  });
}
