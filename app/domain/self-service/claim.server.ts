import { recordAudit } from "~/domain/audit/audit.server";
import { type PanelServices, loadPanelSetup } from "~/domain/fulfilment/placement.server";
import { findOrder, lockOrder } from "~/domain/orders/orders.repository.server";
import type { PanelSetup } from "~/domain/panel/connection.server";
import { AppError, isAppError } from "~/lib/app-error";
import { selfServiceFacts, serviceIdOf } from "./facts.server";
import { insertRequest } from "./requests.repository.server";
import type { SelfServiceFacts } from "./rules";
import type { PanelRequestKind } from "./table";
import { type Requester, requesterName } from "./who";

export interface Claim {
  /** The panel the order was placed at. */
  setup: PanelSetup;
  requestId: number;
  panelOrderId: string;
}

/**
 * A refill or a cancel, claimed before the panel is asked: with the order row
 * locked, the rules are checked and a request row and an audit entry written,
 * so of a double click or two tabs only one gets to call the panel.
 * `refuse` names the rule that says no (thrown as its error); an unreadable
 * panel set-up is thrown as `unavailable`.
 */
export async function claimRequest<Refusal>(
  services: PanelServices,
  orderId: string,
  who: Requester,
  request: {
    kind: PanelRequestKind;
    refuse: (facts: SelfServiceFacts) => Refusal | null;
    /** The refusal as an error; `facts` when it came from them (a rate limit says when to come back). */
    error: (reason: Refusal, facts?: SelfServiceFacts) => AppError;
    unavailable: Refusal;
    auditAction: string;
  },
  now: number,
): Promise<Claim> {
  const { db } = services;
  let setup: PanelSetup;
  try {
    setup = await loadPanelSetup(services, (await findOrder(db, orderId))?.panel_id ?? null);
  } catch (error) {
    if (isAppError(error)) throw request.error(request.unavailable);
    throw error;
  }
  const actor = requesterName(who);
  return db.transaction().execute(async (trx) => {
    const order = await lockOrder(trx, orderId);
    if (!order) throw new AppError("NOT_FOUND", "Order not found");
    const facts = await selfServiceFacts(trx, order, serviceIdOf(setup, order), now);
    const refused = request.refuse(facts);
    if (refused) throw request.error(refused, facts);
    const requestId = await insertRequest(trx, { orderId, kind: request.kind, requestedBy: actor, now });
    await recordAudit(
      trx,
      {
        actor,
        action: request.auditAction,
        targetType: "order",
        targetId: orderId,
        details: { panelOrderId: order.panel_order_id },
        client: who.client,
      },
      now,
    );
    return { setup, requestId, panelOrderId: order.panel_order_id! };
  });
}
