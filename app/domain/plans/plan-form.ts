import { z } from "zod";
import { UNKNOWN_ACTION } from "~/lib/intent";
import { parseRupeesToPaise } from "~/lib/money";
import { MAX_PLAN_ID, SERVICE_TYPES } from "./table";

/** Tags the admin form offers; any other short tag is allowed too. */
export const SUGGESTED_TAGS = ["popular", "best", "recommended", "hot", "new"] as const;

export const MIN_QUANTITY_MESSAGE = "Quantity must be at least 100";

const quantity = z.union([z.string(), z.number()], { error: "Quantity is required" }).transform((v, ctx) => {
  const text = String(v).replace(/,/g, "").trim();
  if (!/^\d{1,9}$/.test(text)) {
    ctx.addIssue({ code: "custom", message: "Quantity must be a whole number" });
    return z.NEVER;
  }
  const n = Number(text);
  if (n < 100) {
    ctx.addIssue({ code: "custom", message: MIN_QUANTITY_MESSAGE });
    return z.NEVER;
  }
  return n;
});

const price = z.union([z.string(), z.number()], { error: "Price is required" }).transform((v, ctx) => {
  const paise = parseRupeesToPaise(v);
  if (paise === null || paise <= 0) {
    ctx.addIssue({ code: "custom", message: "Price must be a positive amount in rupees (up to 2 decimals)" });
    return z.NEVER;
  }
  if (paise > 10_000_000) {
    ctx.addIssue({ code: "custom", message: "Price must be at most ₹1,00,000" });
    return z.NEVER;
  }
  return paise;
});

const tags = z
  .array(z.string().max(30, "A tag can be at most 30 characters"), { error: "Tags must be a list" })
  .default([])
  .transform((list) => list.map((t) => t.trim().toLowerCase()).filter(Boolean))
  .refine((list) => list.length <= 1, "Only one tag per plan");

const name = z
  .string({ error: "Name is required" })
  .trim()
  .min(1, "Name is required")
  .max(80, "Name can be at most 80 characters");

/** Body of POST /api/admin/plans and the Add Plan form. */
export const newPlanSchema = z.object({
  serviceType: z.enum(SERVICE_TYPES, { error: "Choose a service type" }),
  name,
  amount: quantity,
  price,
  tags,
});

/** Body of PUT /api/admin/plans/{id}: editing never changes the service type. */
export const planUpdateSchema = z.object({ name, amount: quantity, price, tags });

export type NewPlanInput = z.output<typeof newPlanSchema>;
export type PlanUpdateInput = z.output<typeof planUpdateSchema>;

const planId = z
  .number({ error: "Plan not found" })
  .int("Plan not found")
  .min(1, "Plan not found")
  .max(MAX_PLAN_ID, "Plan not found");

/** The Add Plan dialog's form: one member of `planActionSchema`, so the browser checks what the server will. */
export const createPlanFormSchema = newPlanSchema.extend({ intent: z.literal("create") });

/** The Edit Plan dialog's form, likewise. */
export const updatePlanFormSchema = planUpdateSchema.extend({ intent: z.literal("update"), id: planId });

/**
 * What the Plans page submits, one shape per button, as form fields (the
 * plan's fields flat beside `intent` and `id`; `tags` repeated). The page
 * validates with it in the browser and the action on the server, both
 * through conform's `parseWithZod`.
 */
export const planActionSchema = z.discriminatedUnion(
  "intent",
  [
    createPlanFormSchema,
    updatePlanFormSchema,
    z.object({ intent: z.literal("toggle"), id: planId }),
    z.object({ intent: z.literal("delete"), id: planId }),
  ],
  UNKNOWN_ACTION,
);
export type PlanAction = z.output<typeof planActionSchema>;
export type PlanActionIntent = PlanAction["intent"];
