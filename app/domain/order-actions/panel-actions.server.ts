import type { AppServices } from "~/context";
import type { DB } from "~/db/database.server";
import type { Actor } from "~/domain/audit/audit.server";
import { hasRecentPassword, passwordAgainError } from "~/domain/auth/recent-password.server";
import type { AdminSession } from "~/domain/auth/session.server";
import { setsSensitiveField } from "~/domain/panel/fields";
import { countUnfinishedOrdersAtPanel } from "~/domain/orders/orders.repository.server";
import {
  existingPanel,
  makeDefaultPanel,
  refreshServices,
  removePanel,
  savePanel,
  testConnection,
} from "~/domain/panel/panel-admin.server";
import type { PanelAction } from "~/domain/panel/panel-form";
import { findPanel, listPanels } from "~/domain/panel/panels.repository.server";
import { countPlansOnDefaultPanel, countPlansUsingPanel } from "~/domain/plans/plans.server";
import { AppError } from "~/lib/app-error";
import { plural } from "~/lib/plural";

/**
 * The Panels page's actions. The panel (app/domain/panel) keeps its records
 * and knows nothing of plans or orders (ADR 0040); whether a plan or an
 * unfinished order still relies on a panel is asked here, beside the other
 * actions that span orders, as deleting an order is.
 */

export const PANEL_IN_USE_MESSAGES = {
  usedByPlans: (name: string, n: number) =>
    `${name} cannot be deleted: ${plural(n, "plan")} ${n === 1 ? "uses" : "use"} it. Move ${n === 1 ? "it" : "them"} to another panel first.`,
  usedByOrders: (name: string, n: number) =>
    `${name} cannot be deleted: ${plural(n, "order")} ${n === 1 ? "is" : "are"} not finished there yet.`,
  isDefault: (name: string) =>
    `${name} is the default panel, which plans without a panel of their own use: make another panel the default first.`,
} as const;

/** Deletes a panel no plan and no unfinished order uses; the default one only when nothing relies on it. */
export async function deletePanel(db: DB, actor: Actor, id: number): Promise<{ message: string }> {
  return db.transaction().execute(async (trx) => {
    const panel = await existingPanel(trx, id);
    const plans = await countPlansUsingPanel(trx, id);
    if (plans > 0) throw new AppError("CONFLICT", PANEL_IN_USE_MESSAGES.usedByPlans(panel.name, plans));
    const orders = await countUnfinishedOrdersAtPanel(trx, id);
    if (orders > 0) throw new AppError("CONFLICT", PANEL_IN_USE_MESSAGES.usedByOrders(panel.name, orders));
    if (panel.is_default === 1) {
      const others = (await listPanels(trx)).length > 1;
      const relying = await countPlansOnDefaultPanel(trx);
      if (others || relying > 0) throw new AppError("CONFLICT", PANEL_IN_USE_MESSAGES.isDefault(panel.name));
    }
    return removePanel(trx, actor, panel);
  });
}

type Services = Pick<AppServices, "db" | "config" | "demoPanelUrl">;

/**
 * Whether an action decides where paid orders go, and so asks for the
 * password typed in the last 15 minutes, as Settings does for its secrets
 * (issue 47 point 1): a save that sets a URL or a key (panel/fields.ts),
 * making another panel the default, deleting one.
 */
export async function asksRecentPassword(db: DB, action: PanelAction): Promise<boolean> {
  switch (action.intent) {
    case "make-default":
    case "delete":
      return true;
    case "save":
      return setsSensitiveField(action.id ? await findPanel(db, action.id) : undefined, action);
    default:
      return false;
  }
}

/**
 * Runs one of the Panels page's actions for the operator signed in on
 * `session`; one that asks for a recent password is refused without it
 * (FORBIDDEN, reason PASSWORD_REQUIRED: the page asks for it and sends the action again).
 */
export async function runPanelAction(
  services: Services,
  session: Pick<AdminSession, "passwordAt">,
  actor: Actor,
  action: PanelAction,
) {
  const { db } = services;
  if (!hasRecentPassword(session) && (await asksRecentPassword(db, action))) throw passwordAgainError();
  switch (action.intent) {
    case "save":
      return { ok: true as const, ...(await savePanel(db, actor, action)) };
    case "make-default":
      return { ok: true as const, ...(await makeDefaultPanel(db, actor, action.id)) };
    case "delete":
      return { ok: true as const, ...(await deletePanel(db, actor, action.id)) };
    case "refresh-services":
      return refreshServices(services, action.id);
    case "test":
      return testConnection(services, actor, action);
  }
}
