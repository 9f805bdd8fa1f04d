/**
 * The automatic payment sources the payment-confirm bench drives: each sets
 * itself up on a fresh shop, delivers a genuine alert for an order's exact
 * amount, and delivers forgeries that must confirm nothing.
 */
import { openDatabase } from "~/db/database.server";
import { rotateSmsSecret } from "~/domain/payments/payment-settings.server";
import { gatewayBody, hdfcCreditSms, postSms, signedHeaders } from "../../tests/support/sms";

export interface ShopUnderTest {
  url: string;
  dbFile: string;
}

export interface PaymentSource {
  name: string;
  /** Extra environment for the shop process. */
  env: Record<string, string>;
  setUp(shop: ShopUnderTest): Promise<void>;
  /** The genuine alert for this order's exact amount. */
  deliver(shop: ShopUnderTest, order: { orderId: string; pricePaise: number }, n: number): Promise<void>;
  /** Something that must not confirm this order (unsigned, signed by another key, a wrong amount). */
  forge(shop: ShopUnderTest, order: { orderId: string; pricePaise: number }, n: number): Promise<void>;
  tearDown?(): Promise<void>;
}

/** A 12-digit UTR no other bench order shares. */
export const benchUtr = (n: number) =>
  String(700_000_000_000 + (((Date.now() % 1_000_000) * 1_000 + n) % 99_999_999_999));

function smsSource(): PaymentSource {
  let secret = "";
  return {
    name: "sms",
    env: {},
    async setUp(shop) {
      const handle = openDatabase({ kind: "sqlite", file: shop.dbFile });
      try {
        secret = await rotateSmsSecret(handle.db);
      } finally {
        await handle.close();
      }
    },
    async deliver(shop, order, n) {
      const body = gatewayBody(hdfcCreditSms(order.pricePaise, benchUtr(n)));
      const res = await postSms(shop.url, body, signedHeaders(secret, body));
      if (res.status !== 200) throw new Error(`sms-alert answered ${res.status}: ${await res.text()}`);
    },
    async forge(shop, order, n) {
      const body = gatewayBody(hdfcCreditSms(order.pricePaise, benchUtr(50_000 + n)));
      const headers = n % 2 === 0 ? signedHeaders("0".repeat(64), body) : { "content-type": "application/json" };
      await (await postSms(shop.url, body, headers)).arrayBuffer();
    },
  };
}

export const PAYMENT_SOURCES: PaymentSource[] = [smsSource()];
