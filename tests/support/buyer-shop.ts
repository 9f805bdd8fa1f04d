import type { DatabaseHandle } from "~/db/database.server";
import { saveBuyerMessageSettings } from "~/domain/buyer-messages/settings.server";
import type { TestDatabase } from "./databases";
import { confirmByApi } from "./shop-orders";
import { type TestShop, startTestShop } from "./test-shop";
import { type WhatsAppDouble, startWhatsAppDouble } from "./whatsapp-double";

/**
 * A shop whose buyers hear from it (docs/buyer-messages.md), for the buyer
 * messages' integration and end-to-end tests: the WhatsApp Cloud API double
 * set through the environment (WHATSAPP_*), the demo panel simulator, no
 * quiet hours (the tests run at any hour), and helpers that buy as a buyer's
 * browser does and look at the outbox.
 */
export interface BuyerShop {
  shop: TestShop;
  whatsapp: WhatsAppDouble;
  /** An order through POST /api/create-order (the checkout's own request); its order id. */
  order(options: {
    phone: string;
    optIn?: boolean;
    email?: string;
    locale?: "en" | "hi";
    plan?: string;
    username?: string;
  }): Promise<string>;
  confirm(orderId: string): Promise<void>;
  /** A paid order the panel simulator delivers in full, as the status sync learns it. */
  delivered(orderId: string): Promise<void>;
  /** The outbox's buyer rows of an order (or every buyer row), oldest first. */
  rows(orderId?: string): Promise<OutboxRowSeen[]>;
  stop(): Promise<void>;
}

export interface OutboxRowSeen {
  id: number;
  channel: string;
  event: string;
  event_key: string;
  status: string;
  attempts: number;
  delivery: string | null;
  last_error: string | null;
  provider_id: string | null;
  facts: string;
  next_attempt_at: number;
}

export const APPROVED_TEMPLATES = [
  { name: "order_payment_confirmed", parameters: 3 },
  { name: "order_late_payment_accepted", parameters: 3 },
  { name: "order_delivery_started", parameters: 3 },
  { name: "order_delivered", parameters: 3 },
  { name: "order_refund_due", parameters: 2 },
  { name: "order_refund_sent", parameters: 3 },
  { name: "order_refill_started", parameters: 1 },
  { name: "order_refill_done", parameters: 1 },
  { name: "order_unpaid_expired", parameters: 2 },
  { name: "order_complaint_opened", parameters: 2 },
].flatMap((t) => [
  { ...t, language: "en" },
  { ...t, language: "hi" },
]);

export async function startBuyerShop(
  engine: TestDatabase,
  env: Record<string, string> = {},
  options: { jobs?: "asked" | "running"; prepare?: (db: DatabaseHandle) => Promise<void> } = {},
): Promise<BuyerShop> {
  const whatsapp = await startWhatsAppDouble();
  whatsapp.approve(APPROVED_TEMPLATES);
  let shop: TestShop;
  try {
    shop = await startTestShop({
      engine,
      simulator: true,
      jobs: options.jobs ?? "asked",
      env: {
        ...whatsapp.env,
        PUBLIC_BASE_URL: "https://shop.example",
        ALERT_RETRY_BASE_MS: "100",
        ...env,
      },
      async prepare(db) {
        await saveBuyerMessageSettings(db.db, { quietFrom: "", quietTo: "" });
        await options.prepare?.(db);
      },
    });
  } catch (error) {
    await whatsapp.stop();
    throw error;
  }
  whatsapp.connect(shop.url);
  const plans = shop.planIds;
  // Each order is for an account of its own unless the test names one: two orders for one account wait for
  // each other (one per target at the panel, docs/panels.md), and the shop's tests share it.
  let ordered = 0;
  return {
    shop,
    whatsapp,
    async order({ phone, optIn = false, email, locale = "en", plan = "Popular Followers", username }) {
      ordered++;
      username ??= `priya.bakes${ordered}`;
      const res = await fetch(`${shop.url}/api/create-order`, {
        method: "POST",
        headers: { "content-type": "application/json", origin: shop.url },
        body: JSON.stringify({
          planId: plans[plan],
          username,
          customerName: "Ravi Kumar",
          customerPhone: phone,
          agreedToTerms: true,
          whatsappUpdates: optIn,
          locale,
          ...(email ? { customerEmail: email } : {}),
        }),
      });
      if (res.status !== 201) throw new Error(`create-order answered ${res.status}: ${await res.text()}`);
      return ((await res.json()) as { order: { orderId: string } }).order.orderId;
    },
    confirm: (orderId) => confirmByApi(shop, orderId),
    async delivered(orderId) {
      const status = async () =>
        (await shop.db.db.selectFrom("orders").select("status").where("order_id", "=", orderId).executeTakeFirst())
          ?.status;
      // Sent to the panel just after the confirmation's commit (not awaited by it).
      for (let i = 0; i < 100 && (await status()) !== "sent"; i++) await new Promise((done) => setTimeout(done, 50));
      // The panel delivers "Popular Followers" in about 110 s of its clock (20 s pending, 90 s running).
      await shop.advancePanel(115_000);
      for (let turn = 0; turn < 10 && (await status()) !== "delivered"; turn++) await shop.syncPanelNow();
      if ((await status()) !== "delivered") {
        const why = await shop.db.db
          .selectFrom("orders")
          .select(["panel_wait_reason", "panel_error"])
          .where("order_id", "=", orderId)
          .executeTakeFirst();
        throw new Error(`order ${orderId} is ${await status()}, not delivered (${JSON.stringify(why)})`);
      }
    },
    async rows(orderId) {
      let query = shop.db.db
        .selectFrom("alert_outbox")
        .select([
          "id",
          "channel",
          "event",
          "event_key",
          "status",
          "attempts",
          "delivery",
          "last_error",
          "provider_id",
          "facts",
          "next_attempt_at",
        ])
        .where("channel", "in", ["buyer_whatsapp", "buyer_email", "buyer_push", "whatsapp_command"]);
      if (orderId) query = query.where("order_id", "=", orderId);
      return (await query.orderBy("id").execute()).map((row) => ({
        ...row,
        attempts: Number(row.attempts),
        next_attempt_at: Number(row.next_attempt_at),
      }));
    },
    async stop() {
      await shop.stop();
      await whatsapp.stop();
    },
  };
}

/** The WhatsApp id of a buyer's 10-digit number. */
export const waIdOf = (phone: string) => `91${phone}`;
