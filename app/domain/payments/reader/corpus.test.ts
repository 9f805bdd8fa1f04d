import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { type CheckItem, type CheckedItem, checkAlerts, parseCheckInput } from "./check-alerts";

/**
 * The reader measured on real alert texts (tests/fixtures/bank-alerts/README.md): the shared
 * development corpus (265 texts, 29 banks and apps) and a hold-out set written down before the
 * reader was, from sources and banks the corpus lacks. Read exactly as `npm run alerts -- check`
 * reads them, senders as the sources give them. Issue 31's bar: ≥ 95% of UPI credits and ≥ 90% of
 * all credits read with the right amount and (where the text has one) reference, and no non-credit
 * taken for a credit. The figures are in docs/payments.md.
 */

interface CorpusItem extends CheckItem {
  title?: string;
  bigText?: string;
  lines?: string[];
  expect: { credit: boolean; amount?: number; utr?: string; kind?: string };
}

const load = (name: string) =>
  JSON.parse(
    readFileSync(new URL(`../../../../tests/fixtures/bank-alerts/${name}`, import.meta.url), "utf8"),
  ) as CorpusItem[];

interface Figures {
  credits: number;
  creditsRead: number;
  upi: number;
  upiRead: number;
  falseCredits: CorpusItem[];
  missed: { item: CorpusItem; got: CheckedItem }[];
}

function measure(items: CorpusItem[]): Figures {
  const parsed = parseCheckInput(items);
  if (!parsed.ok) throw new Error(parsed.message);
  const { items: got } = checkAlerts(parsed.items);
  const figures: Figures = { credits: 0, creditsRead: 0, upi: 0, upiRead: 0, falseCredits: [], missed: [] };
  items.forEach((item, i) => {
    const result = got[i]!;
    const { expect: want } = item;
    if (!want.credit) {
      if (result.credit) figures.falseCredits.push(item);
      else expect(result.reason, item.text).toMatch(/\w/);
      return;
    }
    const upi = want.kind === "upi";
    figures.credits++;
    if (upi) figures.upi++;
    const right =
      result.credit &&
      Math.round(result.amount! * 100) === Math.round(want.amount! * 100) &&
      (want.utr === undefined || result.utr === want.utr);
    if (right) {
      figures.creditsRead++;
      if (upi) figures.upiRead++;
    } else figures.missed.push({ item, got: result });
  });
  return figures;
}

const share = (n: number, of: number) => n / of;

describe("the reader on the shared corpus of real bank alerts", () => {
  const corpus = load("corpus.json");
  const figures = measure(corpus);

  it("takes no debit, OTP, request, card refund or promotion for a credit", () => {
    expect(figures.falseCredits.map((i) => i.text)).toEqual([]);
  });

  it("reads ≥ 95% of UPI credits and ≥ 90% of all credits with the right amount and reference", () => {
    expect(share(figures.upiRead, figures.upi)).toBeGreaterThanOrEqual(0.95);
    expect(share(figures.creditsRead, figures.credits)).toBeGreaterThanOrEqual(0.9);
  });

  it("misses a credit only for a sender that is no bank's DLT header, or for a refund, and says so", () => {
    // The fixtures give "slice", "INDIAN", "SARASWAT", "SARASWATBANK" for a few texts: names, not the headers
    // the networks deliver; the shop refuses them as any sender it cannot tie to a bank. The corpus counts a
    // refund credited to the account as a credit; the shop never takes a refund for a buyer's payment.
    for (const { item, got } of figures.missed) {
      expect(got.reason, `${item.sender}: ${item.text}`).toMatch(
        /not (?:a bank's sender id|the sender id of a bank)|looks like|it is a refund/,
      );
    }
  });

  it("reads every other credit when the text comes from the bank's own header", () => {
    const fromBank = corpus.map((item) => ({ ...item, sender: null }));
    const again = measure(fromBank);
    expect(again.falseCredits).toEqual([]);
    for (const { got } of again.missed) expect(got.reason).toMatch(/it is a refund/);
    expect(again.missed.length).toBeLessThanOrEqual(2);
  });
});

describe("the reader on alerts it was not developed on", () => {
  const holdout = load("holdout.json");
  const figures = measure(holdout);

  it("reads their credits and takes none of their near misses for one", () => {
    expect(figures.falseCredits.map((i) => i.text)).toEqual([]);
    expect(share(figures.creditsRead, figures.credits)).toBeGreaterThanOrEqual(0.9);
  });
});

describe("the reader on a second set of real texts it was not developed on", () => {
  // tests/fixtures/bank-alerts/unseen.json (issue 44): 83 texts found in public parsers' tests and issue
  // reports after the reader was built, each with its source, none from the shared corpus. Before issue 44's
  // changes the reader read 13/29 credits (5/7 UPI), refusing 15 for senders the registry lacked and three
  // for the kinds issue 44 names.
  const unseen = load("unseen.json");
  const figures = measure(unseen);

  it("takes none of their non-credits for a credit, money sent and money blocked included", () => {
    expect(figures.falseCredits.map((i) => i.text)).toEqual([]);
  });

  it("reads their credits with the right amount and reference", () => {
    expect(share(figures.creditsRead, figures.credits)).toBeGreaterThanOrEqual(0.95);
    expect(share(figures.upiRead, figures.upi)).toBeGreaterThanOrEqual(6 / 7);
    for (const { item, got } of figures.missed) {
      // The one miss: a sender the source gives as a name ("slice"), not the header a phone shows.
      expect(got.reason, item.text).toMatch(/looks like|not (?:a bank's sender id|the sender id of a bank)/);
    }
  });
});

describe("the reader on a third set of real texts it was not developed on (issue 44's bar)", () => {
  // tests/fixtures/bank-alerts/held-out-2.json: 193 real alerts, 177 SMS and 16 HDFC/Axis e-mails (74 credits,
  // 44 of them UPI; 119 debits, card spends and card payments, sent confirmations, collect requests, mandates
  // and blocks, refunds, statements, OTPs) from public parsers' tests and SMS-backup replays, each with its
  // source, none in the shared corpus or the earlier sets. Before this round the reader read 72/74 credits
  // (43/44 UPI) and took no non-credit.
  const heldOut = load("held-out-2.json");
  const figures = measure(heldOut);

  it("takes none of its non-credits for a credit", () => {
    expect(figures.falseCredits.map((i) => i.text)).toEqual([]);
  });

  it("reads ≥ 95% of its UPI credits and ≥ 90% of all its credits with the right amount and reference", () => {
    expect(figures.upi).toBeGreaterThanOrEqual(30);
    expect(share(figures.upiRead, figures.upi)).toBeGreaterThanOrEqual(0.95);
    expect(share(figures.creditsRead, figures.credits)).toBeGreaterThanOrEqual(0.9);
    for (const { item, got } of figures.missed) {
      // The one miss: a test's "AD-IPPB", which is not IPPB's header (IPBMSG); refused as any unknown sender.
      expect(got.reason, item.text).toMatch(/not the sender id of a bank/);
    }
  });
});

describe("the reader on payment apps' notifications", () => {
  // tests/fixtures/bank-alerts/notifications.json: PhonePe Business, Paytm for Business, Google Pay for
  // Business and BharatPe notifications from public listeners' tests and logs, each with its source.
  const notifications = load("notifications.json");
  const figures = measure(notifications);

  it("reads their payments and takes no refund or amount-less push for one", () => {
    expect(figures.falseCredits).toEqual([]);
    expect(share(figures.creditsRead, figures.credits)).toBeGreaterThanOrEqual(0.9);
    for (const { got } of figures.missed) {
      // BharatPe's custom layout shows the amount with no word saying it was received: never guessed.
      expect(got.reason).toMatch(/no words say money was received/);
    }
  });
});
