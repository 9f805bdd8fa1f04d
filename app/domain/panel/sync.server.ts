import { sql } from "kysely";
import type { AppServices } from "~/context";
import type { DB } from "~/db/database.server";
import type { OrderRow, OrderUpdate } from "~/domain/orders/table";
import { MAX_STATUS_BATCH, getStatuses } from "./client.server";
import { type PanelSetup, panelSetup } from "./connection.server";
import { profitPaise } from "./money";
import { type PanelOrderStatus, isFinalPanelStatus } from "./parse";

/**
 * Keeps placed orders' panel status, start count, remains and charge fresh.
 * Each order carries its own next-due time (with jitter, so a burst of orders
 * placed together does not stay together); final orders are left alone.
 */

export type SyncServices = Pick<AppServices, "db" | "dialect" | "settings" | "config" | "logger" | "demoPanelUrl">;

const SECOND = 1000;
const MINUTE = 60 * SECOND;
/** After this many status calls in a row without an answer for an order, stop asking. */
const MAX_SYNC_FAILURES = 8;
// Any constant shared by all instances: one status batch at a time across PostgreSQL instances.
const PG_SYNC_LOCK = 7_351_204_914;

/** Spread by ±20% so orders drift apart. */
export function withJitter(ms: number, random = Math.random): number {
  return Math.round(ms * (0.8 + 0.4 * random()));
}

/** A new order is first asked about after about two sync intervals (PANEL_SYNC_INTERVAL_MS). */
export function firstSyncDelay(syncIntervalMs: number, random = Math.random): number {
  return withJitter(2 * syncIntervalMs, random);
}

/** Pending orders change slowly; running ones are worth a closer look (2 and 1 minutes by default). */
function nextSyncDelay(status: string | null, syncIntervalMs: number, random = Math.random): number {
  return withJitter((status === "pending" ? 8 : 4) * syncIntervalMs, random);
}

function backoff(failures: number, random = Math.random): number {
  return withJitter(Math.min(30 * MINUTE, MINUTE * 2 ** Math.max(0, failures - 1)), random);
}

/** The columns a status reply updates; profit is (re)computed once the panel is done with the order. */
export function statusUpdate(
  order: Pick<OrderRow, "price_paise" | "panel_status" | "profit_paise">,
  status: PanelOrderStatus,
  { currency, syncIntervalMs }: Pick<PanelSetup, "currency" | "syncIntervalMs">,
  now: number,
): OrderUpdate {
  const panelStatus = status.status ?? order.panel_status;
  const final = isFinalPanelStatus(panelStatus);
  const update: OrderUpdate = {
    panel_status: panelStatus,
    panel_charge: status.charge,
    panel_currency: status.currency ?? (currency.panelCurrency.trim().toUpperCase() || null),
    panel_start_count: status.startCount,
    panel_remains: status.remains,
    panel_synced_at: now,
    panel_sync_failures: 0,
    panel_next_sync_at: final ? null : now + nextSyncDelay(panelStatus, syncIntervalMs),
    updated_at: now,
  };
  if (final) {
    const profit = profitPaise(order.price_paise, status.charge, update.panel_currency, currency);
    if (profit !== null) update.profit_paise = profit;
  }
  return update;
}

/**
 * Runs `work` only if no other instance is running a status batch (PostgreSQL
 * advisory lock); SQLite serves one instance, so it just runs. Returns null when skipped.
 */
const busy = new WeakSet<DB>();

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
 * Asks the panel about every placed order that is due, 100 per call, until
 * none is due, `maxBatches` is reached or `shouldContinue` says stop.
 */
export async function syncDueOrders(
  services: SyncServices,
  options: { now?: () => number; maxBatches?: number; shouldContinue?: () => boolean } = {},
): Promise<SyncResult> {
  const result: SyncResult = { calls: 0, updated: 0, failed: 0 };
  const configured = panelSetup(await services.settings.get(), services);
  if (!configured.ok) return result;
  const clock = options.now ?? Date.now;
  const maxBatches = options.maxBatches ?? 20;
  for (let batch = 0; batch < maxBatches && (options.shouldContinue?.() ?? true); batch++) {
    const outcome = await oneAtATime(services.db, services.dialect, () =>
      syncBatch(services, configured.setup, clock()),
    );
    if (!outcome) break;
    result.calls += outcome.calls;
    result.updated += outcome.updated;
    result.failed += outcome.failed;
    if (outcome.calls === 0 || outcome.panelDown) break;
  }
  return result;
}

async function syncBatch(
  { db, logger }: SyncServices,
  setup: PanelSetup,
  now: number,
): Promise<SyncResult & { panelDown: boolean }> {
  const due = await db
    .selectFrom("orders")
    .select(["id", "panel_order_id", "price_paise", "panel_status", "profit_paise", "panel_sync_failures"])
    .where("panel_state", "=", "placed")
    .where("panel_order_id", "is not", null)
    .where("panel_next_sync_at", "<=", now)
    .orderBy("panel_next_sync_at")
    .limit(MAX_STATUS_BATCH)
    .execute();
  if (due.length === 0) return { calls: 0, updated: 0, failed: 0, panelDown: false };

  const ids = [...new Set(due.map((o) => o.panel_order_id!))];
  const reply = await getStatuses(setup.connection, ids);
  if (!reply.ok) {
    logger.warn({ orders: due.length, reason: reply.message }, "panel status sync: no answer");
    await db.transaction().execute(async (trx) => {
      for (const order of due) {
        const failures = order.panel_sync_failures + 1;
        await trx
          .updateTable("orders")
          .set({ panel_sync_failures: failures, panel_next_sync_at: now + backoff(failures) })
          .where("id", "=", order.id)
          .execute();
      }
    });
    return { calls: 1, updated: 0, failed: due.length, panelDown: true };
  }

  let updated = 0;
  let failed = 0;
  await db.transaction().execute(async (trx) => {
    for (const order of due) {
      const entry = reply.value.get(order.panel_order_id!);
      if (entry?.ok) {
        await trx
          .updateTable("orders")
          .set(statusUpdate(order, entry.value, setup, now))
          .where("id", "=", order.id)
          .execute();
        updated++;
        continue;
      }
      failed++;
      const failures = order.panel_sync_failures + 1;
      const giveUp = failures >= MAX_SYNC_FAILURES;
      await trx
        .updateTable("orders")
        .set({
          panel_sync_failures: failures,
          panel_next_sync_at: giveUp ? null : now + backoff(failures),
          ...(giveUp
            ? { panel_error: `Status sync stopped: ${entry?.error ?? "the panel never reported on this order"}` }
            : {}),
        })
        .where("id", "=", order.id)
        .execute();
    }
  });
  return { calls: 1, updated, failed, panelDown: false };
}

/**
 * An order left in 'sending' (the process stopped while waiting for the
 * panel) may or may not have been placed: mark it for checking, never resend.
 */
export async function markStuckSends(db: DB, olderThan: number, now = Date.now()): Promise<number> {
  const result = await db
    .updateTable("orders")
    .set({
      status: "failed",
      panel_state: "unknown",
      panel_error:
        "Not sure whether the SMM panel placed this order: the shop stopped while waiting for the panel's answer. " +
        "It was not sent again; check the panel's orders for this link before using Retry Order.",
      updated_at: now,
    })
    .where("panel_state", "=", "sending")
    .where("updated_at", "<", olderThan)
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}
