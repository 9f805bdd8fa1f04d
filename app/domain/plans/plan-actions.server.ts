import { z } from "zod";
import type { DB } from "~/db/database.server";
import type { Actor } from "~/domain/audit/audit.server";
import { firstProblem } from "~/lib/api.server";
import { createPlan, deletePlan, togglePlan, updatePlan } from "./admin.server";
import { newPlanSchema, planUpdateSchema } from "./plan-form";
import { MAX_PLAN_ID } from "./table";

/** What the Plans page's form submits; one shape per button. */
const intentSchema = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("create"), plan: z.unknown() }),
  z.object({ intent: z.literal("update"), id: z.coerce.number().int().min(1).max(MAX_PLAN_ID), plan: z.unknown() }),
  z.object({ intent: z.literal("toggle"), id: z.coerce.number().int().min(1).max(MAX_PLAN_ID) }),
  z.object({ intent: z.literal("delete"), id: z.coerce.number().int().min(1).max(MAX_PLAN_ID) }),
]);

export type PlanActionResult = { ok: true; message: string } | { ok: false; message: string };

/** Runs one Plans page action with the spec's success and failure messages. */
export async function runPlanAction(db: DB, actor: Actor, input: unknown): Promise<PlanActionResult> {
  const parsed = intentSchema.safeParse(input);
  if (!parsed.success) return { ok: false, message: firstProblem(parsed.error) };
  const action = parsed.data;
  switch (action.intent) {
    case "create": {
      const plan = newPlanSchema.safeParse(action.plan);
      if (!plan.success) return { ok: false, message: plan.error.issues[0]!.message };
      await createPlan(db, actor, plan.data);
      return { ok: true, message: "Plan added successfully" };
    }
    case "update": {
      const plan = planUpdateSchema.safeParse(action.plan);
      if (!plan.success) return { ok: false, message: plan.error.issues[0]!.message };
      const row = await updatePlan(db, actor, action.id, plan.data);
      return row ? { ok: true, message: "Plan updated successfully" } : { ok: false, message: "Plan not found" };
    }
    case "toggle": {
      const row = await togglePlan(db, actor, action.id);
      return row
        ? { ok: true, message: `Plan ${row.is_enabled ? "enabled" : "disabled"} successfully` }
        : { ok: false, message: "Plan not found" };
    }
    case "delete": {
      const row = await deletePlan(db, actor, action.id);
      return row ? { ok: true, message: "Plan deleted successfully" } : { ok: false, message: "Plan not found" };
    }
  }
}
