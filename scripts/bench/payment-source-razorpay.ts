import { randomBytes } from "node:crypto";
import { openDatabase } from "~/db/database.server";
import { saveGatewaySettings } from "~/domain/payments/gateways/gateway-settings.server";
import { type DoublePayment, type RazorpayDouble, startRazorpayDouble } from "../../tests/support/razorpay-double";
import { type BenchOrder, type PaymentSource, type ShopUnderTest } from "./payment-source";

/** Longer than the whole run: a confirmation inside it came from the webhook, never from asking Razorpay. */
const RECONCILE_MS = 3_600_000;

/** The gateway order for a shop order, made through the shop's API as the checkout's "Pay" button does. */
async function gatewayOrder(shop: ShopUnderTest, order: BenchOrder): Promise<string> {
  const res = await fetch(`${shop.url}/api/orders/${encodeURIComponent(order.orderId)}/gateway`, { method: "POST" });
  const body = (await res.json()) as { gatewayOrderId?: string; amountPaise?: number };
  if (res.status !== 200 || !body.gatewayOrderId || body.amountPaise !== order.pricePaise) {
    throw new Error(`gateway order for ${order.orderId} answered ${res.status}: ${JSON.stringify(body)}`);
  }
  return body.gatewayOrderId;
}

/**
 * Razorpay: a local double of Razorpay's API; the shop holds its keys and
 * webhook secret (enabled, as the operator saves them). The buyer's payment is
 * a capture at the double, then the webhook it signs; timed from the webhook
 * being sent.
 */
export function razorpaySource(): PaymentSource {
  let double: RazorpayDouble | null = null;
  const rzp = () => {
    if (!double) throw new Error("the Razorpay source is not started");
    return double;
  };

  return {
    name: "razorpay",
    async start() {
      double = await startRazorpayDouble();
      return { RAZORPAY_API_BASE: double.url, GATEWAY_RECONCILE_INTERVAL_MS: String(RECONCILE_MS) };
    },
    async setUp(shop) {
      const handle = openDatabase({ kind: "sqlite", file: shop.dbFile });
      try {
        await saveGatewaySettings(handle.db, { enabled: true, ...rzp().keys });
      } finally {
        await handle.close();
      }
    },
    async prepare(shop, order) {
      const payment = rzp().capture(await gatewayOrder(shop, order));
      return async () => {
        const res = await rzp().sendWebhook(shop.url, "payment.captured", payment);
        const body = await res.text();
        if (res.status !== 200) throw new Error(`razorpay-webhook answered ${res.status}: ${body}`);
      };
    },
    async forge(shop, order, n) {
      const gatewayOrderId = await gatewayOrder(shop, order);
      let res: Response;
      if (n % 2 === 0) {
        // A capture Razorpay never made, for the exact amount, signed with a secret that is not the shop's.
        const invented: DoublePayment = {
          id: `pay_${randomBytes(7).toString("hex")}`,
          entity: "payment",
          amount: order.pricePaise,
          currency: "INR",
          status: "captured",
          order_id: gatewayOrderId,
          method: "upi",
          vpa: "mallory@okaxis",
          captured: true,
          acquirer_data: { rrn: null },
          error_code: null,
          created_at: Math.floor(Date.now() / 1000),
        };
        res = await rzp().sendWebhook(shop.url, "payment.captured", invented, { secret: "not-the-webhook-secret" });
      } else {
        // A genuine, signed capture of ₹1 less than the order asks.
        const short = rzp().capture(gatewayOrderId, { amount: order.pricePaise - 100 });
        res = await rzp().sendWebhook(shop.url, "payment.captured", short);
      }
      await res.arrayBuffer();
    },
    async tearDown() {
      await double?.stop();
      double = null;
    },
  };
}
