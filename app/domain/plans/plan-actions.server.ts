import type { DB } from "~/db/database.server";
import type { Actor } from "~/domain/audit/audit.server";
import { AppError } from "~/lib/app-error";
import { createPlan, deletePlan, togglePlan, updatePlan } from "./admin.server";
import type { PlanAction } from "./plan-form";

const NOT_FOUND = () => new AppError("NOT_FOUND", "Plan not found");

/** Runs one Plans page action (already validated by `planActionSchema`); a missing plan is NOT_FOUND. */
export async function runPlanAction(db: DB, actor: Actor, action: PlanAction): Promise<{ ok: true; message: string }> {
  switch (action.intent) {
    case "create": {
      const { intent: _, ...plan } = action;
      await createPlan(db, actor, plan);
      return { ok: true, message: "Plan added successfully" };
    }
    case "update": {
      const { intent: _, id, ...plan } = action;
      if (!(await updatePlan(db, actor, id, plan))) throw NOT_FOUND();
      return { ok: true, message: "Plan updated successfully" };
    }
    case "toggle": {
      const row = await togglePlan(db, actor, action.id);
      if (!row) throw NOT_FOUND();
      return { ok: true, message: `Plan ${row.is_enabled ? "enabled" : "disabled"} successfully` };
    }
    case "delete": {
      if (!(await deletePlan(db, actor, action.id))) throw NOT_FOUND();
      return { ok: true, message: "Plan deleted successfully" };
    }
  }
}
