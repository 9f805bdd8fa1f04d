import type { Route } from "./+types/plan";
import { servicesContext } from "~/context";
import { requireAdmin } from "~/domain/auth/guard.server";
import { deletePlan, planToApi, togglePlan, updatePlan } from "~/domain/plans/admin.server";
import { planUpdateSchema } from "~/domain/plans/plan-form";
import { isPlanId } from "~/domain/plans/table";
import { apiError, apiOk, readJsonBody } from "~/lib/api.server";
import { requestActor } from "~/lib/request-client.server";

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
    const plan = await togglePlan(db, actor, id);
    if (!plan) return apiError(404, "Plan not found");
    return apiOk({
      message: `Plan ${plan.is_enabled ? "enabled" : "disabled"} successfully`,
      plan: { isEnabled: plan.is_enabled === 1 },
    });
  }
  if (!toggle && request.method === "PUT") {
    const body = await readJsonBody(request, planUpdateSchema);
    if ("error" in body) return body.error;
    const plan = await updatePlan(db, actor, id, body.data);
    if (!plan) return apiError(404, "Plan not found");
    return apiOk({ message: "Plan updated successfully", plan: planToApi(plan) });
  }
  if (!toggle && request.method === "DELETE") {
    const plan = await deletePlan(db, actor, id);
    if (!plan) return apiError(404, "Plan not found");
    return apiOk({ message: "Plan deleted successfully" });
  }
  return apiError(405, "Method not allowed");
}

export function loader() {
  return apiError(405, "Method not allowed");
}
