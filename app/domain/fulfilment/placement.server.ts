import type { AppServices } from "~/context";
import type { RequestClient } from "~/domain/audit/audit.server";
import { type AddOrder, type PanelFailure, addOrder, addOrderParams, getStatus } from "~/domain/panel/client.server";
import { type PanelSetup, panelSetupFor } from "~/domain/panel/connection.server";
import { panelNameOf } from "~/domain/panel/panels.repository.server";
import { fallsBack, isWaitReason } from "~/domain/panel/failures";
import { chosenServiceId, orderChoice } from "~/domain/panel/service-choice";
import type { LinkForms } from "~/domain/panel/link-forms";
import { firstSyncDelay, placementRetryDelay } from "~/domain/panel/sync-schedule";
import { AppError } from "~/lib/app-error";
import type { Actor } from "~/domain/orders/lifecycle";
import { type OrderFields, findOrder } from "~/domain/orders/orders.repository.server";
import { storedComments } from "~/domain/orders/custom-comments";
import { panelLink } from "./panel-link";
import { panelRequestRecord, readPanelRequest } from "~/domain/panel/panel-request";
import type { OrderRow } from "~/domain/orders/table";
import { type TransitionRequest, transitionOrder } from "~/domain/orders/transitions.server";

/**
 * Handing orders to the SMM panel, exactly once. The `send` transition
 * (paid → sending) is the claim: of a double click, two operators, the
 * automatic sender and two app instances, only one moves the order, and only
 * that one calls the panel's `add`. What the call ends in decides the rest
 * (failures.ts): placed → sent; the panel could not take it yet → waiting_panel,
 * sent again by the background job; refused → failed, for the operator;
 * no usable answer → placement_unknown, never sent again without a person
 * having checked the panel (and the shop having asked the panel's API where it can).
 */

export type PanelServices = Pick<AppServices, "db" | "settings" | "config" | "logger" | "demoPanelUrl">;

export const PLACEMENT_MESSAGES = {
  sent: "Order sent to the SMM panel",
  cancelled: "Order cancelled",
  cancelledPaid: "Order stopped; the refund is due to the buyer",
  cancelledAtPanel: "The SMM panel cancelled the order; the refund is due to the buyer",
  profitUpdated: "Profit updated successfully",
  sentBefore: "This order was sent to the SMM panel before: check the panel's orders, then use Retry to send it again",
  checkFirst:
    "The SMM panel may already have this order. Look for it in the panel's order list first, then confirm it is not there to send it again.",
  foundAtPanel: "The SMM panel has this order after all: it was not sent again",
} as const;

/** The connection to this panel (an order's `panel_id`; null: the shop's default panel), or NOT_CONFIGURED. */
export async function loadPanelSetup(services: PanelServices, panelId: number | null = null): Promise<PanelSetup> {
  const configured = await panelSetupFor(services, panelId);
  if (!configured.ok) throw new AppError("NOT_CONFIGURED", configured.message);
  return configured.setup;
}

function serviceIdFor(setup: PanelSetup, order: OrderRow): string {
  const id = chosenServiceId(orderChoice(order), setup);
  if (id) return id;
  if (order.comments !== null) {
    throw new AppError("NOT_CONFIGURED", "Set the SMM panel's Custom Comments service id in Settings first");
  }
  throw new AppError("NOT_CONFIGURED", `Set the SMM panel service id for ${order.service_type} in Settings first`);
}

/** All at once, or (drip-feed) `runs` parts of quantity / runs, `interval` minutes apart: the panel takes each run's quantity. */
export function placementQuantity(order: Pick<OrderRow, "quantity" | "drip_runs" | "drip_interval_minutes">): {
  quantity: number;
  runs?: number;
  interval?: number;
} {
  const runs = order.drip_runs;
  if (runs >= 2 && order.drip_interval_minutes >= 1 && order.quantity % runs === 0) {
    return { quantity: order.quantity / runs, runs, interval: order.drip_interval_minutes };
  }
  return { quantity: order.quantity };
}

/**
 * What the panel is asked for: the service, the link in the form this panel
 * takes, how many (or how, drip-fed); a custom-comments order sends the
 * buyer's comments instead of a quantity (the panel counts the lines).
 */
export function placementOrder(order: OrderRow, serviceId: string, linkForms?: LinkForms): AddOrder {
  const comments = storedComments(order.comments);
  const base = { service: serviceId, link: panelLink(order, linkForms) };
  if (comments) return { ...base, quantity: comments.length, comments };
  return { ...base, ...placementQuantity(order) };
}

export function unknownOutcomeMessage(reason: string, target: string): string {
  return (
    `Not sure whether the SMM panel placed this order: ${reason}. It was not sent again; ` +
    `check the panel's orders for ${target || "this link"} before sending it again.`
  );
}

export interface SendOptions {
  actor: Extract<Actor, { kind: "operator" } | { kind: "system" }>;
  /** The operator confirmed, in a dialog that said so, sending an order with no confirmed payment. */
  unpaid?: boolean;
  /**
   * Send again an order that was sent before (waiting, refused, outcome unknown, refund due). Without it
   * only a paid order never sent goes, so a second click or a stale page never resends one.
   */
  retry?: boolean;
  /**
   * For an order whose outcome is unknown: the operator looked in the panel's order list and it is not
   * there. Without it such an order is never sent again.
   */
  checkedAtPanel?: boolean;
  client?: RequestClient;
  /** The clock (tests drive it). */
  now?: () => number;
}

type Outcome = Pick<TransitionRequest, "actor" | "client" | "now">;

/** The columns of an order the panel has just taken (or turned out to have). */
function placedFields(panelOrderId: string, setup: PanelSetup, now: number) {
  return {
    panel_order_id: panelOrderId,
    panel_status: "pending",
    panel_error: null,
    panel_charge: null,
    panel_start_count: null,
    panel_remains: null,
    panel_placed_at: now,
    panel_next_sync_at: now + firstSyncDelay(setup.syncIntervalMs),
    panel_sync_failures: 0,
  };
}

/**
 * Where the panel's API can tell: an unknown outcome whose reply named an order
 * id is looked up before anything is sent again. The order as it now is when
 * the panel has it; null when the panel says it has no such order (or no id was
 * named). Throws when the panel cannot be asked, so nothing is sent blind.
 */
export async function lookUpUnknownPlacement(
  services: PanelServices,
  setup: PanelSetup,
  order: OrderRow,
  outcome: Outcome,
): Promise<OrderRow | null> {
  const record = readPanelRequest(order.panel_request);
  const id = record?.replyOrderId;
  if (!id) return null;
  const status = await getStatus(setup.connection, id);
  if (status.ok) {
    const now = outcome.now ?? Date.now();
    services.logger.info({ orderId: order.order_id, panelOrderId: id }, "order of unknown outcome found at the panel");
    return transitionOrder(services.db, order.order_id, "foundAtPanel", {
      ...outcome,
      reason: "the SMM panel's API has the order its unusable reply named",
      details: { panelOrderId: id },
      set: placedFields(id, setup, now),
    });
  }
  if (status.kind !== "refused") {
    throw new AppError(
      "UPSTREAM_FAILED",
      `Could not ask the SMM panel whether it has order ${id} (${status.message}); nothing was sent. Try again in a moment.`,
    );
  }
  return null;
}

/**
 * Sends an order to the panel: a paid one, one that waits, one that failed or
 * whose outcome the operator checked, or (with `unpaid`) one nobody confirmed
 * payment for. Resolves with the order as it ends up (sent, waiting_panel,
 * failed, placement_unknown); the panel not taking it is not an exception, the
 * order's state says it. Throws for what stops it before the panel is called.
 */
export async function sendToPanel(services: PanelServices, orderId: string, options: SendOptions): Promise<OrderRow> {
  const { db, logger } = services;
  const clock = options.now ?? Date.now;
  const order = await findOrder(db, orderId);
  if (!order) throw new AppError("NOT_FOUND", "Order not found");
  const setup = await loadPanelSetup(services, order.panel_id);
  const serviceId = serviceIdFor(setup, order);
  const outcome = (): Outcome => ({ actor: options.actor, client: options.client, now: clock() });

  if (order.status === "placement_unknown") {
    // Never again by a click alone. Where the panel's API can find it, the shop looks first.
    const found = await lookUpUnknownPlacement(services, setup, order, outcome());
    if (found) return found;
    if (!options.checkedAtPanel) throw new AppError("INVALID_TRANSITION", PLACEMENT_MESSAGES.checkFirst);
  }

  let request = placementOrder(order, serviceId, setup.linkForms);
  const params = addOrderParams(request);
  let record = panelRequestRecord(clock(), setup.connection.url, params);
  const { at: _at, url: _url, ...sent } = record;
  const claimed = await transitionOrder(db, orderId, options.unpaid ? "sendUnpaid" : "send", {
    actor: options.actor,
    reason: options.unpaid
      ? "sent without a confirmed payment, as the operator chose"
      : order.status === "placement_unknown"
        ? "sent to the SMM panel again: the operator checked the panel's order list and it was not there"
        : options.retry
          ? options.actor.kind === "system"
            ? "sent to the SMM panel again automatically"
            : "sent to the SMM panel again by the operator"
          : "sending to the SMM panel",
    guard: (current) => {
      if (current.status === "placement_unknown" && !options.checkedAtPanel) return PLACEMENT_MESSAGES.checkFirst;
      return options.unpaid || options.retry || current.status === "paid" ? null : PLACEMENT_MESSAGES.sentBefore;
    },
    details: { sent },
    set: { panel_request: JSON.stringify(record), panel_id: setup.panelId },
    client: options.client,
    now: record.at,
  });
  const attempt = claimed.panel_attempts;

  const first = await addOrder(setup.connection, request);
  let result = first;
  // The panel that has (or may have) the order: the first, or the plan's fallback panel when it was tried.
  let at = setup;
  let fallback: Fallback | null = null;
  if (!first.ok && fallsBack(first)) {
    const target = await fallbackTarget(services, order, setup, serviceId, first);
    if (target) {
      request = placementOrder(order, target.serviceId, target.setup.linkForms);
      record = panelRequestRecord(clock(), target.setup.connection.url, addOrderParams(request));
      result = await addOrder(target.setup.connection, request);
      const { at: _sentAt, url: _sentTo, ...sentThere } = record;
      fallback = {
        // A definite refusal of this service at the first panel: the order belongs to the fallback now. Out of
        // funds there: while the fallback only asks to wait, the order waits at its own panel (topped up, it goes
        // there first again).
        moves: result.ok || result.kind !== "unavailable" || first.kind === "refused",
        set: {
          panel_id: target.setup.panelId,
          panel_service_id: target.serviceId,
          panel_request: JSON.stringify(record),
        },
        details: {
          fallback: {
            from: { panelId: setup.panelId, panelName: target.fromName, serviceId, refusal: first.message },
            to: {
              panelId: target.setup.panelId,
              panelName: target.panelName,
              serviceId: target.serviceId,
              sent: sentThere,
            },
            ...(result.ok ? {} : { answer: result.message }),
          },
        },
        reason:
          first.kind === "unavailable"
            ? "the plan's panel had no funds for it; its fallback took the order"
            : "the plan's panel refused its service; its fallback took the order",
      };
      if (result.ok) at = target.setup;
      else if (fallback.moves) at = target.setup;
    }
  }
  if (result.ok) return placed(services, at, claimed, result.value, outcome(), attempt, fallback);

  logger.warn({ orderId, kind: result.kind, reason: result.message, attempt }, "panel add failed");
  switch (result.kind) {
    case "unavailable":
      // Still at its own panel (out of funds there, the fallback busy too): it waits for the first panel's reason.
      return fallback && !fallback.moves
        ? waitForPanel(services, orderId, first as PanelFailure, outcome(), attempt, { ...fallback, set: {} })
        : waitForPanel(services, orderId, result, outcome(), attempt, fallback);
    case "refused":
      return transitionOrder(db, orderId, "placementFailed", {
        ...outcome(),
        reason: "the SMM panel refused the order",
        details: { panelError: result.message, attempt, ...fallback?.details },
        set: { ...fallback?.set, panel_error: result.message },
      });
    case "unknown": {
      // The reply was unusable but named an order id: where the API can find it, ask before calling it unknown.
      if (result.orderId) {
        const status = await getStatus(at.connection, result.orderId);
        if (status.ok) return placed(services, at, claimed, result.orderId, outcome(), attempt, fallback);
      }
      const message = unknownOutcomeMessage(result.message, request.link);
      const withReply = result.orderId ? { ...record, replyOrderId: result.orderId } : record;
      return transitionOrder(db, orderId, "placementUnknown", {
        ...outcome(),
        reason: "no usable answer from the SMM panel",
        details: { panelError: message, attempt, ...fallback?.details },
        set: { ...fallback?.set, panel_error: message, panel_request: JSON.stringify(withReply) },
      });
    }
  }
}

/** An order sent to its plan's fallback service: the columns and history that say so. */
interface Fallback {
  /** Whether the order now belongs to the fallback panel and service (`set` applies). */
  moves: boolean;
  set: OrderFields;
  details: Record<string, unknown>;
  /** For the history, when the fallback took it. */
  reason: string;
}

/**
 * The plan's fallback for this order (ADR 0026): its service at its panel (the
 * order's own when it names none), unless that is where the order just went or
 * the panel cannot be used (deleted, no URL or key), which the log says.
 */
async function fallbackTarget(
  services: PanelServices,
  order: OrderRow,
  setup: PanelSetup,
  serviceId: string,
  failure: PanelFailure,
): Promise<{ setup: PanelSetup; serviceId: string; panelName: string | null; fromName: string | null } | null> {
  const fallbackId = order.fallback_service_id?.trim();
  if (!fallbackId) return null;
  const panelId = order.fallback_panel_id ?? setup.panelId;
  if (panelId === setup.panelId && fallbackId === serviceId) return null;
  const fromName = await panelNameOf(services.db, setup.panelId);
  let target = setup;
  let panelName = fromName;
  if (panelId !== setup.panelId) {
    const loaded = await panelSetupFor(services, panelId);
    if (!loaded.ok) {
      services.logger.warn({ orderId: order.order_id, panelId, reason: loaded.message }, "fallback panel not usable");
      return null;
    }
    target = loaded.setup;
    panelName = loaded.panel.name;
  }
  services.logger.warn(
    { orderId: order.order_id, serviceId, fallbackId, panelId, reason: failure.message },
    "panel refused the order for its service or funds; trying the plan's fallback",
  );
  return { setup: target, serviceId: fallbackId, panelName, fromName };
}

async function placed(
  { db, logger }: PanelServices,
  setup: PanelSetup,
  claimed: OrderRow,
  panelOrderId: string,
  outcome: Outcome,
  attempt: number,
  fallback: Fallback | null,
): Promise<OrderRow> {
  const now = outcome.now ?? Date.now();
  try {
    const sent = await transitionOrder(db, claimed.order_id, "placed", {
      ...outcome,
      reason: fallback ? fallback.reason : "the SMM panel accepted the order",
      details: { panelOrderId, attempt, ...fallback?.details },
      set: { ...fallback?.set, ...placedFields(panelOrderId, setup, now) },
    });
    logger.info({ orderId: claimed.order_id, panelOrderId }, "order placed in SMM panel");
    return sent;
  } catch (error) {
    // The panel has the order; losing its id here would invite a second one.
    logger.error({ err: error, orderId: claimed.order_id, panelOrderId }, "panel order placed but not saved");
    throw error;
  }
}

/** Nothing was placed and it may work later: the order waits, and the job sends it again after a backoff. */
function waitForPanel(
  services: PanelServices,
  orderId: string,
  result: PanelFailure,
  outcome: Outcome,
  attempt: number,
  fallback: Fallback | null,
): Promise<OrderRow> {
  const now = outcome.now ?? Date.now();
  const reason = isWaitReason(result.reason) ? result.reason : "down";
  const retryAt = now + placementRetryDelay(attempt, services.config.PANEL_RETRY_BASE_MS, result.retryAfterMs);
  return transitionOrder(services.db, orderId, "placementDeferred", {
    ...outcome,
    reason: "the SMM panel could not take the order yet; it is sent again automatically",
    details: { panelError: result.message, waitReason: reason, attempt, retryAt, ...fallback?.details },
    set: { ...fallback?.set, panel_error: result.message, panel_wait_reason: reason, panel_retry_at: retryAt },
  });
}

/**
 * The operator's Cancel of an order the panel does not have: an unpaid order
 * is simply closed; a paid one not yet sent becomes refund due. (One the panel
 * has goes through the buyer's claimed cancel in self-service.)
 */
export async function cancelOrder(
  services: PanelServices,
  orderId: string,
  operator: string,
  client?: RequestClient,
  /** A paid order: stopped at the buyer's request (the refund keeps the fee) or by the shop (in full). */
  cancelledBy: "buyer" | "shop" = "shop",
): Promise<{ order: OrderRow; message: string }> {
  const { db } = services;
  const order = await findOrder(db, orderId);
  if (!order) throw new AppError("NOT_FOUND", "Order not found");
  const actor = { kind: "operator", name: operator } as const;

  if (order.paid_at !== null && ["paid", "placement_unknown", "waiting_panel", "failed"].includes(order.status)) {
    const stopped = await transitionOrder(db, orderId, "refundDue", {
      actor,
      reason:
        cancelledBy === "buyer"
          ? "stopped by the operator before delivery, at the buyer's request"
          : "stopped by the operator before delivery",
      cancelledBy,
      client,
    });
    return { order: stopped, message: PLACEMENT_MESSAGES.cancelledPaid };
  }
  const cancelled = await transitionOrder(db, orderId, "cancel", {
    actor,
    reason: "cancelled by the operator",
    client,
  });
  return { order: cancelled, message: PLACEMENT_MESSAGES.cancelled };
}
