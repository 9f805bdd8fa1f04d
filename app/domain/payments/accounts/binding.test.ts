import { describe, expect, it } from "vitest";
import { readAlert, alertPayee } from "../reader/read-alert";
import { type AccountFacts, alwaysNamesAccount, bindCredit } from "./binding";

/**
 * Issue 44, point 3: an alert confirms only when the account it names (the reader's `account`, its
 * last digits, or `receiverVpa`, the UPI ID paid to) is one of the shop's. The texts are the reader's
 * real samples (tests/fixtures/bank-alerts), read by the reader itself, so a change in what the reader
 * hands over breaks these too.
 */

const hdfc: AccountFacts = { id: 1, upi_id: "shop@okhdfcbank", bank_id: "hdfc", account_digits: "1234" };
const phonepe: AccountFacts = { id: 2, upi_id: "q123456789@ybl", bank_id: "phonepe", account_digits: "4892" };
const sbi: AccountFacts = { id: 3, upi_id: "shop@oksbi", bank_id: "sbi", account_digits: "9876" };

function payeeOf(text: string, channel: "sms" | "app", sender: string) {
  const reading = readAlert(text, { channel, sender, apps: ["phonepe-business", "paytm-business"] });
  if (!reading.credit) throw new Error(`not read: ${reading.reason} ${reading.detail}`);
  return alertPayee(reading.alert);
}

// HDFC Bank's UPI credit SMS (the shape of shared/bank-alerts/corpus.json's HDFC texts).
const hdfcSms = (digits: string) =>
  `Money Received - INR 348.97 in your A/c xx${digits} on 27-03-26 from VPA asha.v@okaxis (UPI Ref No 608612345678). -HDFC Bank`;

describe("binding an alert to the shop's receiving accounts", () => {
  it("ties a bank alert to the account whose last digits it names, and only to it", () => {
    const payee = payeeOf(hdfcSms("1234"), "sms", "VM-HDFCBK");
    expect(payee).toMatchObject({ account: "1234", bankId: "hdfc" });
    expect(bindCredit([hdfc, phonepe, sbi], payee)).toEqual({ ok: true, accountIds: [1] });
  });

  it("sets aside a genuine alert about someone else's account, saying which", () => {
    const binding = bindCredit([hdfc, sbi], payeeOf(hdfcSms("5555"), "sms", "VM-HDFCBK"));
    expect(binding).toMatchObject({ ok: false, reason: "other_account" });
    expect(!binding.ok && binding.detail).toMatch(/account XX5555 \(HDFC Bank\)/);
    // The same digits at another bank are not the shop's HDFC account either.
    expect(
      bindCredit([{ ...sbi, account_digits: "5555" }], payeeOf(hdfcSms("5555"), "sms", "VM-HDFCBK")),
    ).toMatchObject({ ok: false, reason: "other_account" });
  });

  it("sets aside a bank alert that names no account where that bank always names one", () => {
    expect(alwaysNamesAccount({ bankId: "hdfc" })).toBe(true);
    expect(bindCredit([hdfc], { account: null, upiId: null, bankId: "hdfc" })).toMatchObject({
      ok: false,
      reason: "no_account_named",
    });
  });

  it("ties nothing while no account has its digits", () => {
    expect(bindCredit([{ ...hdfc, account_digits: null }], payeeOf(hdfcSms("1234"), "sms", "VM-HDFCBK"))).toMatchObject(
      { ok: false, reason: "no_account_digits" },
    );
  });

  it("ties an alert that names the receiving UPI ID by that UPI ID", () => {
    const named = { account: null, upiId: "Q123456789@ybl", bankId: null, appId: "phonepe-business" };
    expect(bindCredit([hdfc, phonepe], named)).toEqual({ ok: true, accountIds: [2] });
    expect(bindCredit([hdfc, phonepe], { ...named, upiId: "someone.else@ybl" })).toMatchObject({
      ok: false,
      reason: "other_account",
    });
  });

  it("ties a payment app's notification (which names no account) to the accounts of that app, else to any", () => {
    // PhonePe Business's notification (ys-pro-duction/UNotifyer's ExampleUnitTest.kt).
    const payee = payeeOf(
      "You've received Rs 35 from Yogesh swami via PhonePe for txn T2503282015099540319782.",
      "app",
      "com.phonepe.app.business",
    );
    expect(payee).toMatchObject({ appId: "phonepe-business", bankId: null, account: null });
    expect(alwaysNamesAccount(payee)).toBe(false);
    expect(bindCredit([hdfc, phonepe, sbi], payee)).toEqual({ ok: true, accountIds: [2] });
    expect(bindCredit([hdfc, sbi], payee)).toEqual({ ok: true, accountIds: [1, 3] });
    // The app's own SMS (PhonePe Business from AX-PHONEPE-S) names the payer's masked number, never the account.
    expect(alwaysNamesAccount({ bankId: "phonepe" })).toBe(false);
    expect(bindCredit([hdfc, phonepe], { account: null, upiId: null, bankId: "phonepe" })).toEqual({
      ok: true,
      accountIds: [2],
    });
  });
});
