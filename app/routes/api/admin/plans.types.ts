import { z } from "zod";
import { getEndpoint, okResponse, postEndpoint } from "~/lib/api-contract";
import { newPlanSchema } from "~/domain/plans/plan-form";
import { apiPlanSchema } from "../plans.types";

/** A plan as the operator sees it: with the panel service it names (null: the one set for its type). */
export const adminPlanSchema = apiPlanSchema.extend({
  /** The panel its orders go to (Admin → Panels); null: the default panel. */
  panelId: z.number().nullable(),
  panelServiceId: z.string().nullable(),
  /** The fallback service's panel; null: the plan's own panel. */
  fallbackPanelId: z.number().nullable(),
  /** Tried when the plan's panel refuses its service or lacks funds; null: none. */
  fallbackServiceId: z.string().nullable(),
});

/** GET /api/admin/plans: every plan; POST adds one (the Add Plan form's fields). */
export const adminPlansResponse = okResponse({ plans: z.array(adminPlanSchema) });
export const createPlanRequest = newPlanSchema;
export const createPlanResponse = okResponse({ message: z.string(), plan: adminPlanSchema });
export type CreatePlanResponse = z.output<typeof createPlanResponse>;

export const adminPlansEndpoint = getEndpoint("/api/admin/plans", adminPlansResponse);
export const createPlanEndpoint = postEndpoint("/api/admin/plans", createPlanRequest, createPlanResponse);
