import { describe, expect, it } from "vitest";
import { notificationText } from "./notification-text";
import { type AlertReading, readAlert } from "./read-alert";

/** Not read as a credit, for the reason given. */
function refused(reading: AlertReading, why: RegExp) {
  expect(reading.credit).toBe(false);
  if (!reading.credit) expect(reading.detail).toMatch(why);
}

/**
 * Payment apps' notifications, read with the posting app's package as the sender and only for the apps
 * registered in Settings. Every text is a real notification (or its real layout with the payer's name
 * replaced), named with its source; tests/fixtures/bank-alerts/notifications.json has them all.
 */

const ALL = ["phonepe-business", "paytm-business", "gpay-business", "bharatpe"];
const PHONEPE = "com.phonepe.app.business";
const read = (app: string, text: string, apps = ALL) => readAlert(text, { channel: "app", sender: app, apps });

describe("a payment app's notification", () => {
  it("reads PhonePe Business's, with its own transaction id (ys-pro-duction/UNotifyer ExampleUnitTest.kt)", () => {
    expect(
      read(PHONEPE, "You've received Rs 35 from Yogesh swami via PhonePe for txn T2503282015099540319782."),
    ).toMatchObject({
      credit: true,
      alert: {
        appId: "phonepe-business",
        bankId: null,
        amountPaise: 3_500,
        utr: null,
        txnId: "T2503282015099540319782",
        label: "PhonePe Business (built-in reader)",
      },
    });
  });

  it.each([
    ["You've received Rs.𝟒𝟎 from Yogesh swami", 4_000],
    ["You've received Rs.2️⃣5️⃣ from Yogesh swami", 2_500],
    ["You've received Rs 𝟙𝟛𝟝 from Yogesh swami via PhonePe for txn T2504051656194141152025.", 13_500],
  ])("reads styled digits as a person does: %s (UNotifyer)", (text, paise) => {
    expect(read(PHONEPE, text)).toMatchObject({ credit: true, alert: { amountPaise: paise } });
  });

  it("reads a title repeating the amount as one amount (code-index file 70274508133, a live notification)", () => {
    const text = notificationText({
      title: "Received Rs 1",
      bigText: "You've received Rs 1 from ******4892 via PhonePe for txn T2610070038436427054415.",
    });
    expect(read(PHONEPE, text)).toMatchObject({ credit: true, alert: { amountPaise: 100 } });
  });

  it("reads Paytm for Business's expanded layout, in English and in Hindi (code-index files 64164373727, 71343414733)", () => {
    const english = notificationText({
      title: "Payment Received on Paytm for Business",
      lines: ["₹1.01 Received from Test User", "Received on 27 Aug 2026 07:38 PM"],
    });
    expect(read("com.paytm.business", english)).toMatchObject({
      credit: true,
      alert: { amountPaise: 101, alertTime: Date.UTC(2026, 7, 27, 14, 8) },
    });
    const hindi = notificationText({
      title: "Paytm for Business",
      bigText: "₹13.69 Test Customer से प्राप्त हुआ\n30 Sep 2026 09:17 AM को प्राप्त हुआ",
    });
    expect(read("com.paytm.business", hindi)).toMatchObject({ credit: true, alert: { amountPaise: 1_369 } });
  });

  it("takes no amount-less push, refund, Hindi refund or request for a payment", () => {
    // shop.glhouse.agent (code-index 69403956408): Paytm's push with no amount at all, live 2026-08-17.
    expect(read("com.paytm.business", "Payment Received on Paytm for Business")).toMatchObject({ credit: false });
    // The relay's CustomNotificationTextTest: a receipt beside a refund.
    expect(read("com.paytm.business", "₹13.69 received\n₹13.69 रिफंड")).toMatchObject({ credit: false });
    expect(read("com.bharatpe.app", "₹4.96 received\n₹3.21 refunded")).toMatchObject({ credit: false });
    expect(read("com.paytm.business", "₹13.69 का भुगतान अनुरोध प्राप्त हुआ")).toMatchObject({ credit: false });
  });

  it("reads a notification only from a registered business app", () => {
    const text = "₹300 Received from Mr KUSH DESAI";
    const gpay = "com.google.android.apps.nbu.paisa.merchant";
    expect(read(gpay, text)).toMatchObject({ credit: true, alert: { appId: "gpay-business", amountPaise: 30_000 } });
    refused(read(gpay, text, ["phonepe-business"]), /not registered in Settings/);
    for (const other of [
      "com.whatsapp",
      "com.google.android.apps.nbu.paisa.user",
      "com.phonepe.app.business.fake",
      "",
    ]) {
      expect(read(other, text)).toMatchObject({ credit: false });
    }
  });

  it("does not refuse a notification for naming the bank the money settles to", () => {
    const text =
      "You've received Rs 5 from ******3082 via PhonePe for txn T2503262136193430608151. Credited to your HDFC Bank A/c XX1234";
    expect(read(PHONEPE, text)).toMatchObject({ credit: true, alert: { account: "1234" } });
  });

  it("refuses a payer name written to look like a second amount", () => {
    expect(
      read(PHONEPE, "You've received Rs 5 from Rs 500 received via PhonePe for txn T2503262136193430608151."),
    ).toMatchObject({
      credit: false,
      reason: "amount_unclear",
    });
  });
});
