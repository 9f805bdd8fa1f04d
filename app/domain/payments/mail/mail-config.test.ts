import { describe, expect, it } from "vitest";
import { loadConfig } from "~/lib/server/config.server";
import { topmostAuthenticationResults } from "./authentication-results";
import { alignedAllowedDomain } from "./domains";
import { DEFAULT_BANK_DOMAINS, type MailboxInput, checkMailboxInput } from "./mailbox-config";
import { mailboxInput } from "./mailbox-input.fixture";
import { testDkimResolver } from "./test-dkim-keys.server";

const input = mailboxInput({
  folder: "",
  allowedDomains: "HDFCBank.net, sbi.co.in\nsbi.co.in",
  recipients: "Owner@Shop.in; owner@shop.in",
});

describe("mailbox settings", () => {
  it("reads good values, with INBOX and the built-in banks' domains as defaults", () => {
    expect(checkMailboxInput(input)).toEqual({
      ok: true,
      settings: {
        enabled: true,
        host: "imap.gmail.com",
        port: 993,
        tls: true,
        username: "alerts@shop.in",
        folder: "INBOX",
        allowedDomains: ["hdfcbank.net", "sbi.co.in"],
        receivingHost: "",
        recipients: ["owner@shop.in"],
      },
    });
    expect(DEFAULT_BANK_DOMAINS).toContain("hdfcbank.net");
  });

  it.each<[Partial<MailboxInput>, string, RegExp]>([
    [{ host: "imap gmail.com" }, "host", /not a host name/],
    [{ port: "0" }, "port", /1 to 65535/],
    [{ port: "65536" }, "port", /1 to 65535/],
    [{ tls: false }, "tls", /only for a mailbox on this machine/],
    [{ username: " " }, "username", /user name/],
    [{ folder: "INBOX*" }, "folder", /cannot contain/],
    [{ allowedDomains: "hdfcbank" }, "allowedDomains", /not a domain name/],
    [{ allowedDomains: "co.in" }, "allowedDomains", /public suffix/],
    [{ receivingHost: "mx google" }, "receivingHost", /not a host name/],
    [{ recipients: "owner at shop.in" }, "recipients", /not an e-mail address/],
  ])("refuses %j naming the field", (change, field, message) => {
    const result = checkMailboxInput({ ...input, ...change });
    expect(result).toMatchObject({ ok: false, field });
    expect(!result.ok && result.message).toMatch(message);
  });

  it("allows a plain connection to this machine only, under MAIL_ALLOW_PRIVATE_ADDRESSES", () => {
    const tests = { allowPrivate: true };
    expect(checkMailboxInput({ ...input, host: "127.0.0.1", tls: false, port: "143" }, tests).ok).toBe(true);
    expect(checkMailboxInput({ ...input, host: "localhost", tls: false }, tests).ok).toBe(true);
    expect(checkMailboxInput({ ...input, host: "10.0.0.5", tls: false }, tests).ok).toBe(false);
    expect(checkMailboxInput({ ...input, host: "127.0.0.1", tls: false }).ok).toBe(false);
  });
});

describe("alignment under an allowed domain", () => {
  it("needs the From domain and the signer under the same allowed domain", () => {
    expect(alignedAllowedDomain("alerts.sbi.co.in", "sbi.co.in", DEFAULT_BANK_DOMAINS)).toBe("sbi.co.in");
    expect(alignedAllowedDomain("hdfcbank.net", "hdfcbank.net", DEFAULT_BANK_DOMAINS)).toBe("hdfcbank.net");
    expect(alignedAllowedDomain("hdfcbank.net", "evil.example", DEFAULT_BANK_DOMAINS)).toBeNull();
    expect(alignedAllowedDomain("nothdfcbank.net", "nothdfcbank.net", DEFAULT_BANK_DOMAINS)).toBeNull();
    expect(alignedAllowedDomain("hdfcbank.net.evil.example", "evil.example", DEFAULT_BANK_DOMAINS)).toBeNull();
  });
});

describe("topmost Authentication-Results", () => {
  it("reads the first one only, with its authserv-id and dkim verdicts, comments removed", () => {
    const message =
      "Authentication-Results: MX.Example.com 1; dkim=pass (good) header.d=hdfcbank.net;\r\n spf=pass\r\n" +
      "Authentication-Results: mx.example.com; dkim=pass header.d=evil.example\r\nFrom: a@b.c\r\n\r\nbody";
    expect(topmostAuthenticationResults(message)).toEqual({
      authservId: "mx.example.com",
      dkim: [{ result: "pass", domain: "hdfcbank.net" }],
    });
    expect(
      topmostAuthenticationResults("Authentication-Results: mx; dkim=fail (dkim=pass header.d=x.com)\r\n\r\n"),
    ).toEqual({ authservId: "mx", dkim: [{ result: "fail", domain: null }] });
    expect(topmostAuthenticationResults("From: a@b.c\r\n\r\nAuthentication-Results: mx; dkim=pass")).toBeNull();
  });
});

describe("test DKIM keys", () => {
  it("are refused unless NODE_ENV=test, and ignored there", () => {
    expect(() => loadConfig({ MAIL_DKIM_TEST_KEYS_FILE: "/tmp/keys.json" })).toThrow(/for tests only/);
    expect(() => loadConfig({ NODE_ENV: "production", MAIL_DKIM_TEST_KEYS_FILE: "/tmp/keys.json" })).toThrow(
      /for tests only/,
    );
    expect(loadConfig({ NODE_ENV: "test", MAIL_DKIM_TEST_KEYS_FILE: "/tmp/keys.json" }).MAIL_DKIM_TEST_KEYS_FILE).toBe(
      "/tmp/keys.json",
    );
    expect(testDkimResolver({ NODE_ENV: "production", MAIL_DKIM_TEST_KEYS_FILE: "/tmp/keys.json" })).toBeUndefined();
  });
});
