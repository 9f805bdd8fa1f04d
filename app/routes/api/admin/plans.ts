import type { Route } from "./+types/plans";
import { servicesContext } from "~/context";
import { requireAdmin } from "~/domain/auth/guard.server";
import { createPlan, planToApi } from "~/domain/plans/admin.server";
import { newPlanSchema } from "~/domain/plans/plan-form";
import { listPlans } from "~/domain/plans/plans.server";
import { apiError, apiOk, readJsonBody } from "~/lib/api.server";
import { requestActor } from "~/lib/request-client.server";

export async function loader({ context }: Route.LoaderArgs) {
  requireAdmin(context);
  const plans = await listPlans(context.get(servicesContext).db);
  return apiOk({ plans: plans.map(planToApi) });
}

export async function action({ request, context }: Route.ActionArgs) {
  const admin = requireAdmin(context);
  if (request.method !== "POST") return apiError(405, "Method not allowed");
  const body = await readJsonBody(request, newPlanSchema);
  if ("error" in body) return body.error;
  const plan = await createPlan(context.get(servicesContext).db, requestActor(request, admin.username), body.data);
  return apiOk({ message: "Plan added successfully", plan: planToApi(plan) }, { status: 201 });
}
