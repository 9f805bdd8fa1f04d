import { z } from "zod";
import { defineEndpoint, okResponse } from "~/lib/api-contract";
import { planUpdateSchema } from "~/domain/plans/plan-form";
import { adminPlanSchema } from "./plans.types";

/** PUT /api/admin/plans/{id} (the Edit Plan form's fields), DELETE it, PATCH …/toggle. */
export const updatePlanRequest = planUpdateSchema;
export const updatePlanResponse = okResponse({ message: z.string(), plan: adminPlanSchema });
export const togglePlanResponse = okResponse({ message: z.string(), plan: z.object({ isEnabled: z.boolean() }) });
export const deletePlanResponse = okResponse({ message: z.string() });

const path = ({ id }: { id: string }) => `/api/admin/plans/${encodeURIComponent(id)}`;
export const updatePlanEndpoint = defineEndpoint({
  method: "PUT",
  path,
  request: updatePlanRequest,
  response: updatePlanResponse,
});
export const togglePlanEndpoint = defineEndpoint({
  method: "PATCH",
  path: (params: { id: string }) => `${path(params)}/toggle`,
  response: togglePlanResponse,
});
export const deletePlanEndpoint = defineEndpoint({ method: "DELETE", path, response: deletePlanResponse });
