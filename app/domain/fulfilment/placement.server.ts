import type { AppServices } from "~/context";
import type { RequestClient } from "~/domain/audit/audit.server";
import { type AddOrder, type PanelFailure, addOrder, addOrderParams, getStatus } from "~/domain/panel/client.server";
import { type PanelSetup, panelSetupFor } from "~/domain/panel/connection.server";
import { panelNameOf } from "~/domain/panel/panels.repository.server";
import { isWaitReason } from "~/domain/panel/failures";
import { chosenServiceId, orderChoice } from "~/domain/panel/service-choice";
import type { LinkForms } from "~/domain/panel/link-forms";
import { firstSyncDelay, placementRetryDelay } from "~/domain/panel/sync-schedule";
import { AppError, isAppError } from "~/lib/app-error";
import type { Actor } from "~/domain/orders/lifecycle";
import { type OrderFields, findOrder } from "~/domain/orders/orders.repository.server";
import { storedComments } from "~/domain/orders/custom-comments";
import { type AddAnswer, decidingAnswer, fallbackFor } from "./fallback";
import { panelLink } from "./panel-link";
import { orderAhead, queueBehind } from "./target-queue.server";
import { type PanelRequestRecord, panelRequestRecord, readPanelRequest } from "~/domain/panel/panel-request";
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
    throw new AppError(
      "NOT_CONFIGURED",
      "Set the panel's Custom comments service ID in Admin → Panels, or a service on the plan, first",
    );
  }
  throw new AppError(
    "NOT_CONFIGURED",
    `Set the panel's ${order.service_type} service ID in Admin → Panels, or a service on the plan, first`,
  );
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

/** One `add` call: where it went (the panel and its service), what was sent, what the panel answered. */
interface Attempt {
  setup: PanelSetup;
  serviceId: string;
  request: AddOrder;
  record: PanelRequestRecord;
  answer: AddAnswer;
}

/** The request for this order at this panel and service, and the record of it kept on the order. */
function prepare(setup: PanelSetup, serviceId: string, order: OrderRow, at: number): Omit<Attempt, "answer"> {
  const request = placementOrder(order, serviceId, setup.linkForms);
  return { setup, serviceId, request, record: panelRequestRecord(at, setup.connection.url, addOrderParams(request)) };
}

/** What was sent, for the order's history: the record without its time and the panel's URL. */
function sentOf({ at: _at, url: _url, ...sent }: PanelRequestRecord) {
  return sent;
}

/**
 * Sends an order to the panel: a paid one, one that waits, one that failed or
 * whose outcome the operator checked, or (with `unpaid`) one nobody confirmed
 * payment for. As Solidus processes a payment: claim the order, call the
 * panel (and, when the plan has one and the answer allows, its fallback),
 * then one small function per outcome. Resolves with the order as it ends up
 * (sent, waiting_panel, failed, placement_unknown); the panel not taking it is
 * not an exception, the order's state says it. Throws for what stops it
 * before the panel is called.
 */
export async function sendToPanel(services: PanelServices, orderId: string, options: SendOptions): Promise<OrderRow> {
  const clock = options.now ?? Date.now;
  const order = await findOrder(services.db, orderId);
  if (!order) throw new AppError("NOT_FOUND", "Order not found");
  const outcome = (): Outcome => ({ actor: options.actor, client: options.client, now: clock() });
  // One order per target at the panel: behind the one there (or one queued before it), it waits its turn.
  // One sent unpaid is the operator's exception, and the database refuses it while the target is held.
  const ahead = options.unpaid ? null : await orderAhead(services.db, order);
  if (ahead) return queueBehind(services.db, order, ahead, outcome());
  const setup = await loadPanelSetup(services, order.panel_id);
  const prepared = prepare(setup, serviceIdFor(setup, order), order, clock());

  if (order.status === "placement_unknown") {
    // Never again by a click alone. Where the panel's API can find it, the shop looks first.
    const found = await lookUpUnknownPlacement(services, setup, order, outcome());
    if (found) return found;
    if (!options.checkedAtPanel) throw new AppError("INVALID_TRANSITION", PLACEMENT_MESSAGES.checkFirst);
  }

  let claimed: OrderRow;
  try {
    claimed = await claim(services, order, prepared, options);
  } catch (error) {
    // Another sender took the target between the look and the claim (two instances, two rounds): wait behind it.
    const lost = !options.unpaid && isAppError(error) && error.details.reason === "TARGET_BUSY";
    const current = lost ? await findOrder(services.db, orderId) : undefined;
    if (!current) throw error;
    const behind = (await orderAhead(services.db, current)) ?? { orderId: "another order" };
    return queueBehind(services.db, current, behind, outcome());
  }
  const first: Attempt = { ...prepared, answer: await addOrder(setup.connection, prepared.request) };
  const fallback = await tryFallback(services, order, first, clock);
  return settle(services, claimed, first, fallback, outcome());
}

/** Why the order is sent, in words for its history. */
function sendReason(order: OrderRow, options: SendOptions): string {
  if (options.unpaid) return "sent without a confirmed payment, as the operator chose";
  if (order.status === "placement_unknown") {
    return "sent to the SMM panel again: the operator checked the panel's order list and it was not there";
  }
  if (!options.retry) return "sending to the SMM panel";
  return options.actor.kind === "system"
    ? "sent to the SMM panel again automatically"
    : "sent to the SMM panel again by the operator";
}

/**
 * The claim: the `send` transition (paid → sending, or again from waiting,
 * failed, checked), which only one of any number of concurrent senders wins.
 * It keeps what is about to be sent on the order.
 */
function claim(
  { db }: PanelServices,
  order: OrderRow,
  prepared: Omit<Attempt, "answer">,
  options: SendOptions,
): Promise<OrderRow> {
  return transitionOrder(db, order.order_id, options.unpaid ? "sendUnpaid" : "send", {
    actor: options.actor,
    reason: sendReason(order, options),
    guard: (current) => {
      if (current.status === "placement_unknown" && !options.checkedAtPanel) return PLACEMENT_MESSAGES.checkFirst;
      const fresh = current.status === "paid" || current.status === "queued";
      return options.unpaid || options.retry || fresh ? null : PLACEMENT_MESSAGES.sentBefore;
    },
    details: { sent: sentOf(prepared.record) },
    set: { panel_request: JSON.stringify(prepared.record), panel_id: prepared.setup.panelId },
    client: options.client,
    now: prepared.record.at,
  });
}

/** A fallback that was tried: its attempt, and the two panels' names for the order's history. */
interface FallbackAttempt extends Attempt {
  panelName: string | null;
  fromName: string | null;
}

/**
 * The plan's fallback (fallback.ts), called when the first answer allows one:
 * its panel loaded (one that is deleted or has no URL or key is not used, and
 * the log says so), then asked. Null when none was tried.
 */
async function tryFallback(
  services: PanelServices,
  order: OrderRow,
  first: Attempt,
  clock: () => number,
): Promise<FallbackAttempt | null> {
  const target = fallbackFor(order, { panelId: first.setup.panelId, serviceId: first.serviceId }, first.answer);
  if (!target || first.answer.ok) return null;
  const fromName = await panelNameOf(services.db, first.setup.panelId);
  let setup = first.setup;
  let panelName = fromName;
  if (target.panelId !== first.setup.panelId) {
    const loaded = await panelSetupFor(services, target.panelId);
    if (!loaded.ok) {
      services.logger.warn(
        { orderId: order.order_id, panelId: target.panelId, reason: loaded.message },
        "fallback panel not usable",
      );
      return null;
    }
    setup = loaded.setup;
    panelName = loaded.panel.name;
  }
  services.logger.warn(
    {
      orderId: order.order_id,
      serviceId: first.serviceId,
      fallbackId: target.serviceId,
      panelId: target.panelId,
      reason: first.answer.message,
    },
    "panel refused the order for its service or funds; trying the plan's fallback",
  );
  const prepared = prepare(setup, target.serviceId, order, clock());
  const answer = await addOrder(setup.connection, prepared.request);
  return { ...prepared, answer, panelName, fromName };
}

/** An order sent to its plan's fallback service: the columns that move it there (when it moves) and its history. */
interface FallbackRecord {
  set: OrderFields;
  details: Record<string, unknown>;
  /** For the history, when the fallback took it. */
  reason: string;
}

function fallbackRecord(first: Attempt & { answer: PanelFailure }, fallback: FallbackAttempt, moves: boolean) {
  return {
    set: moves
      ? {
          panel_id: fallback.setup.panelId,
          panel_service_id: fallback.serviceId,
          panel_request: JSON.stringify(fallback.record),
        }
      : {},
    details: {
      fallback: {
        from: {
          panelId: first.setup.panelId,
          panelName: fallback.fromName,
          serviceId: first.serviceId,
          refusal: first.answer.message,
        },
        to: {
          panelId: fallback.setup.panelId,
          panelName: fallback.panelName,
          serviceId: fallback.serviceId,
          sent: sentOf(fallback.record),
        },
        ...(fallback.answer.ok ? {} : { answer: fallback.answer.message }),
      },
    },
    reason:
      first.answer.kind === "unavailable"
        ? "the plan's panel had no funds for it; its fallback took the order"
        : "the plan's panel refused its service; its fallback took the order",
  } satisfies FallbackRecord;
}

/**
 * What the answers mean for the claimed order: the deciding one (fallback.ts)
 * says where the order is and which outcome it takes, each its own function.
 */
function settle(
  services: PanelServices,
  claimed: OrderRow,
  first: Attempt,
  fallback: FallbackAttempt | null,
  outcome: Outcome,
): Promise<OrderRow> {
  let at = first;
  let tried: FallbackRecord | null = null;
  if (fallback && !first.answer.ok) {
    const moves = decidingAnswer(first.answer, fallback.answer) === "fallback";
    if (moves) at = fallback;
    tried = fallbackRecord({ ...first, answer: first.answer }, fallback, moves);
  }
  const { answer } = at;
  if (answer.ok) return placed(services, at.setup, claimed, answer.value, outcome, tried);
  const attempt = claimed.panel_attempts;
  services.logger.warn(
    { orderId: claimed.order_id, kind: answer.kind, reason: answer.message, attempt },
    "panel add failed",
  );
  switch (answer.kind) {
    case "unavailable":
      return waitForPanel(services, claimed, answer, outcome, tried);
    case "refused":
      return refused(services, claimed, answer, outcome, tried);
    case "unknown":
      return unknownOutcome(services, claimed, at, answer, outcome, tried);
  }
}

/** The panel has the order: its id and the first status check's time are kept. */
async function placed(
  { db, logger }: PanelServices,
  setup: PanelSetup,
  claimed: OrderRow,
  panelOrderId: string,
  outcome: Outcome,
  fallback: FallbackRecord | null,
): Promise<OrderRow> {
  const now = outcome.now ?? Date.now();
  try {
    const sent = await transitionOrder(db, claimed.order_id, "placed", {
      ...outcome,
      reason: fallback ? fallback.reason : "the SMM panel accepted the order",
      details: { panelOrderId, attempt: claimed.panel_attempts, ...fallback?.details },
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
  claimed: OrderRow,
  failure: PanelFailure,
  outcome: Outcome,
  fallback: FallbackRecord | null,
): Promise<OrderRow> {
  const now = outcome.now ?? Date.now();
  const attempt = claimed.panel_attempts;
  const reason = isWaitReason(failure.reason) ? failure.reason : "down";
  const retryAt = now + placementRetryDelay(attempt, services.config.PANEL_RETRY_BASE_MS, failure.retryAfterMs);
  return transitionOrder(services.db, claimed.order_id, "placementDeferred", {
    ...outcome,
    reason: "the SMM panel could not take the order yet; it is sent again automatically",
    details: { panelError: failure.message, waitReason: reason, attempt, retryAt, ...fallback?.details },
    set: { ...fallback?.set, panel_error: failure.message, panel_wait_reason: reason, panel_retry_at: retryAt },
  });
}

/** The panel said no to this order: it fails, for the operator to decide. */
function refused(
  { db }: PanelServices,
  claimed: OrderRow,
  failure: PanelFailure,
  outcome: Outcome,
  fallback: FallbackRecord | null,
): Promise<OrderRow> {
  return transitionOrder(db, claimed.order_id, "placementFailed", {
    ...outcome,
    reason: "the SMM panel refused the order",
    details: { panelError: failure.message, attempt: claimed.panel_attempts, ...fallback?.details },
    set: { ...fallback?.set, panel_error: failure.message },
  });
}

/**
 * No usable answer: the panel may have the order. When the reply still named
 * an order id and the panel's API has it, it is placed after all; otherwise
 * the order waits for a person, with what was sent and the id to look for.
 */
async function unknownOutcome(
  services: PanelServices,
  claimed: OrderRow,
  at: Attempt,
  failure: PanelFailure,
  outcome: Outcome,
  fallback: FallbackRecord | null,
): Promise<OrderRow> {
  if (failure.orderId) {
    const status = await getStatus(at.setup.connection, failure.orderId);
    if (status.ok) return placed(services, at.setup, claimed, failure.orderId, outcome, fallback);
  }
  const message = unknownOutcomeMessage(failure.message, at.request.link);
  const withReply = failure.orderId ? { ...at.record, replyOrderId: failure.orderId } : at.record;
  return transitionOrder(services.db, claimed.order_id, "placementUnknown", {
    ...outcome,
    reason: "no usable answer from the SMM panel",
    details: { panelError: message, attempt: claimed.panel_attempts, ...fallback?.details },
    set: { ...fallback?.set, panel_error: message, panel_request: JSON.stringify(withReply) },
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

  const stoppable = ["paid", "queued", "placement_unknown", "waiting_panel", "failed"];
  if (order.paid_at !== null && stoppable.includes(order.status)) {
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
