import { describe, expect, it } from "vitest";
import { alertTime, creditTime, parseAlert } from "./alert-parser";
import { BUILT_IN_TEMPLATES } from "./alert-templates";
import { compileTemplate, loadCustomTemplates } from "./custom-templates";

/** One alert in each built-in format, as the bank or app words it (docs/payments.md). */
const SAMPLES: { id: string; sender?: string; text: string; vpa: string | null; time?: boolean }[] = [
  {
    id: "hdfc-sms",
    sender: "VM-HDFCBK",
    text: "Money Received - INR 348.97 in your HDFC Bank A/c xx1234 on 21-05-25 from asha.verma@okicici ASHA VERMA (UPI Ref No. 514212345678). Avl bal:INR 12,345.67",
    vpa: "asha.verma@okicici",
  },
  {
    id: "hdfc-email",
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
    id: "phonepe-business-email",
    text: "Payment of ₹348.97 received from Asha Verma (asha.verma@okicici). UTR: 514212345678",
    vpa: "asha.verma@okicici",
  },
  {
    id: "paytm-business",
    sender: "JM-PYTMBZ",
    text: "Received Rs.348.97 from Asha Verma in your Paytm for Business account. UPI Ref No: 514212345678",
    vpa: null,
  },
  {
    id: "paytm-business-email",
    text: "You have received a payment of ₹348.97 from Asha Verma (asha.verma@okicici). UPI Ref No: 514212345678",
    vpa: "asha.verma@okicici",
  },
  {
    id: "gpay-business",
    sender: "com.google.android.apps.nbu.paisa.merchant",
    text: "₹348.97 received from Asha Verma. UPI transaction ID: 514212345678",
    vpa: null,
  },
  {
    id: "gpay-business-email",
    text: "You received ₹348.97 from Asha Verma (asha.verma@okicici). UPI transaction ID: 514212345678",
    vpa: "asha.verma@okicici",
  },
];

describe("built-in alert templates", () => {
  it("has a sample for every template", () => {
    expect(SAMPLES.map((s) => s.id).sort()).toEqual(BUILT_IN_TEMPLATES.map((t) => t.id).sort());
  });

  it.each(SAMPLES)("reads $id: amount, UTR, payer", (sample) => {
    const channel = sample.id.endsWith("email") ? "email" : "sms";
    const parsed = parseAlert(sample.text, { channel, sender: sample.sender });
    expect(parsed).toMatchObject({
      ok: true,
      alert: { templateId: sample.id, amountPaise: 34_897, utr: "514212345678", payerVpa: sample.vpa },
    });
    if (parsed.ok && sample.time)
      expect(parsed.alert.alertTime).toBe(Date.UTC(2025, 4, 21, 5, 1, sample.id === "kotak-email" ? 0 : 5));
  });

  it("refuses an SMS in a bank's words from anyone but the bank's sender id", () => {
    const hdfc = SAMPLES[0]!;
    expect(parseAlert(hdfc.text, { channel: "sms", sender: "+919812345678" })).toEqual({
      ok: false,
      reason: "untrusted_sender",
    });
    expect(parseAlert(hdfc.text, { channel: "sms", sender: "VM-HDFCBK-FAKE" })).toMatchObject({ ok: false });
    expect(parseAlert(hdfc.text, { channel: "sms" })).toMatchObject({ ok: false });
  });

  it("does not read debits, requests, refunds or failures as money received", () => {
    const texts = [
      "Rs 348.97 debited from a/c **1234 on 21-05-25 to VPA shop@okaxis (UPI Ref No 514212345678).",
      "Acct XX123 debited for Rs.348.97 on 21-May-25; UPI/514212345678/asha@okicici credited. ICICI Bank",
      "Money Received - INR 348.97 in your HDFC Bank A/c xx1234 on 21-05-25 from a@okicici (UPI Ref No. 514212345678) will be credited",
      "Asha has requested money Rs 348.97 on PhonePe. UTR: 514212345678",
      "Received ₹348.97 from Asha Verma on PhonePe. UTR: 514212345678 refund",
      "Your OTP is 514212. Received ₹348.97 from Asha Verma on PhonePe. UTR: 514212345678",
    ];
    for (const text of texts) {
      for (const sender of ["VM-HDFCBK", "AX-ICICIB", "VM-PHONPE"]) {
        expect(parseAlert(text, { channel: "sms", sender }).ok, text).toBe(false);
      }
    }
  });

  it("refuses a text longer than any alert and a zero amount", () => {
    expect(parseAlert("x".repeat(2_001), { channel: "sms" })).toEqual({ ok: false, reason: "too_long" });
    const zero = SAMPLES[10]!.text.replace("348.97", "0.00");
    expect(parseAlert(zero, { channel: "sms", sender: "VM-PHONPE" })).toEqual({ ok: false, reason: "bad_amount" });
  });

  it("reads grouped Indian amounts", () => {
    const text =
      "Received Rs.1,00,348.97 in your Kotak Bank AC X8110 from a.b@okicici on 21-05-25.UPI Ref:514212345678.";
    expect(parseAlert(text, { channel: "sms", sender: "KOTAKB" })).toMatchObject({
      alert: { amountPaise: 10_034_897 },
    });
  });
});

describe("alert times", () => {
  it("reads IST dates and times, and refuses impossible ones", () => {
    expect(alertTime("21-May-25", "10:31 PM")).toBe(Date.UTC(2025, 4, 21, 17, 1));
    expect(alertTime("21/05/2025", "12:05 AM")).toBe(Date.UTC(2025, 4, 20, 18, 35));
    expect(alertTime("31-02-25", "10:00")).toBeNull();
    expect(alertTime("21-05-25", undefined)).toBeNull();
    expect(alertTime("21-13-25", "10:00")).toBeNull();
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

  it("are tried before the built-in ones, with their sender rule", () => {
    const checked = compileTemplate(good);
    expect(checked.ok).toBe(true);
    if (!checked.ok) return;
    const text = "Got Rs. 348.97 ref 514212345678";
    expect(parseAlert(text, { channel: "sms", sender: "VM-MYBANK", custom: [checked.template] })).toMatchObject({
      ok: true,
      alert: { templateId: "custom-1", amountPaise: 34_897, utr: "514212345678" },
    });
    expect(parseAlert(text, { channel: "sms", sender: "+91981234", custom: [checked.template] })).toMatchObject({
      ok: false,
      reason: "untrusted_sender",
    });
  });

  it.each([
    [{ ...good, pattern: "Got (?<amount>[\\d.]+" }, /not a valid regular expression/],
    [{ ...good, pattern: "Got (?<amt>[\\d.]+)" }, /named amount/],
    [{ ...good, pattern: "Got (?<amount>[\\d.]+) (?<ref>\\d+)" }, /unknown group "ref"/],
    [{ ...good, pattern: "(?<amount>(\\d+)+)" }, /hang/],
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
