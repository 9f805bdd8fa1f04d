import type { Locator, Page } from "@playwright/test";
import { hi } from "~/locales/hi";
import { sqliteDatabase } from "../support/databases";
import { startTestShop } from "../support/test-shop";
import { withDb } from "./buying-support";
import { expect } from "./fixtures";

export interface OrderRowSeen {
  status: string;
  panel_status: string | null;
  refund_due_paise: number | null;
  price_paise: number;
}

/**
 * A shop of its own for the self-service walks (self-service.spec.ts, and the
 * same in Hindi in hindi.spec.ts): the demo panel simulator (its catalogue has
 * refill and drip-feed plans) and the operator signed in for the API calls
 * that stand in for the admin. Its jobs run when the test asks: `syncPanel`
 * brings the status checks' due time to now and lets the jobs take their turn,
 * instead of waiting for the status sync's interval.
 */
export interface SimulatedShop {
  url: string;
  /** The operator's session cookie, "name=value". */
  cookie: string;
  orderRow(orderId: string): OrderRowSeen;
  /** Moves the simulated panel's clock forward: its orders and refills progress as if that much time had passed. */
  advancePanel(ms: number): Promise<void>;
  /** The status sync asks the panel now about every order and refill it follows (their next check due now). */
  syncPanel(): Promise<void>;
  /** A buyer's order for the named demo plan, its payment confirmed by the operator: the shop sends it to the panel. */
  paidOrder(service: "followers" | "likes", planName: string, target: string): Promise<string>;
  stop(): Promise<void>;
}

export async function startSimulatedShop(options: {
  name: string;
  owner: { username: string; password: string };
  phone: string;
}): Promise<SimulatedShop> {
  const shop = await startTestShop({
    engine: sqliteDatabase,
    admin: options.owner,
    simulator: true,
  });
  const file = shop.dbFile!;
  const cookie = shop.cookie;

  const orderRow = (orderId: string) =>
    withDb(
      file,
      (db) =>
        db
          .prepare("select status, panel_status, refund_due_paise, price_paise from orders where order_id = ?")
          .get(orderId) as OrderRowSeen,
    );

  return {
    url: shop.url,
    cookie,
    orderRow,
    advancePanel: (ms) => shop.advancePanel(ms),
    syncPanel: () => shop.syncPanelNow(),
    async paidOrder(service, planName, target) {
      const listed = (await (await fetch(`${shop.url}/api/plans?serviceType=${service}`)).json()) as {
        plans: Array<{ _id: string; name: string }>;
      };
      const plan = listed.plans.find((p) => p.name === planName)!;
      const created = await fetch(`${shop.url}/api/create-order`, {
        method: "POST",
        headers: { "content-type": "application/json", origin: shop.url },
        body: JSON.stringify({
          planId: Number(plan._id),
          ...(service === "followers" ? { username: target } : { username: "ravi.reels", postLink: target }),
          customerName: "Ravi Kumar",
          customerPhone: options.phone,
          agreedToTerms: true,
        }),
      });
      expect(created.status, await created.clone().text()).toBe(201);
      const { order } = (await created.json()) as { order: { orderId: string } };
      const confirmed = await fetch(`${shop.url}/api/admin/orders/${order.orderId}/confirm-payment`, {
        method: "POST",
        headers: { cookie, origin: shop.url },
      });
      expect(confirmed.status).toBe(200);
      // Sent by the confirmation itself, just after its commit (no job involved).
      await expect.poll(() => orderRow(order.orderId).status).toBe("sent");
      return order.orderId;
    },
    stop: () => shop.stop(),
  };
}

/**
 * The buyer opens Track order (in English or Hindi) for an order of theirs on the shop at `shopUrl` ("" for
 * the shared shop), gives the phone it was placed with, and sees its region.
 */
export async function trackOrder(
  page: Page,
  shopUrl: string,
  orderId: string,
  phone: string,
  locale: "en" | "hi" = "en",
): Promise<Locator> {
  const inHindi = locale === "hi";
  await page.goto(`${shopUrl}${inHindi ? "/hi" : ""}/track?order=${orderId}`);
  await page.getByLabel(inHindi ? hi.track.phone : "Phone number used for the order").fill(phone);
  await page.getByRole("button", { name: inHindi ? hi.track.submit : "Track order" }).click();
  const region = page.getByRole("region", { name: `${inHindi ? "ऑर्डर" : "Order"} ${orderId}` });
  await expect(region).toBeVisible();
  return region;
}
