import type { Route } from "./+types/plan";
import { servicesContext } from "~/context";
import { requireAdmin } from "~/domain/auth/guard.server";
import { deletePlan, adminPlanToApi, togglePlan, updatePlan } from "~/domain/plans/admin.server";
import { isPlanId } from "~/domain/plans/table";
import { apiError, apiHandle, apiReply } from "~/lib/server/api.server";
import { parseJson, readNoBody } from "~/lib/server/parse.server";
import { deletePlanResponse, togglePlanResponse, updatePlanRequest, updatePlanResponse } from "./plan.types";
import { requestActor } from "~/routes/request-client.server";

function planId(raw: string | undefined): number | null {
  const id = raw && /^\d{1,10}$/.test(raw) ? Number(raw) : Number.NaN;
  return isPlanId(id) ? id : null;
}

/** PUT and DELETE /api/admin/plans/{id}; PATCH /api/admin/plans/{id}/toggle. */
export async function action({ request, params, context }: Route.ActionArgs) {
  const admin = requireAdmin(context);
  const actor = requestActor(request, admin.username);
  const { db } = context.get(servicesContext);
  const id = planId(params.id);
  if (id === null) return apiError(404, "Plan not found");
  const toggle = new URL(request.url).pathname.replace(/\/+$/, "").endsWith("/toggle");

  if (toggle && request.method === "PATCH") {
    await readNoBody(request);
    const plan = await togglePlan(db, actor, id);
    if (!plan) return apiError(404, "Plan not found");
    return apiReply(togglePlanResponse, {
      message: `Plan ${plan.is_enabled ? "enabled" : "disabled"} successfully`,
      plan: { isEnabled: plan.is_enabled === 1 },
    });
  }
  if (!toggle && request.method === "PUT") {
    const input = await parseJson(request, updatePlanRequest);
    // The drip-feed as it will be (kept fields included) is checked by the domain: its refusal is a 400.
    return apiHandle(async () => {
      const plan = await updatePlan(db, actor, id, input);
      if (!plan) return apiError(404, "Plan not found");
      return apiReply(updatePlanResponse, { message: "Plan updated successfully", plan: adminPlanToApi(plan) });
    });
  }
  if (!toggle && request.method === "DELETE") {
    await readNoBody(request);
    const plan = await deletePlan(db, actor, id);
    if (!plan) return apiError(404, "Plan not found");
    return apiReply(deletePlanResponse, { message: "Plan deleted successfully" });
  }
  return apiError(405, "Method not allowed");
}

export function loader() {
  return apiError(405, "Method not allowed");
}
