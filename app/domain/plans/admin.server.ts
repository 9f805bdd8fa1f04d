import { sql } from "kysely";
import { type DB, transaction } from "~/db/database.server";
import { type Actor, auditBy, recordAudit } from "~/domain/audit/audit.server";
import { publicTopicChanged } from "~/domain/public-pages/changes.server";
import { paiseToRupees } from "~/lib/money";
import { AppError } from "~/lib/app-error";
import { checkPlanAtPanel } from "./plan-costs.server";
import { checkPlanSupport } from "./plan-support.server";
import { type NewPlanInput, type PlanUpdateInput, customCommentsProblem, dripProblems } from "./plan-form";
import type { PlanRow } from "./table";

/** The guarantee and drip-feed fields may be left out (an older client): none. */
type Extras =
  | "refillDays"
  | "dripRuns"
  | "dripInterval"
  | "customComments"
  | "panelId"
  | "panelServiceId"
  | "fallbackPanelId"
  | "fallbackServiceId";
type PlanInput<T> = Omit<T, Extras> & Partial<Pick<NewPlanInput, Extras>>;

function extras(input: Partial<Pick<NewPlanInput, Extras>>) {
  return {
    refill_days: input.refillDays ?? 0,
    drip_runs: input.dripRuns ?? 0,
    drip_interval_minutes: input.dripRuns ? (input.dripInterval ?? 0) : 0,
    custom_comments: input.customComments ? 1 : 0,
    panel_id: input.panelId ?? null,
    panel_service_id: input.panelServiceId ?? null,
    // No fallback service, no fallback panel.
    fallback_panel_id: input.fallbackServiceId ? (input.fallbackPanelId ?? null) : null,
    fallback_service_id: input.fallbackServiceId ?? null,
  };
}

/**
 * A plan as the JSON API shows it: `amount` is the quantity as text, `price` in
 * rupees (docs/product.md, JSON API conventions).
 */
export function planToApi(row: PlanRow) {
  return {
    _id: String(row.id),
    serviceType: row.service_type,
    name: row.name,
    amount: String(row.quantity),
    price: paiseToRupees(row.price_paise),
    tags: row.tag ? [row.tag] : [],
    isEnabled: row.is_enabled === 1,
    /** Days; 0 = no refill guarantee. */
    refillDays: row.refill_days,
    /** 0 = delivered all at once; else parts of amount / dripRuns, dripIntervalMinutes apart. */
    dripRuns: row.drip_runs,
    dripIntervalMinutes: row.drip_interval_minutes,
    /** A comments plan whose buyers write the comments (sent to the panel's Custom Comments service). */
    customComments: row.custom_comments === 1,
  };
}

/**
 * A plan as the operator's API and pages show it: with the panel services it
 * names, which buyers (and other shops) never see.
 */
export function adminPlanToApi(row: PlanRow) {
  return {
    ...planToApi(row),
    /** The panel its orders go to (Admin → Panels); null: the default panel. */
    panelId: row.panel_id,
    /** The panel service its orders go to; null: the one its panel names for its type. */
    panelServiceId: row.panel_service_id,
    /** The fallback service's panel; null: the plan's own panel. */
    fallbackPanelId: row.fallback_panel_id,
    /** Tried when the first panel refuses the service or lacks funds (ADR 0026); null: none. */
    fallbackServiceId: row.fallback_service_id,
  };
}

export type ApiPlan = ReturnType<typeof adminPlanToApi>;

function summary(row: PlanRow) {
  return {
    serviceType: row.service_type,
    name: row.name,
    quantity: row.quantity,
    pricePaise: row.price_paise,
    tag: row.tag,
    refillDays: row.refill_days,
    dripRuns: row.drip_runs,
    dripIntervalMinutes: row.drip_interval_minutes,
    customComments: row.custom_comments === 1,
    panelId: row.panel_id,
    panelServiceId: row.panel_service_id,
    fallbackPanelId: row.fallback_panel_id,
    fallbackServiceId: row.fallback_service_id,
  };
}

/**
 * The one way this file writes plans: a transaction that declares the `plans`
 * page-cache topic changed (ADR 0021) when `work` changed a plan (returned one).
 * The service pages, the home page and the blog's prices are rendered again
 * after the commit; the policy pages are not.
 */
function writePlans<T extends PlanRow | null>(db: DB, work: (trx: DB) => Promise<T>): Promise<T> {
  return transaction(db, async (trx) => {
    const changed = await work(trx);
    if (changed) await publicTopicChanged(trx, "plans");
    return changed;
  });
}

/** Each change below is recorded in the audit log in the same transaction. */
export async function createPlan(
  db: DB,
  actor: Actor,
  input: PlanInput<NewPlanInput>,
  now = Date.now(),
): Promise<PlanRow> {
  const custom = customCommentsProblem({
    serviceType: input.serviceType,
    customComments: input.customComments ?? false,
    amount: input.amount,
    dripRuns: input.dripRuns ?? 0,
  });
  if (custom) throw new AppError("INVALID_INPUT", custom.message, { field: custom.field });
  const planned = { service_type: input.serviceType, ...extras(input) };
  // A new plan is enabled at once: its service must exist, and it must cover its cost.
  await checkPlanAtPanel(
    db,
    { ...planned, quantity: input.amount, price_paise: input.price, is_enabled: 1 },
    { ownServiceChanged: true, fallbackChanged: true },
  );
  await checkPlanSupport(db, planned);
  return writePlans(db, async (trx) => {
    const row = await trx
      .insertInto("plans")
      .values({
        service_type: input.serviceType,
        name: input.name,
        quantity: input.amount,
        price_paise: input.price,
        tag: input.tags[0] ?? null,
        ...extras(input),
        is_enabled: 1,
        created_at: now,
        updated_at: now,
      })
      .returningAll()
      .executeTakeFirstOrThrow();
    await recordAudit(
      trx,
      { ...auditBy(actor), action: "plan.create", targetType: "plan", targetId: row.id, details: summary(row) },
      now,
    );
    return row;
  });
}

/**
 * Updates name, quantity, price, tag, refill guarantee and drip-feed; the
 * service type never changes. A guarantee or drip-feed field left out keeps
 * the plan's own (runs set to 0 without an interval: the interval goes too).
 */
export async function updatePlan(
  db: DB,
  actor: Actor,
  id: number,
  input: PlanInput<PlanUpdateInput>,
  now = Date.now(),
): Promise<PlanRow | null> {
  const existing = await db.selectFrom("plans").selectAll().where("id", "=", id).executeTakeFirst();
  if (!existing) return null;
  const dripRuns = input.dripRuns ?? existing.drip_runs;
  const merged = {
    refillDays: input.refillDays ?? existing.refill_days,
    dripRuns,
    dripInterval: input.dripInterval ?? (dripRuns === 0 ? 0 : existing.drip_interval_minutes),
    customComments: input.customComments ?? existing.custom_comments === 1,
    panelId: input.panelId === undefined ? existing.panel_id : input.panelId,
    panelServiceId: input.panelServiceId === undefined ? existing.panel_service_id : input.panelServiceId,
    fallbackPanelId: input.fallbackPanelId === undefined ? existing.fallback_panel_id : input.fallbackPanelId,
    fallbackServiceId: input.fallbackServiceId === undefined ? existing.fallback_service_id : input.fallbackServiceId,
  };
  const problem =
    dripProblems({ amount: input.amount, ...merged })[0] ??
    customCommentsProblem({ serviceType: existing.service_type, amount: input.amount, ...merged });
  if (problem) throw new AppError("INVALID_INPUT", problem.message, { field: problem.field });
  const planned = { service_type: existing.service_type, ...extras(merged) };
  const { panel_id, panel_service_id, fallback_panel_id, fallback_service_id } = planned;
  const serviceChanged = panel_service_id !== existing.panel_service_id || panel_id !== existing.panel_id;
  const fallbackChanged =
    fallback_service_id !== existing.fallback_service_id || fallback_panel_id !== existing.fallback_panel_id;
  await checkPlanAtPanel(
    db,
    { ...planned, quantity: input.amount, price_paise: input.price, is_enabled: existing.is_enabled },
    { ownServiceChanged: serviceChanged, fallbackChanged },
  );
  // Checked only when it changes: a plan may keep a promise the panel's list no longer supports (it was alerted).
  await checkPlanSupport(db, planned, {
    refill: serviceChanged || fallbackChanged || merged.refillDays !== existing.refill_days,
    dripfeed: serviceChanged || fallbackChanged || merged.dripRuns !== existing.drip_runs,
  });
  return writePlans(db, async (trx) => {
    const before = await trx.selectFrom("plans").selectAll().where("id", "=", id).executeTakeFirst();
    if (!before) return null;
    const after = await trx
      .updateTable("plans")
      .set({
        name: input.name,
        quantity: input.amount,
        price_paise: input.price,
        tag: input.tags[0] ?? null,
        ...extras(merged),
        updated_at: now,
      })
      .where("id", "=", id)
      .returningAll()
      .executeTakeFirstOrThrow();
    await recordAudit(
      trx,
      {
        ...auditBy(actor),
        action: "plan.update",
        targetType: "plan",
        targetId: id,
        details: { before: summary(before), after: summary(after) },
      },
      now,
    );
    return after;
  });
}

/** Enabling a plan priced below its cost, or for a quantity its service does not take, is refused. */
export async function togglePlan(db: DB, actor: Actor, id: number, now = Date.now()): Promise<PlanRow | null> {
  const existing = await db.selectFrom("plans").selectAll().where("id", "=", id).executeTakeFirst();
  if (!existing) return null;
  if (existing.is_enabled === 0) {
    await checkPlanAtPanel(
      db,
      { ...existing, is_enabled: 1 },
      { ownServiceChanged: false, fallbackChanged: false, enabling: true },
    );
  }
  return writePlans(db, async (trx) => {
    const row = await trx
      .updateTable("plans")
      .set({ is_enabled: sql<number>`1 - is_enabled`, updated_at: now })
      .where("id", "=", id)
      .returningAll()
      .executeTakeFirst();
    if (!row) return null;
    await recordAudit(
      trx,
      {
        ...auditBy(actor),
        action: row.is_enabled ? "plan.enable" : "plan.disable",
        targetType: "plan",
        targetId: id,
        details: { name: row.name },
      },
      now,
    );
    return row;
  });
}

/** Deletes a plan; orders keep their own copy of name, quantity and price. */
export async function deletePlan(db: DB, actor: Actor, id: number, now = Date.now()): Promise<PlanRow | null> {
  return writePlans(db, async (trx) => {
    const row = await trx.deleteFrom("plans").where("id", "=", id).returningAll().executeTakeFirst();
    if (!row) return null;
    await recordAudit(
      trx,
      { ...auditBy(actor), action: "plan.delete", targetType: "plan", targetId: id, details: summary(row) },
      now,
    );
    return row;
  });
}
