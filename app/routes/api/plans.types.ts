import { z } from "zod";
import { getEndpoint, okResponse } from "~/lib/api-contract";
import { SERVICE_TYPES } from "~/domain/panel/service-types";

/** A plan as the API shows it (app/domain/plans/admin.server.ts `planToApi`). */
export const apiPlanSchema = z.object({
  _id: z.string(),
  serviceType: z.enum(SERVICE_TYPES),
  name: z.string(),
  /** The quantity, as text. */
  amount: z.string(),
  /** In rupees. */
  price: z.number(),
  tags: z.array(z.string()),
  isEnabled: z.boolean(),
  /** Days after delivery in which a refill may be requested; 0 = none. */
  refillDays: z.number(),
  /** 0 = delivered at once; else delivered in this many equal parts, dripIntervalMinutes apart. */
  dripRuns: z.number(),
  dripIntervalMinutes: z.number(),
  /** A comments plan whose buyers write the comments (`comments` on create-order, one per line). */
  customComments: z.boolean(),
});

/** GET /api/plans?serviceType=: the plans a buyer can order, cheapest first. */
export const plansResponse = okResponse({ plans: z.array(apiPlanSchema) });
export type PlansResponse = z.output<typeof plansResponse>;

export const plansEndpoint = getEndpoint("/api/plans", plansResponse);
