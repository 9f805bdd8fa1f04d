import { sql } from "kysely";
import type { AppServices } from "~/context";
import { type DB, transaction } from "~/db/database.server";
import { MAX_STATUS_BATCH, getStatuses } from "~/domain/panel/client.server";
import { type LoadedPanelSetup, type PanelSetup, byPanel, panelSetupCache } from "~/domain/panel/connection.server";
import { backoff } from "~/domain/panel/sync-schedule";
import { applyPanelReply } from "./delivery.server";
import { isAppError } from "~/lib/app-error";
import {
  type SyncCandidate,
  findOrder,
  ordersDueForSync,
  stuckSendingOrderIds,
  unknownPlacements,
  updatePanelFields,
} from "~/domain/orders/orders.repository.server";
import { readPanelRequest } from "~/domain/panel/panel-request";
import { lookUpUnknownPlacement } from "./placement.server";
import { transitionOrder } from "~/domain/orders/transitions.server";

/**
 * The background status sync: keeps orders at the panel fresh (start count,
 * remains, charge) and moves them along as the panel reports (delivering,
 * delivered, partly delivered, failed). Final orders are left alone.
 */

export type SyncServices = Pick<AppServices, "db" | "dialect" | "settings" | "config" | "logger" | "demoPanelUrl">;

const SYSTEM = { kind: "system", job: "status-sync" } as const;
/** After this many status calls in a row without an answer for an order, stop asking. */
const MAX_SYNC_FAILURES = 8;
// Any constant shared by all instances: one status batch at a time across PostgreSQL instances.
const PG_SYNC_LOCK = 7_351_204_914;

const busy = new WeakSet<DB>();

/**
 * Runs `work` only if no other instance is running a status batch (PostgreSQL
 * advisory lock); SQLite serves one instance, so it just runs. Returns null when skipped.
 */
async function oneAtATime<T>(db: DB, dialect: SyncServices["dialect"], work: () => Promise<T>): Promise<T | null> {
  // Within this instance (the only one on SQLite) ...
  if (busy.has(db)) return null;
  busy.add(db);
  try {
    return dialect === "postgres" ? await acrossInstances(db, work) : await work();
  } finally {
    busy.delete(db);
  }
}

/** ... and across instances on PostgreSQL. */
async function acrossInstances<T>(db: DB, work: () => Promise<T>): Promise<T | null> {
  return db.connection().execute(async (conn) => {
    const { rows } = await sql<{ locked: boolean }>`select pg_try_advisory_lock(${PG_SYNC_LOCK}) as locked`.execute(
      conn,
    );
    if (!rows[0]?.locked) return null;
    try {
      return await work();
    } finally {
      await sql`select pg_advisory_unlock(${PG_SYNC_LOCK})`.execute(conn);
    }
  });
}

export interface SyncResult {
  /** Multi-status calls made. */
  calls: number;
  updated: number;
  failed: number;
}

/**
 * Asks the panel about every order at the panel that is due, 100 per call,
 * until none is due, `maxBatches` is reached or `shouldContinue` says stop.
 */
export async function syncDueOrders(
  services: SyncServices,
  options: { now?: () => number; maxBatches?: number; shouldContinue?: () => boolean } = {},
): Promise<SyncResult> {
  const result: SyncResult = { calls: 0, updated: 0, failed: 0 };
  const setupOf = panelSetupCache(services);
  if (!(await setupOf(null)).ok) return result;
  const clock = options.now ?? Date.now;
  const maxBatches = options.maxBatches ?? 20;
  for (let batch = 0; batch < maxBatches && (options.shouldContinue?.() ?? true); batch++) {
    const outcome = await oneAtATime(services.db, services.dialect, () => syncBatch(services, setupOf, clock()));
    if (!outcome) break;
    result.calls += outcome.calls;
    result.updated += outcome.updated;
    result.failed += outcome.failed;
    if (outcome.calls === 0 || outcome.panelDown) break;
  }
  return result;
}

async function syncBatch(
  services: SyncServices,
  setupOf: (panelId: number | null) => Promise<LoadedPanelSetup>,
  now: number,
): Promise<SyncResult & { panelDown: boolean }> {
  const due = await ordersDueForSync(services.db, now, MAX_STATUS_BATCH);
  if (due.length === 0) return { calls: 0, updated: 0, failed: 0, panelDown: false };
  // Each order is asked about at the panel it was placed at (ADR 0024).
  const result = { calls: 0, updated: 0, failed: 0, panelDown: true };
  const fallback = await setupOf(null);
  for (const [panelId, orders] of byPanel(due, fallback.ok ? fallback.panel.id : null)) {
    const part = await syncPanel(services, setupOf, panelId, orders, now);
    result.calls += part.calls;
    result.updated += part.updated;
    result.failed += part.failed;
    result.panelDown &&= part.panelDown;
  }
  return result;
}

/**
 * One panel's part of a batch. Whatever goes wrong there (an answer no reader
 * expected, a row that will not save) stays that panel's: its orders are
 * asked again after a backoff, and the other panels' orders go on.
 */
async function syncPanel(
  services: SyncServices,
  setupOf: (panelId: number | null) => Promise<LoadedPanelSetup>,
  panelId: number | null,
  orders: readonly SyncCandidate[],
  now: number,
): Promise<SyncResult & { panelDown: boolean }> {
  try {
    const configured = await setupOf(panelId);
    return configured.ok
      ? await syncAtPanel(services, configured.setup, orders, now)
      : await noAnswer(services, orders, configured.message, now);
  } catch (error) {
    services.logger.error({ err: error, panelId, orders: orders.length }, "panel status sync failed for one panel");
    return noAnswer(services, orders, "the status sync failed for this panel", now);
  }
}

/** Orders whose panel did not answer (or is gone): asked again after a backoff. */
async function noAnswer(
  { db, logger }: SyncServices,
  due: readonly SyncCandidate[],
  reason: string,
  now: number,
): Promise<SyncResult & { panelDown: boolean }> {
  logger.warn({ orders: due.length, reason }, "panel status sync: no answer");
  await db.transaction().execute(async (trx) => {
    for (const order of due) {
      const failures = order.panel_sync_failures + 1;
      await updatePanelFields(trx, order.id, {
        panel_sync_failures: failures,
        panel_next_sync_at: now + backoff(failures),
      });
    }
  });
  return { calls: 1, updated: 0, failed: due.length, panelDown: true };
}

async function syncAtPanel(
  services: SyncServices,
  setup: PanelSetup,
  due: readonly SyncCandidate[],
  now: number,
): Promise<SyncResult & { panelDown: boolean }> {
  const { db } = services;
  const reply = await getStatuses(setup.connection, [...new Set(due.map((o) => o.panel_order_id!))]);
  if (!reply.ok) return noAnswer(services, due, reply.message, now);

  let updated = 0;
  let failed = 0;
  for (const order of due) {
    const entry = reply.value.get(order.panel_order_id!);
    // One transaction per order: a state change and its audit entry stand or fall together.
    await transaction(db, async (trx) => {
      if (entry?.ok) {
        await applyPanelReply(trx, order.order_id, entry.value, setup, SYSTEM, now);
        updated++;
        return;
      }
      failed++;
      const failures = order.panel_sync_failures + 1;
      const giveUp = failures >= MAX_SYNC_FAILURES;
      await updatePanelFields(trx, order.id, {
        panel_sync_failures: failures,
        panel_next_sync_at: giveUp ? null : now + backoff(failures),
        ...(giveUp
          ? { panel_error: `Status sync stopped: ${entry?.error ?? "the panel never reported on this order"}` }
          : {}),
      });
    });
  }
  return { calls: 1, updated, failed, panelDown: false };
}

/**
 * An order left in 'sending' (the process stopped while waiting for the
 * panel) may or may not have been placed: mark it for checking, never resend.
 */
export async function markStuckSends(db: DB, olderThan: number, now = Date.now()): Promise<number> {
  const stuck = await stuckSendingOrderIds(db, olderThan);
  let marked = 0;
  for (const orderId of stuck) {
    try {
      await transitionOrder(db, orderId, "placementUnknown", {
        actor: SYSTEM,
        reason: "the shop stopped while waiting for the SMM panel's answer",
        guard: (order) => (order.updated_at < olderThan ? null : "it is being sent right now"),
        set: {
          panel_error:
            "Not sure whether the SMM panel placed this order: the shop stopped while waiting for the panel's answer. " +
            "It was not sent again; check the panel's orders for this link before sending it again.",
        },
        now,
      });
      marked++;
    } catch {
      // Moved on meanwhile (its answer arrived): nothing to mark.
    }
  }
  return marked;
}

/**
 * Orders of unknown outcome whose panel reply still named an order id: the
 * panel's API is asked about that id, and an order it has moves on to `sent`
 * without anyone sending anything. One the panel does not know stays for the
 * operator (and is not asked about again). Returns how many were found.
 */
export async function checkUnknownPlacements(services: SyncServices, now = Date.now()): Promise<number> {
  const setupOf = panelSetupCache(services);
  let found = 0;
  for (const candidate of await unknownPlacements(services.db, 50)) {
    const record = readPanelRequest(candidate.panel_request);
    if (!record?.replyOrderId) continue;
    const order = await findOrder(services.db, candidate.order_id);
    if (!order || order.status !== "placement_unknown") continue;
    // Asked at the panel it was sent to.
    const configured = await setupOf(order.panel_id);
    if (!configured.ok) continue;
    try {
      const moved = await lookUpUnknownPlacement(services, configured.setup, order, { actor: SYSTEM, now });
      if (moved) {
        found++;
        continue;
      }
      // Not at the panel under that id: the operator checks the panel's list; no need to ask again.
      const { replyOrderId: _gone, ...rest } = record;
      await updatePanelFields(services.db, order.id, { panel_request: JSON.stringify(rest) });
    } catch (error) {
      // The panel could not be asked now (or the order moved meanwhile): the next run tries again.
      if (!isAppError(error)) throw error;
    }
  }
  return found;
}
