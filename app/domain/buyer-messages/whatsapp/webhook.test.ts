import { createHmac } from "node:crypto";
import { describe, expect, it } from "vitest";
import { escapeNonAscii, signatureMatches } from "./webhook.server";
import { graphErrorKind } from "./graph.server";

const SECRET = "a1b2c3d4e5f6a7b8c9d0e1f2a3b4c5d6";
const sign = (body: string | Buffer, secret = SECRET) =>
  `sha256=${createHmac("sha256", secret).update(body).digest("hex")}`;

describe("X-Hub-Signature-256", () => {
  const body = Buffer.from('{"object":"whatsapp_business_account","entry":[]}');

  it("holds for the exact bytes signed with the App Secret, in either case of hex", () => {
    expect(signatureMatches(body, sign(body), SECRET)).toBe(true);
    expect(signatureMatches(body, sign(body).toUpperCase().replace("SHA256", "sha256"), SECRET)).toBe(true);
  });

  it("fails for another secret, another body, another scheme, or none", () => {
    expect(signatureMatches(body, sign(body, "x".repeat(32)), SECRET)).toBe(false);
    expect(signatureMatches(Buffer.from(`${body.toString()} `), sign(body), SECRET)).toBe(false);
    expect(signatureMatches(body, sign(body).replace("sha256=", "sha1="), SECRET)).toBe(false);
    expect(signatureMatches(body, null, SECRET)).toBe(false);
    expect(signatureMatches(body, sign(body), "")).toBe(false);
    expect(signatureMatches(body, "sha256=zz", SECRET)).toBe(false);
  });

  it("follows Meta's escaping of non-ASCII text (lower-case \\uXXXX), whichever form arrives", () => {
    const text = '{"text":{"body":"स्थिति äöå 😀"}}';
    expect(escapeNonAscii("äöå")).toBe("\\u00e4\\u00f6\\u00e5");
    const escaped = escapeNonAscii(text);
    // As Meta sends it: the escaped body, signed as sent.
    expect(signatureMatches(Buffer.from(escaped), sign(escaped), SECRET)).toBe(true);
    // Unescaped on the way (a relay): still Meta's signature of the escaped form.
    expect(signatureMatches(Buffer.from(text), sign(escaped), SECRET)).toBe(true);
    // But a signature of something else is not taken because the body has non-ASCII in it.
    expect(signatureMatches(Buffer.from(text), sign("{}"), SECRET)).toBe(false);
  });
});

describe("Meta's error answers", () => {
  const err = (code: number | null, status: number | null = 400) => ({
    ok: false as const,
    status,
    code,
    message: "",
    details: "",
  });

  it("are retried, fall back to a template, go to the operator, or are given up, by code", () => {
    expect(graphErrorKind(err(130429, 429))).toBe("retry");
    expect(graphErrorKind(err(131056))).toBe("retry");
    expect(graphErrorKind(err(80007))).toBe("retry");
    expect(graphErrorKind(err(131000, 500))).toBe("retry");
    expect(graphErrorKind(err(null, null))).toBe("retry");
    expect(graphErrorKind(err(131047))).toBe("reengage");
    expect(graphErrorKind(err(190, 401))).toBe("operator");
    expect(graphErrorKind(err(10, 403))).toBe("operator");
    expect(graphErrorKind(err(132001))).toBe("operator");
    expect(graphErrorKind(err(132000))).toBe("operator");
    expect(graphErrorKind(err(131031))).toBe("operator");
    expect(graphErrorKind(err(131026))).toBe("give_up");
    expect(graphErrorKind(err(131009))).toBe("give_up");
  });
});
