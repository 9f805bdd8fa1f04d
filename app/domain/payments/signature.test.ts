import { createHmac } from "node:crypto";
import { describe, expect, it } from "vitest";
import { SIGNATURE_MESSAGES, signBody, verifySignature } from "./signature";

const SECRET = "a".repeat(64);
const NOW = 1_750_000_000_000;
const body = Buffer.from('{"event":"sms:received","payload":{"message":"hi"}}');
const ts = String(NOW / 1000);

describe("SMS forwarder signatures", () => {
  it("are the hex HMAC-SHA256 of the raw body followed by the timestamp", () => {
    const expected = createHmac("sha256", SECRET)
      .update(body.toString() + ts)
      .digest("hex");
    expect(signBody(SECRET, body, ts)).toBe(expected);
    expect(verifySignature(SECRET, body, ts, expected, NOW)).toEqual({ ok: true, signature: expected });
    expect(verifySignature(SECRET, body, ts, `sha256=${expected.toUpperCase()}`, NOW).ok).toBe(true);
  });

  it("refuse a changed body, another secret, a moved timestamp and garbage", () => {
    const good = signBody(SECRET, body, ts);
    const refused = (b: Buffer, t: string | null, s: string | null, secret = SECRET, now = NOW) =>
      verifySignature(secret, b, t, s, now);
    expect(refused(Buffer.from(body.toString().replace("hi", "ho")), ts, good)).toEqual({
      ok: false,
      message: SIGNATURE_MESSAGES.badSignature,
    });
    expect(refused(body, ts, good, "b".repeat(64)).ok).toBe(false);
    expect(refused(body, String(Number(ts) + 1), good).ok).toBe(false);
    expect(refused(body, ts, good.slice(0, 63)).ok).toBe(false);
    expect(refused(body, ts, "z".repeat(64)).ok).toBe(false);
    expect(refused(body, null, good)).toEqual({ ok: false, message: SIGNATURE_MESSAGES.missing });
    expect(refused(body, ts, null)).toEqual({ ok: false, message: SIGNATURE_MESSAGES.missing });
    expect(refused(body, "12.5", good)).toEqual({ ok: false, message: SIGNATURE_MESSAGES.badTimestamp });
  });

  it("accept a timestamp up to 5 minutes off the server's clock, and no more", () => {
    const sign = (at: number) => {
      const t = String(Math.floor(at / 1000));
      return verifySignature(SECRET, body, t, signBody(SECRET, body, t), NOW);
    };
    expect(sign(NOW - 299_000).ok).toBe(true);
    expect(sign(NOW + 299_000).ok).toBe(true);
    expect(sign(NOW - 301_000)).toEqual({ ok: false, message: SIGNATURE_MESSAGES.stale });
    expect(sign(NOW + 301_000)).toEqual({ ok: false, message: SIGNATURE_MESSAGES.stale });
  });
});
