import { dkimSign } from "mailauth";
import { beforeAll, describe, expect, it } from "vitest";
import {
  type DkimKey,
  dkimKey,
  hdfcCreditText,
  rawMail,
  resolverFor,
  signedMail,
  txtRecords,
  withPrepended,
} from "../../../../tests/support/bank-mail";
import { DEFAULT_BANK_DOMAINS } from "./mailbox-config";
import { judgeSender } from "./sender-trust.server";

/**
 * The trust decision: only a message whose DKIM signature verifies and is
 * aligned with an allowed From domain, or whose topmost
 * Authentication-Results comes from the operator's own receiving host, is the
 * bank's. Every forgery here must be refused.
 */

let hdfc: DkimKey;
let sbi: DkimKey;
let attacker: DkimKey;
let resolver: ReturnType<typeof resolverFor>;
const body = hdfcCreditText(34_897, "512345678901");

beforeAll(() => {
  hdfc = dkimKey("hdfcbank.net");
  sbi = dkimKey("sbi.co.in");
  attacker = dkimKey("evil-payments.example");
  resolver = resolverFor(txtRecords([hdfc, sbi, attacker]));
});

const judge = (message: string, receivingHost = "") =>
  judgeSender(Buffer.from(message), { allowedDomains: DEFAULT_BANK_DOMAINS, receivingHost, resolver });

describe("DKIM", () => {
  it("trusts the bank's own signature, aligned with its From domain", async () => {
    expect(await judge(await signedMail(hdfc, body))).toMatchObject({
      trusted: true,
      via: "dkim",
      domain: "hdfcbank.net",
      from: "alerts@hdfcbank.net",
    });
  });

  it("trusts the bank's signature when the signer's clock turns a second while it signs", async () => {
    const realNow = Date.now;
    let calls = 0;
    // Each reading of the clock a second later than the one before.
    Date.now = () => realNow() + 1_000 * calls++;
    let signed: string;
    try {
      signed = await signedMail(hdfc, body);
    } finally {
      Date.now = realNow;
    }
    expect(calls).toBeGreaterThan(0);
    expect(await judge(signed)).toMatchObject({ trusted: true, via: "dkim", domain: "hdfcbank.net" });
  });

  it("trusts a From subdomain signed by the organisation's domain", async () => {
    const message = await signedMail(sbi, body, { from: "SBI <donotreply.sbiatm@alerts.sbi.co.in>" });
    expect(await judge(message)).toMatchObject({ trusted: true, domain: "sbi.co.in" });
  });

  it("refuses an unsigned message", async () => {
    expect(await judge(rawMail(body))).toMatchObject({ trusted: false });
  });

  it("refuses a signed message whose body was changed (another amount)", async () => {
    const message = (await signedMail(hdfc, body)).replace("348.97", "348.98");
    const verdict = await judge(message);
    expect(verdict).toMatchObject({ trusted: false });
    expect(verdict.trusted === false && verdict.reason).toMatch(/body hash/);
  });

  it("refuses a signature by another key claiming the bank's domain", async () => {
    const impostor = { ...dkimKey("hdfcbank.net"), txt: hdfc.txt };
    expect(await judge(await signedMail(impostor, body))).toMatchObject({ trusted: false });
  });

  it("refuses an attacker's valid signature on a message with the bank's From", async () => {
    expect(await judge(await signedMail(attacker, body))).toMatchObject({ trusted: false });
  });

  it("refuses an attacker's own domain, and look-alike domains", async () => {
    const own = await signedMail(attacker, body, { from: "alerts@evil-payments.example" });
    expect(await judge(own)).toMatchObject({ trusted: false });
    const lookAlike = dkimKey("hdfcbank.net.evil-payments.example");
    const r = resolverFor(txtRecords([lookAlike]));
    const message = await signedMail(lookAlike, body, { from: "alerts@hdfcbank.net.evil-payments.example" });
    expect(
      await judgeSender(Buffer.from(message), { allowedDomains: DEFAULT_BANK_DOMAINS, receivingHost: "", resolver: r }),
    ).toMatchObject({ trusted: false });
  });

  it("refuses a second From header or a second From address", async () => {
    const twoHeaders = await signedMail(hdfc, body, { extraHeaders: ["From: alerts@hdfcbank.net"] });
    expect(await judge(twoHeaders)).toMatchObject({ trusted: false });
    const twoAddresses = await signedMail(hdfc, body, { from: "alerts@hdfcbank.net, someone@evil-payments.example" });
    expect(await judge(twoAddresses)).toMatchObject({ trusted: false });
  });

  it("refuses text appended after a signature limited by l=", async () => {
    const message = rawMail(body);
    const { signatures } = await dkimSign(message, {
      signTime: new Date(),
      signatureData: [
        { signingDomain: "hdfcbank.net", selector: hdfc.selector, privateKey: hdfc.privateKey, maxBodyLength: 40 },
      ],
    } as unknown as Parameters<typeof dkimSign>[1]);
    expect(await judge(`${signatures}${message}`)).toMatchObject({ trusted: false });
  });
});

describe("Authentication-Results from the operator's receiving host", () => {
  const host = "mx.shop-mail.example";

  it("trusts the topmost one, from the configured host, saying dkim=pass for an allowed domain", async () => {
    const message = withPrepended(rawMail(body), [
      `Authentication-Results: ${host}; dkim=pass header.d=hdfcbank.net header.s=s1`,
    ]);
    expect(await judge(message, host)).toMatchObject({
      trusted: true,
      via: "authentication-results",
      domain: "hdfcbank.net",
    });
    const byI = withPrepended(rawMail(body), [`Authentication-Results: ${host} 1; dkim=pass header.i=@hdfcbank.net`]);
    expect(await judge(byI, host)).toMatchObject({ trusted: true });
  });

  it("ignores them when no receiving host is configured", async () => {
    const message = withPrepended(rawMail(body), [`Authentication-Results: ${host}; dkim=pass header.d=hdfcbank.net`]);
    expect(await judge(message, "")).toMatchObject({ trusted: false });
  });

  it("refuses a sender's own dkim=pass below the real topmost one", async () => {
    const forged = rawMail(body, {
      extraHeaders: [`Authentication-Results: ${host}; dkim=pass header.d=hdfcbank.net`],
    });
    const message = withPrepended(forged, [`Authentication-Results: ${host}; dkim=none; spf=none`]);
    expect(await judge(message, host)).toMatchObject({ trusted: false });
  });

  it("refuses one from another host, a pass for another domain, and a pass inside a comment", async () => {
    const other = withPrepended(rawMail(body), [
      "Authentication-Results: mx.evil.example; dkim=pass header.d=hdfcbank.net",
    ]);
    expect(await judge(other, host)).toMatchObject({ trusted: false });
    const wrongDomain = withPrepended(rawMail(body), [
      `Authentication-Results: ${host}; dkim=pass header.d=evil-payments.example`,
    ]);
    expect(await judge(wrongDomain, host)).toMatchObject({ trusted: false });
    const comment = withPrepended(rawMail(body), [
      `Authentication-Results: ${host}; dkim=fail (dkim=pass header.d=hdfcbank.net) header.d=hdfcbank.net`,
    ]);
    expect(await judge(comment, host)).toMatchObject({ trusted: false });
  });
});

describe("addressed to the shop's alert address", () => {
  const recipients = ["shop.alerts@example.in"];
  const judgeFor = (message: string, receivingHost = "") =>
    judgeSender(Buffer.from(message), { allowedDomains: DEFAULT_BANK_DOMAINS, receivingHost, resolver, recipients });

  it("trusts the bank's alert to the shop's address (To or Cc)", async () => {
    expect(await judgeFor(await signedMail(hdfc, body))).toMatchObject({ trusted: true });
    const cc = await signedMail(hdfc, body, {
      to: "other@example.in",
      extraHeaders: ["Cc: Shop <Shop.Alerts@example.in>"],
    });
    expect(await judgeFor(cc)).toMatchObject({ trusted: true });
  });

  it("refuses a genuine alert about someone else's account, sent on to this mailbox", async () => {
    const theirs = await signedMail(hdfc, body, { to: "attacker@evil-payments.example" });
    expect(await judgeFor(theirs)).toMatchObject({ trusted: false });
    // A To naming the shop added above the signed one is a second, unsigned copy.
    expect(await judgeFor(withPrepended(theirs, ["To: shop.alerts@example.in"]))).toMatchObject({ trusted: false });
  });

  // Security round 4, finding 4: the To check took any address-shaped text, display names and comments included.
  it("refuses an alert whose signed To names the alert address only in a display name or a comment", async () => {
    for (const to of [
      '"shop.alerts@example.in" <attacker@evil-payments.example>',
      "attacker@evil-payments.example (shop.alerts@example.in)",
      "shop.alerts@example.in <attacker@evil-payments.example>",
      "Shop: attacker@evil-payments.example; (shop.alerts@example.in)",
    ]) {
      expect(await judgeFor(await signedMail(hdfc, body, { to })), to).toMatchObject({ trusted: false });
    }
    const named = await signedMail(hdfc, body, { to: '"Alerts (shop)" <shop.alerts@example.in> (alert box)' });
    expect(await judgeFor(named)).toMatchObject({ trusted: true });
  });

  it("refuses when the signature does not cover To", async () => {
    const message = rawMail(body);
    const { signatures } = await dkimSign(message, {
      headerList: "from:subject:date",
      // One reading of the clock for the whole signature (see signedMail in tests/support/bank-mail.ts).
      signTime: new Date(),
      signatureData: [{ signingDomain: "hdfcbank.net", selector: hdfc.selector, privateKey: hdfc.privateKey }],
    } as unknown as Parameters<typeof dkimSign>[1]);
    expect(await judgeFor(`${signatures}${message}`)).toMatchObject({ trusted: false });
    expect(await judge(`${signatures}${message}`)).toMatchObject({ trusted: true });
  });
});
