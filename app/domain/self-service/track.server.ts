import type { AppServices } from "~/context";
import { panelSetupFor } from "~/domain/panel/connection.server";
import { refundPaise } from "~/domain/orders/lifecycle";
import type { OrderRow } from "~/domain/orders/table";
import { selfServiceFacts, serviceIdOf } from "./facts.server";
import type { RefillProgress } from "./refill-messages";
import { refillsOf } from "./requests.repository.server";
import { type DripProgress, cancelRefusal, dripProgress, guaranteeEndsAt, refillRefusal } from "./rules";

/** What /track (and the order details page) shows about refills, gradual delivery and cancelling. */
export interface SelfServiceView {
  refillDays: number;
  /** When the guarantee ends, once delivered. */
  guaranteeEndsAt: number | null;
  canRefill: boolean;
  canCancel: boolean;
  /** What the buyer would get back on cancelling now: the price less the fee their own cancellation pays. */
  cancelRefundPaise: number;
  /** The cancellation fee as set now (Settings → Cancellation fee), in percent. */
  feePercent: number;
  /** Refills the panel took or is being asked for, newest first. */
  refills: { requestedAt: number; progress: RefillProgress; refillId: string | null }[];
  drip: DripProgress | null;
}

type ViewServices = Pick<AppServices, "db" | "settings" | "config" | "demoPanelUrl">;

export async function selfServiceView(
  services: ViewServices,
  order: OrderRow,
  now = Date.now(),
): Promise<SelfServiceView> {
  const configured = await panelSetupFor(services, order.panel_id);
  const setup = configured.ok ? configured.setup : null;
  const [facts, refills, settings] = await Promise.all([
    selfServiceFacts(services.db, order, serviceIdOf(setup, order), now),
    refillsOf(services.db, order.order_id),
    services.settings.get(),
  ]);
  const feePercent = settings.cancellationFeePercent;
  return {
    refillDays: order.refill_days,
    guaranteeEndsAt: guaranteeEndsAt(facts),
    canRefill: setup !== null && refillRefusal(facts, now) === null,
    canCancel: setup !== null && cancelRefusal(facts) === null,
    cancelRefundPaise: refundPaise(order.price_paise, order.quantity, order.quantity, "buyer", feePercent),
    feePercent,
    refills: refills
      .filter((r) => r.state !== "failed")
      .map((r) => ({
        requestedAt: r.requested_at,
        refillId: r.panel_refill_id,
        progress: r.state === "requested" ? "requested" : ((r.refill_status ?? "pending") as RefillProgress),
      })),
    drip: dripProgress(
      {
        status: order.status,
        quantity: order.quantity,
        remains: order.panel_remains,
        dripRuns: order.drip_runs,
        dripIntervalMinutes: order.drip_interval_minutes,
        placedAt: order.panel_placed_at,
      },
      now,
    ),
  };
}
