import { describe, expect, it, vi } from "vitest";
import { type AlertTemplate, compileTemplate, loadCustomTemplates } from "../custom-templates";
import { findAlertTime } from "./alert-fields";
import { creditTime, readAlert, readMailText, templateTime } from "./read-alert";

/**
 * One alert in each format the shop had a template for before the reader (docs/payments.md), as the
 * bank or app words it: the reader must read every one, with the sending bank's sender (SMS) or signing
 * domain (e-mail). The business apps' e-mail forms are gone: paytm.com, phonepe.com and google.com sign
 * mail whose text their users write, so no such mail is trusted (mail/domains.ts).
 */
const SAMPLES: { id: string; sender: string; text: string; vpa: string | null; time?: boolean }[] = [
  {
    id: "hdfc-sms",
    sender: "VM-HDFCBK",
    text: "Money Received - INR 348.97 in your HDFC Bank A/c xx1234 on 21-05-25 from asha.verma@okicici ASHA VERMA (UPI Ref No. 514212345678). Avl bal:INR 12,345.67",
    vpa: "asha.verma@okicici",
  },
  {
    id: "hdfc-email",
    sender: "hdfcbank.net",
    text: "Dear Customer,\n\nRs.348.97 has been successfully credited to your account **1234 by VPA asha.verma@okicici ASHA VERMA on 21-05-25. Your UPI transaction reference number is 514212345678.",
    vpa: "asha.verma@okicici",
  },
  {
    id: "icici-sms",
    sender: "AX-ICICIB-S",
    text: "ICICI Bank Acct XX123 credited:Rs. 348.97 on 21-May-25. Info UPI/514212345678/asha.verma@okicici. Available Balance is Rs. 1,234.56.",
    vpa: "asha.verma@okicici",
  },
  {
    id: "icici-email",
    sender: "icicibank.com",
    text: "Dear Customer, ICICI Bank Account XX123 has been credited with INR 348.97 on 21-May-25. Info: UPI/514212345678/asha.verma@okicici. The Available Balance is INR 1,234.56.",
    vpa: "asha.verma@okicici",
  },
  {
    id: "sbi-sms",
    sender: "JD-SBIUPI",
    text: "Dear SBI User, your A/c X1234-credited by Rs.348.97 on 21May25 transfer from ASHA VERMA Ref No 514212345678 -SBI",
    vpa: null,
  },
  {
    id: "sbi-email",
    sender: "alerts.sbi.co.in",
    text: "Dear Customer, Your A/C XXXXX1234 has a credit by transfer of Rs 348.97 on 21/05/25 by UPI/CR/514212345678/ASHA VERMA/ICIC/asha.verma@okicici. Avl Bal Rs 5,000.00 -SBI",
    vpa: "asha.verma@okicici",
  },
  {
    id: "axis-sms",
    sender: "VK-AXISBK",
    text: "INR 348.97 credited to A/c no. XX1234 on 21-05-25 at 10:31:05 IST. Info- UPI/P2M/514212345678/ASHA VERMA. Avl Bal- INR 1,234.56 - Axis Bank",
    vpa: null,
    time: true,
  },
  {
    id: "axis-email",
    sender: "axisbank.com",
    text: "Dear Customer, Your A/c no. XX1234 has been credited with INR 348.97 on 21-05-25 at 10:31:05 IST. Info: UPI/P2A/514212345678/ASHA VERMA/asha.verma@okicici",
    vpa: "asha.verma@okicici",
    time: true,
  },
  {
    id: "kotak-sms",
    sender: "BZ-KOTAKB",
    text: "Received Rs.348.97 in your Kotak Bank AC X8110 from asha.verma@okicici on 21-05-25.UPI Ref:514212345678.",
    vpa: "asha.verma@okicici",
  },
  {
    id: "kotak-email",
    sender: "kotak.com",
    text: "Dear Customer, Your account XXXX8110 has been credited with Rs. 348.97 on 21-05-2025 10:31 by UPI. Sender VPA: asha.verma@okicici. UPI Reference No: 514212345678",
    vpa: "asha.verma@okicici",
    time: true,
  },
  {
    id: "phonepe-business",
    sender: "VM-PHONPE",
    text: "Received ₹348.97 from Asha Verma (asha.verma@okicici) on PhonePe. UTR: 514212345678",
    vpa: "asha.verma@okicici",
  },
  {
    id: "paytm-business",
    sender: "JM-PYTMBZ",
    text: "Received Rs.348.97 from Asha Verma in your Paytm for Business account. UPI Ref No: 514212345678",
    vpa: null,
  },
];

const BANK_OF: Record<string, string> = {
  hdfc: "hdfc",
  icici: "icici",
  sbi: "sbi",
  axis: "axis",
  kotak: "kotak",
  phonepe: "phonepe",
  paytm: "paytm",
  gpay: "gpay",
};

describe("the built-in reader", () => {
  it.each(SAMPLES)("reads $id: amount, UTR, payer, with the sending bank's entry", (sample) => {
    const channel = sample.id.endsWith("email") ? "email" : "sms";
    const reading = readAlert(sample.text, { channel, sender: sample.sender });
    expect(reading).toMatchObject({
      credit: true,
      alert: {
        bankId: BANK_OF[sample.id.split("-")[0]!],
        by: "reader",
        amountPaise: 34_897,
        utr: "514212345678",
        ...(sample.vpa ? { payerVpa: sample.vpa } : {}),
      },
    });
    if (reading.credit && sample.time) {
      expect(reading.alert.alertTime).toBe(Date.UTC(2025, 4, 21, 5, 1, sample.id === "kotak-email" ? 0 : 5));
    }
  });

  it("reads an e-mail paragraph by paragraph: a footer about refunds or OTPs does not hide the alert", () => {
    const mail = `Dear Customer,\n\n${SAMPLES[1]!.text}\n\nNever share your OTP. Refunds take 7 days.\n\nWarm Regards, HDFC Bank`;
    expect(readMailText(mail, { sender: "hdfcbank.net" })).toMatchObject({ credit: true, alert: { bankId: "hdfc" } });
  });

  it("refuses an SMS in a bank's words from anyone but the bank's sender id, each with its reason", () => {
    const hdfc = SAMPLES[0]!.text;
    const refusals: [string | undefined, string, RegExp][] = [
      ["+919812345678", "unknown_sender", /phone number/],
      ["VM-HDFCBK-FAKE", "unknown_sender", /not a bank's sender id/],
      ["VM-HDFCBX", "lookalike_sender", /looks like HDFC Bank's HDFCBK/],
      ["AD-HDFCBKK-S", "lookalike_sender", /looks like HDFC Bank's HDFCBK/],
      ["VM-HDECBK", "lookalike_sender", /looks like HDFC Bank's HDFCBK/],
      ["AD-HDFCBK-P", "promotional_sender", /promotional route/],
      ["JD-SBIUPI\u0000", "unknown_sender", /not a bank's sender id/],
      [undefined, "no_sender", /no sender id/],
      // A genuine header of another bank: the text names HDFC Bank as the account's.
      ["AX-ICICIB-S", "other_bank", /names HDFC Bank as the account's bank, but came from ICICI Bank/],
    ];
    for (const [sender, reason, detail] of refusals) {
      const reading = readAlert(hdfc, { channel: "sms", sender });
      expect(reading, String(sender)).toMatchObject({ credit: false, reason });
      if (!reading.credit) expect(reading.detail).toMatch(detail);
    }
    expect(readAlert(hdfc, { channel: "sms", sender: "AD-HDFCBK-S" }).credit).toBe(true);
    expect(readAlert(hdfc, { channel: "sms", sender: "HDFCBK" }).credit).toBe(true);
  });

  it("does not read debits, requests, promises, failures, reversals, cards or OTPs as money received", () => {
    const texts = [
      "Rs 348.97 debited from a/c **1234 on 21-05-25 to VPA shop@okaxis (UPI Ref No 514212345678).",
      "Acct XX123 debited for Rs.348.97 on 21-May-25; UPI/514212345678/asha@okicici credited. ICICI Bank",
      "Money Received - INR 348.97 in your HDFC Bank A/c xx1234 on 21-05-25 from a@okicici (UPI Ref No. 514212345678) will be credited",
      "Asha has requested money Rs 348.97 on PhonePe. UTR: 514212345678",
      "Refund initiated: Rs 348.97 will reach your account. Ref 514212345678",
      "Rs 348.97 credited to your a/c XX1234 as reversal of failed txn UPI Ref 514212345678",
      "Payment of Rs 348.97 has been received on your HDFC Bank Credit Card XX1234. Ref 514212345678",
      "Your OTP is 514212. Received ₹348.97 from Asha Verma on PhonePe. UTR: 514212345678",
      "ASHA has received Rs 348.97 from your A/c XX1234 via NEFT. Ref no. 514212345678",
    ];
    for (const text of texts) {
      for (const sender of ["VM-HDFCBK", "AX-ICICIB", "VM-PHONPE"]) {
        expect(readAlert(text, { channel: "sms", sender }).credit, text).toBe(false);
      }
    }
  });

  it("reads the credited amount, not the balance, in every written form", () => {
    const forms: [string, number][] = [
      ["Rs.1,00,348.97 credited to A/c XX1234 on 21-05-25. Avl Bal Rs.2,00,000.00", 10_034_897],
      ["INR 13,30,614.75 has been credited to XXXX6785. Total Avail. Bal INR 2679815.88", 133_061_475],
      ["₹348.97 received in your A/c X1234. Bal:₹5,000.00", 34_897],
      ["Dear SBI UPI User, ur A/cX9709 credited by Rs519 on 05Jun25 (Ref no 333785625735)", 51_900],
      ["Rs. 5.000 credited to your A/c xxxxxx1234 on 03/01/2026", 500],
      ["AvlBal:Rs5678.90. Rs.500.00 Cr. to A/c XX789012 on 15-11-2024.", 50_000],
      ["Hi,Rs.1100credited in your A/c XX3223. Current Bal: Rs.1181.90", 110_000],
      ["Rs. INR 348.97 credited to A/c XX1234", 34_897],
    ];
    for (const [text, paise] of forms) {
      expect(readAlert(text, { channel: "sms", sender: "VM-HDFCBK" }), text).toMatchObject({
        credit: true,
        alert: { amountPaise: paise },
      });
    }
  });

  it("refuses two amounts that are not a balance, and a zero amount", () => {
    expect(
      readAlert("Rs 348.97 credited to A/c XX1234 from Rs 999.00 bonus. Ref 514212345678", {
        channel: "sms",
        sender: "VM-HDFCBK",
      }),
    ).toMatchObject({ credit: false, reason: "amount_unclear" });
    expect(
      readAlert(SAMPLES[9]!.text.replace("348.97", "0.00"), { channel: "sms", sender: "VM-PHONPE" }),
    ).toMatchObject({ credit: false, reason: "bad_amount" });
  });

  it("takes the reference only after the words that introduce one, never a phone or account number", () => {
    const refs: [string, string | null, string?][] = [
      ["Rs.2.00 credited to HDFC Bank A/c xx2536 on 07-12-24 from VPA a@axisbank (UPI 526830463424)", "526830463424"],
      [
        "Acct XX823 is credited with Rs 6000.00 on 26-Jun-25 from ASHA. UPI:517712345678-ICICI Bank",
        "517712345678",
        "AX-ICICIB-S",
      ],
      ["INR 25,000.00 deposited to A/c XX1234 towards UPI/CR/C224513287910/JOHN DOE/u", "224513287910"],
      ["A/C *XX1234 credited by Rs 25000.00 from x.y@ybl. RRN:510048508040. Avl Bal:105502.12", "510048508040"],
      ["Rs 500 credited to A/c XX1234. Call 919951860002 if not you", null],
      ["Rs 500 credited to A/c 123456789012 on 21-05-25", null],
      ["Rs 500 credited to A/c XX1234. UPI Ref 2222222222", null],
    ];
    for (const [text, utr, sender = "VM-HDFCBK"] of refs) {
      const reading = readAlert(text, { channel: "sms", sender });
      expect(reading.credit, text).toBe(true);
      if (reading.credit) expect(reading.alert.utr, text).toBe(utr);
    }
  });
});

describe("hostile text", () => {
  const genuine = SAMPLES[0]!.text;
  const read = (text: string) => readAlert(text, { channel: "sms", sender: "VM-HDFCBK" });

  it("refuses texts longer than any alert, before reading them", () => {
    expect(read("x".repeat(2_001))).toMatchObject({ credit: false, reason: "too_long" });
    expect(read(genuine + " ".repeat(10_000))).toMatchObject({ credit: false, reason: "too_long" });
    // NFKC can lengthen a text (ﷺ is 18 letters): the cap holds after it too.
    expect(read("\ufdfa".repeat(200) + genuine)).toMatchObject({ credit: false, reason: "too_long" });
  });

  it("refuses an e-mail paragraph longer than any alert whole, never a cut of it", () => {
    const long = `Rs 348.97 credited to your account **1234. ${"Lorem ipsum. ".repeat(200)} Ignore: it was debited.`;
    expect(readMailText(`Dear Customer,\n\n${long}`, { sender: "hdfcbank.net" })).toMatchObject({
      credit: false,
      reason: "too_long",
    });
  });

  it("refuses invisible characters in amounts, references and words", () => {
    for (const text of [
      genuine.replace("348.97", "3\u200b48.97"),
      genuine.replace("514212345678", "5142\u200d12345678"),
      genuine.replace("Money", "\u202eMoney"),
      `Rs 348.97 deb\u00adited from A/c XX1234; SHOP credited. Ref 514212345678`,
    ]) {
      expect(read(text)).toMatchObject({ credit: false, reason: "hidden_characters" });
    }
  });

  it("refuses look-alike letters and digits of other scripts, and folds compatibility forms as people read them", () => {
    for (const text of [
      genuine.replace("348.97", "3४8.97"),
      genuine.replace("514212345678", "51421234567٨"),
      "Rs 348.97 d\u0435bited from A/c XX1234; SHOP credited. Ref 514212345678",
      genuine.replace("Received", "Rec\u0435ived"),
    ]) {
      expect(read(text), text).toMatchObject({ credit: false, reason: "lookalike_characters" });
    }
    expect(read(genuine.replace("348.97", "３４８.９７"))).toMatchObject({
      credit: true,
      alert: { amountPaise: 34_897 },
    });
    expect(read("Rs.90.00 𝗌𝗉𝖾𝗇𝗍 on your A/c XX1234 at SHOP, merchant credited")).toMatchObject({ credit: false });
  });
});

describe("alert times", () => {
  it("reads IST dates and times, and refuses impossible ones", () => {
    expect(templateTime("21-May-25", "10:31 PM")).toBe(Date.UTC(2025, 4, 21, 17, 1));
    expect(templateTime("21/05/2025", "12:05 AM")).toBe(Date.UTC(2025, 4, 20, 18, 35));
    expect(templateTime("31-02-25", "10:00")).toBeNull();
    expect(templateTime("21-05-25", undefined)).toBeNull();
    expect(templateTime("21-13-25", "10:00")).toBeNull();
    expect(findAlertTime("credited on 18AUG2024 11:45:30 IMPS")).toBe(Date.UTC(2024, 7, 18, 6, 15, 30));
    expect(findAlertTime("On 2026-08-21 05:20:26")).toBe(Date.UTC(2026, 7, 20, 23, 50, 26));
    expect(findAlertTime("on 06/08/25 17:36. New Bal")).toBe(Date.UTC(2025, 7, 6, 12, 6));
    expect(findAlertTime("on 21-05-25 only")).toBeNull();
  });
  it("uses the alert's time only when it is plausible", () => {
    const received = Date.UTC(2025, 4, 21, 5, 2);
    expect(creditTime({ alertTime: Date.UTC(2025, 4, 21, 5, 1) }, received)).toBe(Date.UTC(2025, 4, 21, 5, 1));
    expect(creditTime({ alertTime: received + 3_600_000 }, received)).toBe(received);
    expect(creditTime({ alertTime: received - 3 * 86_400_000 }, received)).toBe(received);
    expect(creditTime({ alertTime: null }, received)).toBe(received);
  });
});

describe("operator templates", () => {
  const good = {
    name: "My bank",
    channel: "sms" as const,
    pattern: String.raw`^Got Rs\.? ?(?<amount>[\d,.]+) ref (?<utr>\d{12})`,
    senders: "MYBANK$",
  };

  it("are tried before the built-in reader, with their sender rule", () => {
    const checked = compileTemplate(good);
    expect(checked.ok).toBe(true);
    if (!checked.ok) return;
    const text = "Got Rs. 348.97 ref 514212345678";
    expect(readAlert(text, { channel: "sms", sender: "VM-MYBANK", custom: [checked.template] })).toMatchObject({
      credit: true,
      alert: { by: "custom-1", amountPaise: 34_897, utr: "514212345678" },
    });
    expect(readAlert(text, { channel: "sms", sender: "+91981234", custom: [checked.template] })).toMatchObject({
      credit: false,
      reason: "unknown_sender",
    });
  });

  it("check the sender before running any pattern", () => {
    const match = vi.fn(() => ({ amount: "348.97" }));
    const template: AlertTemplate = {
      id: "custom-1",
      label: "Spy",
      channel: "sms",
      sender: (s) => s === "VM-MYBANK",
      match,
    };
    readAlert("Got Rs 348.97", { channel: "sms", sender: "+919812345678", custom: [template] });
    readAlert("Got Rs 348.97", { channel: "sms", sender: "VM-HDFCBX", custom: [template] });
    expect(match).not.toHaveBeenCalled();
    readAlert("Got Rs 348.97", { channel: "sms", sender: "VM-MYBANK", custom: [template] });
    expect(match).toHaveBeenCalledTimes(1);
  });

  it("run on a linear-time engine: `.*.*.*` on a 2,000-character SMS is read (and fails) without backtracking", () => {
    const greedy = compileTemplate({ ...good, pattern: ".*.*.*(?<amount>Z{3}\\d)" });
    const nested = compileTemplate({ ...good, pattern: "(?<amount>(\\d+)+)x" });
    expect(greedy.ok && nested.ok).toBe(true);
    if (!greedy.ok || !nested.ok) return;
    const sms = "a".repeat(1_999) + "!";
    expect(readAlert(sms, { channel: "sms", sender: "VM-MYBANK", custom: [greedy.template] })).toMatchObject({
      credit: false,
    });
    expect(
      readAlert("1".repeat(1_990), { channel: "sms", sender: "VM-MYBANK", custom: [nested.template] }),
    ).toMatchObject({ credit: false });
  });

  it.each([
    [{ ...good, pattern: "Got (?<amount>[\\d.]+" }, /not a valid regular expression/],
    [{ ...good, pattern: "Got (?<amt>[\\d.]+)" }, /named amount/],
    [{ ...good, pattern: "Got (?<amount>[\\d.]+) (?<ref>\\d+)" }, /unknown group "ref"/],
    [{ ...good, pattern: "(?<amount>\\d+)(?=x)" }, /lookaround/],
    [{ ...good, pattern: "(?<amount>(\\d)\\1)" }, /back-reference/],
    [{ ...good, senders: "" }, /sender ids/],
    [{ ...good, senders: "(" }, /sender pattern is not a valid/],
    [{ ...good, name: "" }, /name/],
    [{ ...good, channel: "fax" as "sms" }, /SMS or e-mail/],
  ])("refuse %#: a clear message", (input, message) => {
    const checked = compileTemplate(input);
    expect(checked.ok).toBe(false);
    if (!checked.ok) expect(checked.message).toMatch(message);
  });

  it("load from settings, skipping anything that is not a template", () => {
    const loaded = loadCustomTemplates(JSON.stringify([good, { name: 1 }, { ...good, pattern: "(" }]));
    expect(loaded.inputs).toHaveLength(2);
    expect(loaded.templates).toHaveLength(1);
    expect(loadCustomTemplates("not json").templates).toEqual([]);
  });
});
