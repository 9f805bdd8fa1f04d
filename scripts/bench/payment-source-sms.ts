import { openDatabase } from "~/db/database.server";
import { rotateSmsSecret } from "~/domain/payments/payment-settings.server";
import { gatewayBody, hdfcCreditSms, postSms, signedHeaders } from "../../tests/support/sms";
import { type PaymentSource, benchUtr } from "./payment-source";

/** The SMS forwarder: an HDFC credit SMS signed with the shop's secret, posted to the webhook. */
export function smsSource(): PaymentSource {
  let secret = "";
  return {
    name: "sms",
    start: () => Promise.resolve({}),
    async setUp(shop) {
      const handle = openDatabase({ kind: "sqlite", file: shop.dbFile });
      try {
        secret = await rotateSmsSecret(handle.db);
      } finally {
        await handle.close();
      }
    },
    prepare(shop, order, n) {
      const body = gatewayBody(hdfcCreditSms(order.pricePaise, benchUtr(n)));
      return Promise.resolve(async () => {
        const res = await postSms(shop.url, body, signedHeaders(secret, body));
        if (res.status !== 200) throw new Error(`sms-alert answered ${res.status}: ${await res.text()}`);
      });
    },
    async forge(shop, order, n) {
      const body = gatewayBody(hdfcCreditSms(order.pricePaise, benchUtr(50_000 + n)));
      const headers = n % 2 === 0 ? signedHeaders("0".repeat(64), body) : { "content-type": "application/json" };
      await (await postSms(shop.url, body, headers)).arrayBuffer();
    },
    tearDown: () => Promise.resolve(),
  };
}
