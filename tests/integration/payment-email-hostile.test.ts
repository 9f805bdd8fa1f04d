import { dkimSign } from "mailauth";
import fc from "fast-check";
import pino from "pino";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { AppServices } from "~/context";
import { type DatabaseHandle, openDatabase } from "~/db/database.server";
import { migrateToLatest } from "~/db/migrate.server";
import { createOrder } from "~/domain/checkout/create-order.server";
import type { MailboxSettings } from "~/domain/payments/mail/mailbox-config";
import { readAlertMail } from "~/domain/payments/mail/read-alert.server";
import { createSettingsCache, writeSettings } from "~/domain/settings/settings.server";
import { loadConfig } from "~/lib/server/config.server";
import {
  type DkimKey,
  dkimKey,
  hdfcCreditText,
  rawMail,
  resolverFor,
  signedMail,
  txtRecords,
  withPrepended,
} from "../support/bank-mail";
import { type TestDatabase, testDatabases } from "../support/databases";
import { rupees } from "../support/sms";
import { setFirstAccount } from "../support/accounts";

/**
 * A thousand hostile messages in the alert mailbox, each built around an open
 * order's exact amount, through the real trust check (DKIM with a resolver
 * that knows the bank's one genuine key and whatever keys attackers publish
 * for their own domains, or the receiving host's topmost
 * Authentication-Results) and the real matcher: none pays an order, none
 * throws out of the reader's per-message step, and the bank's genuine alert
 * read afterwards still confirms its order.
 */

const RECEIVING_HOST = "mx.shop.test";
const SHOP_ADDRESS = "shop.alerts@example.in";
const BANK_FROM = "HDFC Bank InstaAlerts <alerts@hdfcbank.net>";
const logger = pino({ level: "silent" });

const LOOKALIKES = [
  "hdfcbank.net.evil.example",
  "hdfcbank-net.com",
  "evilhdfcbank.net",
  "hdfcbank.nett",
  "hdfcbanknet.in",
  "xn--hdfcbnk-6fg.net",
  "alerts-hdfcbank.net",
];

/** Wordings a genuine bank signs that are not money received, each around the amount. */
const NOT_CREDITS: ((amount: string, utr: string) => string)[] = [
  (a, u) => `Dear Customer, Rs.${a} has been debited from account **1234 to VPA shop@okaxis on 21-05-25. UPI ref ${u}.`,
  (a, u) =>
    `Dear Customer, Rs.${a} will be credited to your account **1234 by VPA asha@okicici once approved. Ref ${u}.`,
  (a, u) =>
    `Dear Customer, Rs.${a} has been successfully credited to your account **1234 as a refund of UPI transaction ${u}.`,
  (a) => `482913 is your OTP to receive Rs.${a} credited to account **1234.`,
  (a, u) => `Dear Customer, a collect request of Rs.${a} from VPA asha@okicici was declined. Ref ${u}.`,
  (a, u) => `Dear Customer, your UPI transaction of Rs.${a} credited to account **1234 has been reversed. Ref ${u}.`,
  (a, u) => `Dear Customer, Rs.${a} is to be credited to your account **1234 by VPA asha@okicici. Ref ${u}.`,
];

describe.each(testDatabases())("hostile bank e-mails on $name", (kind: TestDatabase) => {
  const hdfc = dkimKey("hdfcbank.net");
  // The same selector and domain as the bank's, but not the bank's key.
  const impostor: DkimKey = { ...dkimKey("hdfcbank.net"), txt: hdfc.txt };
  const attacker = dkimKey("evil-payments.example");
  const lookalikes = LOOKALIKES.map((d) => dkimKey(d));
  // The bank's key, and whatever keys attackers publish in DNS for domains they own.
  const resolver = resolverFor(txtRecords([hdfc, attacker, ...lookalikes]));
  const settings: Pick<MailboxSettings, "allowedDomains" | "receivingHost" | "recipients"> = {
    allowedDomains: ["hdfcbank.net", "icicibank.com"],
    receivingHost: RECEIVING_HOST,
    recipients: [SHOP_ADDRESS],
  };
  let handle: DatabaseHandle;
  let drop: () => Promise<void>;
  let services: Pick<AppServices, "db" | "settings" | "config" | "logger">;
  let amounts: number[] = [];
  let orderIds: string[] = [];

  beforeAll(async () => {
    const created = await kind.create();
    drop = created.drop;
    handle = openDatabase(created.target);
    await migrateToLatest(handle.db, handle.dialect);
    await writeSettings(handle.db, { upiId: "shop@okaxis", merchantName: "Boost Shop", autoSendPaidOrders: false });
    await setFirstAccount(handle.db, { digits: "1234" });
    const now = Date.now();
    const plan = await handle.db
      .insertInto("plans")
      .values({
        service_type: "followers",
        name: "Popular",
        quantity: 1000,
        price_paise: 34_900,
        tag: null,
        is_enabled: 1,
        created_at: now,
        updated_at: now,
      })
      .returning("id")
      .executeTakeFirstOrThrow();
    services = { db: handle.db, settings: createSettingsCache(handle.db, 0), config: loadConfig({}), logger };
    const orders = [];
    for (let i = 0; i < 8; i++) {
      orders.push(
        await createOrder({ ...services, dialect: handle.dialect } as AppServices, {
          planId: plan.id,
          username: `mail.buyer.${i}`,
          customerName: "Asha Verma",
          customerPhone: `98${String(10_000_000 + i).slice(-8)}`,
          agreedToTerms: true,
        }),
      );
    }
    amounts = orders.map((o) => o.order.price_paise);
    orderIds = orders.map((o) => o.order.order_id);
  });
  afterAll(async () => {
    await handle?.close();
    await drop?.();
  });

  const paidCount = async () =>
    (await handle.db.selectFrom("orders").select("order_id").where("paid_at", "is not", null).execute()).length;

  const utr = fc.integer({ min: 100_000_000_000, max: 999_999_999_999 }).map(String);
  const credit = fc.record({ order: fc.nat({ max: 7 }), utr }).map(({ order, utr }) => ({
    amount: amounts[order]!,
    text: hdfcCreditText(amounts[order]!, utr),
  }));
  const header = (name: string, value: string) => `${name}: ${value}`;

  type Sample = { what: string; make: () => Promise<string | Buffer> };
  const sample = <T>(what: string, arb: fc.Arbitrary<T>, make: (v: T) => Promise<string | Buffer> | string | Buffer) =>
    arb.map((v): Sample => ({ what, make: async () => make(v) }));

  const authResults = fc.constantFrom(
    // Another host's verdict, on top.
    `Authentication-Results: mx.evil.example; dkim=pass header.d=hdfcbank.net`,
    `Authentication-Results: mx.shop.test.evil.example; dkim=pass header.d=hdfcbank.net`,
    `Authentication-Results: mx.shop.tes; dkim=pass header.d=hdfcbank.net`,
    `Authentication-Results: evil.example mx.shop.test; dkim=pass header.d=hdfcbank.net`,
    // The receiving host's own verdict, but not a pass aligned with the bank.
    `Authentication-Results: ${RECEIVING_HOST}; dkim=fail header.d=hdfcbank.net`,
    `Authentication-Results: ${RECEIVING_HOST}; dkim=none; spf=pass smtp.mailfrom=hdfcbank.net`,
    `Authentication-Results: ${RECEIVING_HOST}; dkim=neutral header.d=hdfcbank.net`,
    `Authentication-Results: ${RECEIVING_HOST}; dkim=fail (dkim=pass header.d=hdfcbank.net) header.d=hdfcbank.net`,
    `Authentication-Results: ${RECEIVING_HOST}; dkim=pass header.d=evil-payments.example`,
    `Authentication-Results: ${RECEIVING_HOST}; dkim=pass header.d=hdfcbank.net.evil.example`,
    `Authentication-Results: ${RECEIVING_HOST}; dkim=pass header.i=@evilhdfcbank.net`,
    `Authentication-Results: ${RECEIVING_HOST}; spf=pass smtp.mailfrom=alerts@hdfcbank.net; dmarc=pass header.from=hdfcbank.net`,
    `Authentication-Results: ${RECEIVING_HOST}; dkim=policy header.d=hdfcbank.net`,
    `ARC-Authentication-Results: i=1; ${RECEIVING_HOST}; dkim=pass header.d=hdfcbank.net`,
    `X-Authentication-Results: ${RECEIVING_HOST}; dkim=pass header.d=hdfcbank.net`,
  );

  const brokenMime = fc.constantFrom(
    (t: string) =>
      rawMail(`--b1\r\nContent-Type: text/plain\r\n\r\n${t}\r\n--b2--\r\n`, {
        extraHeaders: ['Content-Type: multipart/alternative; boundary="b1'],
      }).replace("Content-Type: text/plain; charset=utf-8\r\n", ""),
    (t: string) =>
      rawMail(`--x\r\n\r\n${t}`, { extraHeaders: ["Content-Type: multipart/mixed; boundary="] }).replace(
        "Content-Type: text/plain; charset=utf-8\r\n",
        "",
      ),
    (t: string) =>
      rawMail(`${Buffer.from(t).toString("base64").slice(3)}!!@@==\r\n==AA`, {
        extraHeaders: ["Content-Transfer-Encoding: base64"],
      }),
    (t: string) =>
      rawMail(t, { extraHeaders: ["Content-Transfer-Encoding: quoted-printable"] }).replace(/\./g, "=ZZ=\r\n="),
    (t: string) =>
      rawMail(t).replace("charset=utf-8", 'charset="x-unknown-\u0000-charset"').replace("Rs.", "Rs.\u0000"),
    (t: string) => rawMail(t).replace("charset=utf-8", "charset=utf-7") + "\u0000".repeat(50),
    (t: string) => rawMail(t).split("\r\n\r\n")[0]!,
    (t: string) => `${rawMail(t).split("\r\n\r\n")[0]!}\r\n`,
    (t: string) => rawMail(t).replace(/\r\n/g, "\n").replace("\n\n", "\n"),
    (t: string) => rawMail(t).replace(/\r\n/g, "\r"),
    (t: string) => `\r\n\r\n${t}`,
    (t: string) => `From alerts@hdfcbank.net\r\n${rawMail(t)}`,
    (t: string) =>
      rawMail(t, { subject: `=?utf-8?B?${"\u0000".repeat(3)}=?= =?bogus?Q?Rs=2E=00?= ${"x".repeat(5000)}` }),
    (t: string) =>
      rawMail(`--b\r\nContent-Type: message/rfc822\r\n\r\n--b\r\nContent-Type: text/plain\r\n\r\n${t}\r\n`.repeat(20), {
        extraHeaders: ['Content-Type: multipart/mixed; boundary="b"'],
      }).replace("Content-Type: text/plain; charset=utf-8\r\n", ""),
    (t: string) => rawMail(t, { from: "<alerts@hdfcbank.net>, <alerts@hdfcbank.net>" }),
    (t: string) => rawMail(t, { from: "alerts@hdfcbank.net\u0000@evil.example" }),
    (t: string) => rawMail(t, { extraHeaders: [header("From", "alerts@evil.example")] }),
    (t: string) => rawMail(t, { messageId: `<${"\u0000".repeat(10)}${"<".repeat(400)}>` }),
    (t: string) => rawMail(t, { extraHeaders: ["Date: Mon, 99 Foo 99999 99:99:99 +9999"] }),
  );

  const common: fc.Arbitrary<Sample> = fc.oneof(
    sample("unsigned, From the bank", credit, ({ text }) => rawMail(text)),
    sample("unsigned, From the bank, Message-ID of the bank's", credit, ({ text }) =>
      rawMail(text, { messageId: "<credit-1@hdfcbank.net>", subject: "You have received money" }),
    ),
    sample("signed with another key for the bank's domain and selector", credit, ({ text }) =>
      signedMail(impostor, text),
    ),
    sample("signed for the bank's domain with an unpublished selector", credit, ({ text }) =>
      signedMail({ ...impostor, selector: "s2099" }, text),
    ),
    sample("attacker's domain signs, From spoofed as the bank", credit, ({ text }) => signedMail(attacker, text)),
    sample(
      "look-alike domain signs for its own From",
      fc.tuple(credit, fc.nat({ max: lookalikes.length - 1 })),
      ([{ text }, i]) => signedMail(lookalikes[i]!, text, { from: `HDFC Bank <alerts@${lookalikes[i]!.domain}>` }),
    ),
    sample(
      "look-alike domain signs, From the bank",
      fc.tuple(credit, fc.nat({ max: lookalikes.length - 1 })),
      ([{ text }, i]) => signedMail(lookalikes[i]!, text),
    ),
    sample("Authentication-Results not the receiving host's pass", fc.tuple(credit, authResults), ([{ text }, ar]) =>
      withPrepended(rawMail(text), [ar]),
    ),
    sample(
      "the receiving host's dkim=pass below its topmost verdict",
      // The receiving host always stamps its own verdict on top: the sender's copy of it is never the topmost.
      fc.tuple(
        credit,
        authResults.filter((ar) => ar.startsWith("Authentication-Results:")),
      ),
      ([{ text }, ar]) =>
        withPrepended(
          rawMail(text, {
            extraHeaders: [`Authentication-Results: ${RECEIVING_HOST}; dkim=pass header.d=hdfcbank.net`],
          }),
          [ar],
        ),
    ),
    sample("a pass written by the sender below the receiving host's none", credit, ({ text }) =>
      withPrepended(
        rawMail(text, {
          extraHeaders: [`Authentication-Results: ${RECEIVING_HOST}; dkim=pass header.d=hdfcbank.net`],
        }),
        [`Authentication-Results: ${RECEIVING_HOST}; dkim=none`],
      ),
    ),
    sample("the receiving host's pass for the bank, From another domain", credit, ({ text }) =>
      withPrepended(rawMail(text, { from: "HDFC Bank <alerts@hdfcbank-alerts.example>" }), [
        `Authentication-Results: ${RECEIVING_HOST}; dkim=pass header.d=hdfcbank.net`,
      ]),
    ),
    sample("the receiving host's pass for the bank, addressed to someone else", credit, ({ text }) =>
      withPrepended(rawMail(text, { to: "someone@evil.example" }), [
        `Authentication-Results: ${RECEIVING_HOST}; dkim=pass header.d=hdfcbank.net`,
      ]),
    ),
    sample(
      "the bank's signed alert with its body changed to another order's amount",
      fc.tuple(credit, fc.nat({ max: 7 })),
      async ([{ amount, text }, other]) => {
        const signed = await signedMail(hdfc, text.replace(`Rs.${rupees(amount)}`, `Rs.${rupees(amount + 10_000)}`));
        return signed.replace(`Rs.${rupees(amount + 10_000)}`, `Rs.${rupees(amounts[other]!)}`);
      },
    ),
    sample("the bank's signed debit with 'debited' changed to 'credited'", credit, async ({ amount }) => {
      const signed = await signedMail(hdfc, NOT_CREDITS[0]!(rupees(amount), "612345678901"));
      return signed.replace(
        "has been debited from account **1234 to",
        "has been successfully credited to your account **1234 by",
      );
    }),
    sample("the bank's signed newsletter with a credit appended", credit, async ({ text }) => {
      const signed = await signedMail(hdfc, "Dear Customer,\r\n\r\nUpdate your KYC today.\r\n");
      return `${signed}\r\n${text}`;
    }),
    sample("signed with l= over a harmless body, the credit appended unsigned", credit, async ({ text }) => {
      const head = "Dear Customer,\r\n\r\nUpdate your KYC today.\r\n";
      const message = rawMail(head);
      const { signatures } = await dkimSign(message, {
        // A fixed time: without one, mailauth reads the clock twice and a second turning in between breaks the signature.
        signTime: new Date(),
        signatureData: [
          {
            signingDomain: hdfc.domain,
            selector: hdfc.selector,
            privateKey: hdfc.privateKey,
            maxBodyLength: head.length,
          },
        ],
      } as unknown as Parameters<typeof dkimSign>[1]);
      return `${signatures}${message}\r\n${text}`;
    }),
    sample(
      "the bank's server signs a message whose From it does not sign, the bank's From added",
      credit,
      async ({ text }) => {
        const message = rawMail(text).replace(/^From: .*\r\n/m, "");
        const { signatures } = await dkimSign(message, {
          signTime: new Date(),
          signatureData: [{ signingDomain: hdfc.domain, selector: hdfc.selector, privateKey: hdfc.privateKey }],
        } as unknown as Parameters<typeof dkimSign>[1]);
        return `${signatures}From: ${BANK_FROM}\r\n${message}`;
      },
    ),
    sample("the bank's genuine alert about another account, sent on", credit, ({ text }) =>
      signedMail(hdfc, text, { to: "attacker@evil.example" }),
    ),
    sample("the bank's alert to someone else with the shop's To added above", credit, async ({ text }) =>
      withPrepended(await signedMail(hdfc, text, { to: "attacker@evil.example" }), [header("To", SHOP_ADDRESS)]),
    ),
    sample("the bank's signed alert with its To rewritten", credit, async ({ text }) =>
      (await signedMail(hdfc, text, { to: "attacker@evil.example" })).replace(
        "To: attacker@evil.example",
        `To: ${SHOP_ADDRESS}`,
      ),
    ),
    sample("a second From added above the bank's signed alert", credit, async ({ text }) =>
      withPrepended(await signedMail(hdfc, text), [header("From", "alerts@evil-payments.example")]),
    ),
    sample(
      "the bank's signed words that are not money received",
      fc.tuple(credit, utr, fc.nat({ max: NOT_CREDITS.length - 1 })),
      ([{ amount }, u, i]) => signedMail(hdfc, NOT_CREDITS[i]!(rupees(amount), u)),
    ),
    sample("malformed MIME around a credit", fc.tuple(credit, brokenMime), ([{ text }, broken]) => broken(text)),
    sample("malformed MIME, attacker-signed", fc.tuple(credit, brokenMime), async ([{ text }, broken]) => {
      const bad = broken(text);
      const { signatures } = await dkimSign(bad, {
        signTime: new Date(),
        signatureData: [
          { signingDomain: attacker.domain, selector: attacker.selector, privateKey: attacker.privateKey },
        ],
      } as unknown as Parameters<typeof dkimSign>[1]);
      return `${signatures}${bad}`;
    }),
    sample("random bytes", fc.uint8Array({ maxLength: 2048 }), (bytes) => Buffer.from(bytes)),
    sample(
      "random header and body text around a credit",
      fc.tuple(credit, fc.string({ unit: "binary", maxLength: 300 }), fc.string({ unit: "binary", maxLength: 300 })),
      ([{ text }, h, b]) => `${h}\r\n${rawMail(`${b}\r\n\r\n${text}`)}`,
    ),
  );
  // A few only: each is parsed and hashed in full.
  const corpus = fc.oneof(
    { weight: 199, arbitrary: common },
    {
      weight: 1,
      arbitrary: sample(
        "huge message (over the reader's size limit)",
        fc.tuple(credit, fc.constantFrom("start", "end")),
        ([{ text }, where]) => {
          const filler = `${"Lorem ipsum dolor sit amet. ".repeat(40)}\r\n\r\n`.repeat(1_000);
          return rawMail(where === "start" ? `${text}\r\n\r\n${filler}` : `${filler}${text}`);
        },
      ),
    },
  );

  it("reads a message with NUL bytes in its Subject and Message-ID as an outcome, not an error", async () => {
    // Found by the corpus below: PostgreSQL refuses a NUL in text, so the credit's key could not be stored, the
    // error left the reader, and the message stayed unread, stopping the mailbox at it on every reconnect.
    const text = hdfcCreditText(amounts[0]!, "512345678901");
    const forged = rawMail(text, { subject: "Rs.1 credited\u0000", messageId: "<a\u0000b@hdfcbank.net>" });
    expect(await readAlertMail(services, Buffer.from(forged), { settings, custom: [], resolver })).toEqual({
      kind: "unmatched",
      reason: "untrusted_sender",
    });
    const unreadable = await signedMail(
      hdfc,
      "Dear Customer, an amount was credited to your account, details to follow.\r\n",
      {
        messageId: "<c\u0000d@hdfcbank.net>",
      },
    );
    expect(await readAlertMail(services, Buffer.from(unreadable), { settings, custom: [], resolver })).toEqual({
      kind: "unmatched",
      reason: "unrecognised",
    });
    expect(await paidCount()).toBe(0);
  });

  it("trusts no domain that signs text anyone writes, no alert forwarded from another address, no other bank's words, and nothing without an alert address", async () => {
    // A Calendar invitation to the alert mailbox, genuinely signed by google.com, quoting a payment: an operator
    // who allowed google.com (once a default) still gets nothing confirmed by it.
    const google = dkimKey("google.com");
    const withGoogle = resolverFor(txtRecords([hdfc, google]));
    const invitation = await signedMail(
      google,
      `Invitation: You received Rs ${rupees(amounts[0]!)} from Asha Verma. UPI transaction ID 412345678901\r\n`,
      { from: "Google Calendar <calendar-notification@google.com>", to: SHOP_ADDRESS },
    );
    const allowingGoogle = { ...settings, allowedDomains: [...settings.allowedDomains, "google.com"] };
    expect(
      await readAlertMail(services, Buffer.from(invitation), {
        settings: allowingGoogle,
        custom: [],
        resolver: withGoogle,
      }),
    ).toMatchObject({ kind: "unmatched", reason: "untrusted_sender" });

    // The bank's genuine alert about someone else's account, forwarded to the shop's mailbox.
    const forwarded = await signedMail(hdfc, hdfcCreditText(amounts[1]!, "412345678902"), {
      to: "someone.else@gmail.com",
    });
    expect(await readAlertMail(services, Buffer.from(forwarded), { settings, custom: [], resolver })).toMatchObject({
      kind: "unmatched",
      reason: "untrusted_sender",
    });

    // HDFC's signature on ICICI's words: read only with HDFC's registry entry, it is not HDFC's alert.
    const otherBank = await signedMail(
      hdfc,
      `Dear Customer, ICICI Bank Account XX123 has been credited with INR ${rupees(amounts[2]!)} on 21-May-25. Info: UPI/412345678903/asha@okicici.\r\n`,
    );
    expect(await readAlertMail(services, Buffer.from(otherBank), { settings, custom: [], resolver })).toMatchObject({
      kind: "unmatched",
      reason: "untrusted_sender",
    });

    // A genuine alert while no alert address is set: kept for the operator, confirms nothing.
    const genuine = await signedMail(hdfc, hdfcCreditText(amounts[1]!, "412345678904"));
    expect(
      await readAlertMail(services, Buffer.from(genuine), {
        settings: { ...settings, recipients: [] },
        custom: [],
        resolver,
      }),
    ).toEqual({ kind: "unmatched", reason: "no_alert_address" });
    expect(await paidCount()).toBe(0);
  });

  it("confirms nothing from 1,000 hostile messages, throws for none, and still confirms the bank's genuine alert after", async () => {
    const seen = new Map<string, number>();
    await fc.assert(
      fc.asyncProperty(corpus, async ({ what, make }) => {
        seen.set(what, (seen.get(what) ?? 0) + 1);
        const source = await make();
        const outcome = await readAlertMail(services, Buffer.isBuffer(source) ? source : Buffer.from(source), {
          settings,
          custom: [],
          resolver,
        });
        expect(outcome.kind, what).not.toBe("confirmed");
        expect(await paidCount(), what).toBe(0);
      }),
      { numRuns: 1_000, seed: 20_251_123, endOnFailure: true },
    );
    expect([...seen.values()].reduce((a, b) => a + b, 0)).toBe(1_000);
    expect(seen.size).toBeGreaterThanOrEqual(20);

    // Every order is still open, and the bank's own alert for one of them confirms it.
    const target = 3;
    const genuine = await signedMail(hdfc, hdfcCreditText(amounts[target]!, "712345678901"), {
      messageId: "<genuine-after-corpus@hdfcbank.net>",
    });
    const outcome = await readAlertMail(services, Buffer.from(genuine), { settings, custom: [], resolver });
    expect(outcome).toEqual({ kind: "confirmed", orderId: orderIds[target] });
    expect(await paidCount()).toBe(1);
  }, 120_000);
});
