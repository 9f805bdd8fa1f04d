import { type PanelFields, defaultServices } from "~/domain/panel/connection.server";
import { chosenServiceId, planChoice } from "~/domain/panel/service-choice";
import type { PanelRow } from "~/domain/panel/table";
import type { PlanRow } from "./table";

/**
 * Where a plan's orders go (ADR 0026): its panel (`panel_id`; null: the shop's
 * default panel) and service there (its own, else the one that panel names for
 * the plan's type), and its fallback (`fallback_service_id` at
 * `fallback_panel_id`; null: the plan's own panel). One rule for the plans
 * table, the dialog's refusals, the promises check and the refresh alerts.
 */

export type PanelOfPlan = PanelFields & Pick<PanelRow, "id" | "name" | "is_default">;

export interface PlanTarget {
  /** The panel record; undefined when the shop has no such panel (none yet, or deleted). */
  panel: PanelOfPlan | undefined;
  /** "" when neither the plan nor its panel names a service. */
  serviceId: string;
}

export type TargetedPlan = Pick<
  PlanRow,
  "service_type" | "custom_comments" | "panel_id" | "panel_service_id" | "fallback_panel_id" | "fallback_service_id"
>;

/** The panel a plan names (null: the default), among the shop's panels. */
export function panelNamed<P extends PanelOfPlan>(panels: readonly P[], id: number | null): P | undefined {
  return id === null ? panels.find((p) => p.is_default === 1) : panels.find((p) => p.id === id);
}

export function planTargets<P extends PanelOfPlan>(
  plan: TargetedPlan,
  panels: readonly P[],
): { own: PlanTarget & { panel: P | undefined }; fallback: (PlanTarget & { panel: P | undefined }) | null } {
  const panel = panelNamed(panels, plan.panel_id);
  const own = { panel, serviceId: chosenServiceId(planChoice(plan), defaultServices(panel)) };
  const fallbackId = plan.fallback_service_id?.trim();
  if (!fallbackId) return { own, fallback: null };
  const fallbackPanel = plan.fallback_panel_id === null ? panel : panelNamed(panels, plan.fallback_panel_id);
  return { own, fallback: { panel: fallbackPanel, serviceId: fallbackId } };
}

/** Whether two targets are the same service at the same panel (a fallback must be another). */
export function sameTarget(a: PlanTarget, b: PlanTarget): boolean {
  return a.serviceId === b.serviceId && a.panel?.id === b.panel?.id;
}
