import type { AppServices } from "~/context";
import { reportHookErrorsTo } from "~/db/after-commit.server";
import type { DB } from "~/db/database.server";
import { alertNamesPanel, orderAlertFor } from "~/domain/operator-alerts/order-alerts";
import { forgetOrderAlerts } from "~/domain/operator-alerts/outbox.server";
import { queueAlert } from "~/domain/operator-alerts/queue.server";
import { recordAudit } from "~/domain/audit/audit.server";
import { complaintAlertFor, complaintAuditDetails } from "~/domain/complaints/complaint-alerts";
import { listenToComplaints } from "~/domain/complaints/events.server";
import { erasureAlertFor, erasureAuditDetails } from "~/domain/privacy/erasure-alerts";
import { listenToErasures } from "~/domain/privacy/events.server";
import { buyerUpdateFor, complaintUpdateFor, refillUpdateFor } from "~/domain/buyer-messages/order-updates";
import { forgetOrderChannels } from "~/domain/buyer-messages/privacy.server";
import { queueBuyerUpdate } from "~/domain/buyer-messages/queue.server";
import { listenToOrders } from "~/domain/orders/events.server";
import { actorLabel, holdsTarget } from "~/domain/orders/lifecycle";
import { sendAfterConfirmation, sendNextQueued } from "~/domain/fulfilment/placement-jobs.server";
import { findOrder } from "~/domain/orders/orders.repository.server";
import { publicTopicChanged } from "~/domain/public-pages/changes.server";
import { listenToPanels } from "~/domain/panel/events.server";
import { panelNameOf } from "~/domain/panel/panels.repository.server";
import { plansBrokenByRefresh } from "~/domain/plans/plan-alerts.server";
import { issueCreditNote } from "~/domain/receipts/credit-notes.server";
import { issueTaxInvoice } from "~/domain/receipts/receipts.server";
import { listenToRefills } from "~/domain/self-service/refill-events.server";

/**
 * Everything that follows a change to an order, or to a panel's services list,
 * in one place (ADR 0018, 0040). The status writer
 * (app/domain/orders/transitions.server.ts) and the panel
 * (app/domain/panel/events.server.ts) publish what happened and know none of
 * this; a feature that must react to them adds its listener here. Loading this module registers the listeners: the server,
 * the test set-up and any script that moves orders import it first (the
 * status writer refuses to run without them).
 */

type Services = Pick<AppServices, "db" | "settings" | "config" | "logger">;

listenToOrders({
  // In the transaction: stored with the change, or not at all.
  async transitioned(trx, { name, from, to, order, actor, reason, details, client, now }) {
    // Who moved it and why, in the order's history.
    await recordAudit(
      trx,
      {
        actor: actorLabel(actor),
        action: `order.${name}`,
        targetType: "order",
        targetId: order.order_id,
        details: { from, to, reason, ...details },
        client,
      },
      now,
    );
    // The operator hears about it from the alert outbox (insert only; sent by the alerts job).
    // A panel alert names the panel the order is at (null: the default), so the operator knows where to look.
    const panelName = alertNamesPanel(name) ? await panelNameOf(trx, order.panel_id) : null;
    const alert = orderAlertFor(name, order, now, panelName);
    if (alert) await queueAlert(trx, alert, now);
    // Declares the `orders` page-cache topic changed (ADR 0021): the home and service pages count delivered
    // orders. The generation moves at the end of this transaction; this process's pages go after its commit.
    if (to === "delivered") await publicTopicChanged(trx, "orders");
    // A GST-registered shop's tax invoice, numbered with the payment (docs/receipts.md).
    if (name === "confirmPayment") await issueTaxInvoice(trx, order, now);
    // Its refund paid back: the invoice's credit note, numbered with the refund (rule 53; docs/receipts.md).
    if (name === "refunded") await issueCreditNote(trx, order, now);
    // The buyer hears about it on the channels they chose (insert only; sent by the outbox job).
    const update = buyerUpdateFor(name, from, order);
    if (update) await queueBuyerUpdate(trx, order, update, now);
  },

  // After the commit: a paid order goes to the panel when the shop sends paid orders automatically. A
  // process that stops before this runs loses nothing: the payment job sends paid orders still unsent.
  async committed(event, db) {
    const services = servicesOf.get(db);
    if (event.name === "confirmPayment" && services) await sendAfterConfirmation(services, event.order);
    // An order left the panel (finished, stopped, refused): the next one queued for its target goes (ADR 0018;
    // the payment job's sweep does the same for a process that stopped before this ran).
    const { from, to, order } = event;
    if (services && order.target_key && holdsTarget(from) && !holdsTarget(to)) {
      await sendNextQueued(services, order.target_key);
    }
  },

  // Its alerts not yet sent would name an order that no longer exists.
  async deleted(trx, { order }) {
    await forgetOrderAlerts(trx, order.order_id);
    await forgetOrderChannels(trx, order.order_id);
  },
});

// A complaint's every step in the audit, and the operator told of a new one or of a clock about to run out;
// the buyer gets a new complaint's ticket number on their update channels.
listenToComplaints(async (trx, event) => {
  const { complaint, step, actor, client, now } = event;
  await recordAudit(
    trx,
    {
      actor,
      action: `complaint.${step}`,
      targetType: "complaint",
      targetId: complaint.ticket,
      details: complaintAuditDetails(event),
      client,
    },
    now,
  );
  const alert = complaintAlertFor(step, complaint);
  if (alert) await queueAlert(trx, alert, now);
  if (step === "opened") {
    const order = await findOrder(trx, complaint.order_id);
    if (order) await queueBuyerUpdate(trx, order, complaintUpdateFor(complaint.ticket, order), now);
  }
});

// A buyer's erasure in the audit (order ids only, never the erased data), and the operator told.
listenToErasures(async (trx, event) => {
  await recordAudit(
    trx,
    {
      actor: event.step === "requested" ? "buyer" : "system",
      action: `privacy.erasure${event.step === "requested" ? "Requested" : "Done"}`,
      targetType: "erasure",
      targetId: event.request.reference,
      details: erasureAuditDetails(event),
    },
    event.now,
  );
  await queueAlert(trx, erasureAlertFor(event), event.now);
});

listenToPanels({
  // In the services list's transaction: each enabled plan the new list breaks is one alert for the operator.
  async servicesRefreshed(trx, { panelId, before, after, now }) {
    for (const plan of await plansBrokenByRefresh(trx, panelId, before, after)) {
      const facts = { title: plan.title, lines: plan.lines, orderId: null, path: "/admin/plans" };
      const eventKey = `plan_unsupported:${plan.planId}:${plan.what}:${now}`;
      await queueAlert(trx, { event: "plan_unsupported", eventKey, facts }, now);
    }
  },
});

// A refill the panel took or finished: the buyer hears about it, in the refill's transaction.
listenToRefills(async (trx, { kind, orderId, requestId, now }) => {
  const order = await findOrder(trx, orderId);
  if (order) await queueBuyerUpdate(trx, order, refillUpdateFor(kind, order, requestId), now);
});

const servicesOf = new WeakMap<DB, Services>();

/**
 * Gives the listeners that run after a commit what they need beyond the event
 * (settings, configuration, logger) for changes made on `services.db`. The
 * server calls this once at start-up; without it (a script, a test of the
 * domain alone) that work is left to the jobs that read the committed state.
 */
export function connectOrderListeners(services: Services): void {
  servicesOf.set(services.db, services);
  reportHookErrorsTo((error) => services.logger.error({ err: error }, "work after a commit failed"));
}
