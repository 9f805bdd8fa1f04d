import { z } from "zod";
import { UNKNOWN_ACTION } from "~/lib/intent";
import { parseRupeesToPaise } from "~/lib/money";
import { MAX_CUSTOM_COMMENTS } from "./table";
import { SUPPORT_MESSAGES } from "./plan-support";
import { MAX_PLAN_ID } from "./table";
import { SERVICE_TYPES } from "~/domain/panel/service-types";

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

/**
 * A whole number in a range from a form field or JSON. Empty means 0 (none);
 * left out means undefined, so a JSON update that does not name the field
 * keeps what the plan has (see `planUpdateSchema`).
 */
function wholeNumber(label: string, max: number, message: string) {
  return z
    .union([z.string(), z.number()])
    .optional()
    .transform((v, ctx) => {
      if (v === undefined) return undefined;
      const text = String(v).trim();
      if (text === "") return 0;
      if (!/^\d{1,6}$/.test(text) || Number(text) > max) {
        ctx.addIssue({ code: "custom", message });
        return z.NEVER;
      }
      return Number(text);
    })
    .describe(label);
}

export const MAX_REFILL_DAYS = 365;
export const MAX_DRIP_RUNS = 100;
export const MAX_DRIP_INTERVAL_MINUTES = 1440;

const keptRefillDays = wholeNumber(
  "refillDays",
  MAX_REFILL_DAYS,
  `Refill guarantee must be 0 to ${MAX_REFILL_DAYS} days`,
);
const keptDripRuns = wholeNumber("dripRuns", MAX_DRIP_RUNS, `Runs must be 0 (all at once) or 2 to ${MAX_DRIP_RUNS}`);
const keptDripInterval = wholeNumber(
  "dripInterval",
  MAX_DRIP_INTERVAL_MINUTES,
  `Interval must be 1 to ${MAX_DRIP_INTERVAL_MINUTES} minutes`,
);
// A new plan, and the admin dialogs (conform sends an emptied field as nothing): left out is 0, none.
const refillDays = keptRefillDays.transform((v) => v ?? 0);
const dripRuns = keptDripRuns.transform((v) => v ?? 0);
const dripInterval = keptDripInterval.transform((v) => v ?? 0);

export const DRIP_MESSAGES = {
  runs: `Runs must be 0 (all at once) or 2 to ${MAX_DRIP_RUNS}`,
  interval: `Interval must be 1 to ${MAX_DRIP_INTERVAL_MINUTES} minutes`,
  divisible: "Quantity must divide evenly into the runs (each run delivers the same amount)",
  unsupported: SUPPORT_MESSAGES.dripfeed,
} as const;

/** What is wrong with a plan's drip-feed, field by field: both runs and an interval, and equal runs. */
export function dripProblems(plan: {
  amount: number;
  dripRuns: number;
  dripInterval: number;
}): { field: "dripRuns" | "dripInterval"; message: string }[] {
  if (plan.dripRuns === 0) {
    return plan.dripInterval !== 0 ? [{ field: "dripRuns", message: DRIP_MESSAGES.runs }] : [];
  }
  const problems: { field: "dripRuns" | "dripInterval"; message: string }[] = [];
  if (plan.dripRuns < 2) problems.push({ field: "dripRuns", message: DRIP_MESSAGES.runs });
  if (plan.dripInterval < 1) problems.push({ field: "dripInterval", message: DRIP_MESSAGES.interval });
  if (plan.amount % plan.dripRuns !== 0) problems.push({ field: "dripRuns", message: DRIP_MESSAGES.divisible });
  return problems;
}

function checkDrip(plan: { amount: number; dripRuns: number; dripInterval: number }, ctx: z.RefinementCtx): void {
  for (const { field, message } of dripProblems(plan)) ctx.addIssue({ code: "custom", path: [field], message });
}

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

/**
 * A comments plan whose buyers write the comments (a checkbox's "true"/"on",
 * or a JSON boolean); left out: false for a new plan, kept on an update.
 */
const keptCustomComments = z.preprocess(
  (v: unknown) => (Array.isArray(v) ? (v.at(-1) as unknown) : v),
  z
    .union([z.boolean(), z.enum(["true", "false", "on", ""])], { error: "Custom comments must be on or off" })
    .optional()
    .transform((v) => (v === undefined ? undefined : v === true || v === "true" || v === "on")),
);
const customComments = keptCustomComments.transform((v) => v ?? false);

export const CUSTOM_COMMENTS_MESSAGES = {
  onlyComments: "Only a comments plan can take the buyer's own comments",
  tooMany: `A custom-comments plan can have at most ${MAX_CUSTOM_COMMENTS} comments (the buyer writes each one)`,
  noDrip: "A custom-comments plan is delivered at once: set drip-feed runs to 0",
} as const;

/** What is wrong with a custom-comments plan: only for comments, at most MAX_CUSTOM_COMMENTS, never drip-fed. */
export function customCommentsProblem(plan: {
  serviceType: string;
  customComments: boolean;
  amount: number;
  dripRuns: number;
}): { field: "customComments" | "amount" | "dripRuns"; message: string } | null {
  if (!plan.customComments) return null;
  if (plan.serviceType !== "comments")
    return { field: "customComments", message: CUSTOM_COMMENTS_MESSAGES.onlyComments };
  if (plan.amount > MAX_CUSTOM_COMMENTS) return { field: "amount", message: CUSTOM_COMMENTS_MESSAGES.tooMany };
  if (plan.dripRuns > 0) return { field: "dripRuns", message: CUSTOM_COMMENTS_MESSAGES.noDrip };
  return null;
}

function checkNewPlan(
  plan: { serviceType: string; customComments: boolean; amount: number; dripRuns: number; dripInterval: number },
  ctx: z.RefinementCtx,
): void {
  checkDrip(plan, ctx);
  const problem = customCommentsProblem(plan);
  if (problem) ctx.addIssue({ code: "custom", path: [problem.field], message: problem.message });
}

export const PANEL_SERVICE_ID_MESSAGE = "Panel service ID is a number from your panel's services list";
export const PANEL_ID_MESSAGE = "Choose one of your panels";

/**
 * An id a plan names, from a form field or JSON: left out is undefined (a
 * JSON update keeps the plan's own; the dialogs always send it), empty is
 * null (an emptied field arrives as nothing), else what `read` makes of the
 * text, or `message` when it makes nothing.
 */
function keptId<T>(message: string, read: (text: string) => T | null) {
  return z
    .union([z.string(), z.number(), z.null()], { error: message })
    .optional()
    .transform((v, ctx) => {
      if (v === undefined) return undefined;
      const text = v === null ? "" : String(v).trim();
      if (text === "") return null;
      const id = read(text);
      if (id !== null) return id;
      ctx.addIssue({ code: "custom", message });
      return z.NEVER;
    });
}

/** The panel service a plan's orders go to, by its id in its panel's list; empty: the one its panel names for the type. */
const keptPanelServiceId = keptId(PANEL_SERVICE_ID_MESSAGE, (text) => (/^\d{1,18}$/.test(text) ? text : null));
const panelServiceId = keptPanelServiceId.transform((v) => v ?? null);

/**
 * The panel a plan's orders go to (or its fallback's panel), by its record's
 * id (Admin → Panels). Empty: the default panel for the plan's own, the
 * plan's own panel for the fallback (ADR 0026).
 */
const keptPanelId = keptId(PANEL_ID_MESSAGE, (text) =>
  /^\d{1,9}$/.test(text) && Number(text) >= 1 ? Number(text) : null,
);
const panelId = keptPanelId.transform((v) => v ?? null);

/** Body of POST /api/admin/plans and the Add Plan form; the fallback service reads as the plan's own service does. */
const planFields = {
  name,
  amount: quantity,
  price,
  tags,
  refillDays,
  dripRuns,
  dripInterval,
  panelId,
  panelServiceId,
  fallbackPanelId: panelId,
  fallbackServiceId: panelServiceId,
};

export const newPlanSchema = z
  .object({ serviceType: z.enum(SERVICE_TYPES, { error: "Choose a service type" }), ...planFields, customComments })
  .superRefine(checkNewPlan);

/**
 * Body of PUT /api/admin/plans/{id}: editing never changes the service type.
 * The refill guarantee and drip-feed may be left out (a client from before
 * them): the plan keeps its own, and `updatePlan` checks the drip-feed as it
 * will be.
 */
export const planUpdateSchema = z.object({
  name,
  amount: quantity,
  price,
  tags,
  refillDays: keptRefillDays,
  dripRuns: keptDripRuns,
  dripInterval: keptDripInterval,
  customComments: keptCustomComments,
  panelId: keptPanelId,
  panelServiceId: keptPanelServiceId,
  fallbackPanelId: keptPanelId,
  fallbackServiceId: keptPanelServiceId,
});

export type NewPlanInput = z.output<typeof newPlanSchema>;
export type PlanUpdateInput = z.output<typeof planUpdateSchema>;

const planId = z
  .number({ error: "Plan not found" })
  .int("Plan not found")
  .min(1, "Plan not found")
  .max(MAX_PLAN_ID, "Plan not found");

/** The Add Plan dialog's form: one member of `planActionSchema`, so the browser checks what the server will. */
export const createPlanFormSchema = z
  .object({
    intent: z.literal("create"),
    serviceType: z.enum(SERVICE_TYPES, { error: "Choose a service type" }),
    ...planFields,
    customComments,
  })
  .superRefine(checkNewPlan);

/** The Edit Plan dialog's form, likewise. */
export const updatePlanFormSchema = z
  .object({ intent: z.literal("update"), id: planId, ...planFields, customComments: keptCustomComments })
  .superRefine(checkDrip);

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
