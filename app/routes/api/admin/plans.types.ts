import { z } from "zod";
import { defineEndpoint, getEndpoint, okResponse } from "~/lib/api-contract";
import { newPlanSchema } from "~/domain/plans/plan-form";
import { apiPlanSchema } from "../plans.types";

/** A plan as the operator sees it: with the panel service it names (null: the one set for its type). */
export const adminPlanSchema = apiPlanSchema.extend({
  panelServiceId: z.string().nullable(),
  /** Tried when the panel refuses the plan's service; null: none. */
  fallbackServiceId: z.string().nullable(),
});

/** GET /api/admin/plans: every plan; POST adds one (the Add Plan form's fields). */
export const adminPlansResponse = okResponse({ plans: z.array(adminPlanSchema) });
export const createPlanRequest = newPlanSchema;
export const createPlanResponse = okResponse({ message: z.string(), plan: adminPlanSchema });
export type CreatePlanResponse = z.output<typeof createPlanResponse>;

export const adminPlansEndpoint = getEndpoint("/api/admin/plans", adminPlansResponse);
export const createPlanEndpoint = defineEndpoint({
  method: "POST",
  path: () => "/api/admin/plans",
  request: createPlanRequest,
  response: createPlanResponse,
});
