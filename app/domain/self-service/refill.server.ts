import { recordAudit } from "~/domain/audit/audit.server";
import { requestRefill as askPanelForRefill } from "~/domain/panel/client.server";
import { firstSyncDelay } from "~/domain/panel/sync-schedule";
import type { PanelServices } from "~/domain/fulfilment/placement.server";
import { AppError, rateLimited } from "~/lib/app-error";
import { REFILL_REFUSAL_TEXT, type RefillRefusal } from "./refill-messages";
import { claimRequest } from "./claim.server";
import { finishRequest } from "./requests.repository.server";
import { publishRefill } from "./refill-events.server";
import { refillRefusal, refillWaitSeconds } from "./rules";
import { type Requester, requesterName } from "./who";

/**
 * A refill for a delivered order inside its guarantee. The request is claimed
 * first, in one transaction with the order row locked: the rules are checked
 * and a request row written, so of a double click or two tabs only one gets
 * to call the panel. Then the panel's `refill`; its answer (a refill id, a
 * refusal, or none) is stored on the request and in the order's history.
 * A refused or unanswered request changes nothing for the order and does not
 * count against the one-a-day limit.
 */

const HTTP_CODE: Record<RefillRefusal, ConstructorParameters<typeof AppError>[0]> = {
  REFILL_NOT_DELIVERED: "INVALID_TRANSITION",
  REFILL_NO_GUARANTEE: "INVALID_TRANSITION",
  REFILL_OUTSIDE_GUARANTEE: "INVALID_TRANSITION",
  REFILL_NOT_SUPPORTED: "INVALID_TRANSITION",
  REFILL_TOO_SOON: "RATE_LIMITED",
  REFILL_BUSY: "CONFLICT",
  REFILL_UNAVAILABLE: "UNAVAILABLE",
  REFILL_PANEL_REFUSED: "UPSTREAM_FAILED",
  REFILL_PANEL_NO_ANSWER: "UPSTREAM_UNKNOWN",
};

/**
 * The refusal as an error: its code in `details.reason`, for the words in the
 * buyer's language. A refill asked again within the day is refused as every
 * rate limit is (ADR 0051), with the seconds until it may be asked (`waitSeconds`).
 */
export function refillError(reason: RefillRefusal, waitSeconds?: number): AppError {
  if (HTTP_CODE[reason] === "RATE_LIMITED" && waitSeconds !== undefined) {
    return rateLimited(REFILL_REFUSAL_TEXT[reason], waitSeconds, { reason });
  }
  return new AppError(HTTP_CODE[reason], REFILL_REFUSAL_TEXT[reason], { reason });
}

export interface RefillOutcome {
  refillId: string;
}

export async function requestOrderRefill(
  services: PanelServices,
  orderId: string,
  who: Requester,
  now = Date.now(),
): Promise<RefillOutcome> {
  const { db, logger } = services;
  const actor = requesterName(who);
  const claim = await claimRequest(
    services,
    orderId,
    who,
    {
      kind: "refill",
      refuse: (facts) => refillRefusal(facts, now, who.kind),
      error: (reason: RefillRefusal, facts) => refillError(reason, facts && refillWaitSeconds(facts, now)),
      unavailable: "REFILL_UNAVAILABLE",
      auditAction: "order.refillRequested",
    },
    now,
  );

  const reply = await askPanelForRefill(claim.setup.connection, claim.panelOrderId);
  const answeredAt = Date.now();
  await db.transaction().execute(async (trx) => {
    if (reply.ok) {
      await finishRequest(trx, claim.requestId, {
        state: "accepted",
        panelRefillId: reply.value,
        refillStatus: "pending",
        nextSyncAt: answeredAt + firstSyncDelay(claim.setup.syncIntervalMs),
        now: answeredAt,
      });
      await publishRefill(trx, { kind: "started", orderId, requestId: claim.requestId, now: answeredAt });
    } else {
      await finishRequest(trx, claim.requestId, { state: "failed", error: reply.message, now: answeredAt });
    }
    await recordAudit(
      trx,
      {
        actor,
        action: reply.ok ? "order.refillAccepted" : "order.refillFailed",
        targetType: "order",
        targetId: orderId,
        details: reply.ok ? { refillId: reply.value } : { panelError: reply.message, kind: reply.kind },
        client: who.client,
      },
      answeredAt,
    );
  });
  if (!reply.ok) {
    logger.warn({ orderId, kind: reply.kind, reason: reply.message }, "panel refill failed");
    throw refillError(reply.kind === "unknown" ? "REFILL_PANEL_NO_ANSWER" : "REFILL_PANEL_REFUSED");
  }
  logger.info({ orderId, refillId: reply.value }, "refill requested at the SMM panel");
  return { refillId: reply.value };
}
