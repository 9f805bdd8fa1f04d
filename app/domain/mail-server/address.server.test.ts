import { describe, expect, it } from "vitest";
import { MailServerRefused, mailServerAddresses, pinnedLookup, preferredAddress } from "./address.server";
import { isLoopbackHost, mailServerPlace, plainConnectionAllowed } from "./rules";

const refusal = (promise: Promise<unknown>) =>
  promise.then(
    () => null,
    (error: unknown) => (error instanceof MailServerRefused ? error.message : `not refused: ${String(error)}`),
  );

describe("where the shop logs in to a mail server", () => {
  it("refuses this machine and private networks, names resolved and every address checked", async () => {
    for (const host of [
      "localhost",
      "127.0.0.1",
      "0x7f.1",
      "10.1.2.3",
      "172.16.0.9",
      "192.168.0.2",
      "169.254.169.254",
    ]) {
      const message = await refusal(mailServerAddresses({ host, plain: false, allowPrivate: false }));
      expect(message, host).toMatch(/the shop only connects to mail servers on the public internet/);
      expect(message, host).toContain("MAIL_ALLOW_PRIVATE_ADDRESSES=true");
    }
  });

  it("takes them under MAIL_ALLOW_PRIVATE_ADDRESSES, and a public address as it is", async () => {
    const local = await mailServerAddresses({ host: "localhost", plain: true, allowPrivate: true });
    expect(local.length).toBeGreaterThan(0);
    expect(await mailServerAddresses({ host: "10.1.2.3", plain: false, allowPrivate: true })).toEqual([
      { address: "10.1.2.3", family: 4 },
    ]);
    expect(await mailServerAddresses({ host: "93.184.216.34", plain: false, allowPrivate: false })).toEqual([
      { address: "93.184.216.34", family: 4 },
    ]);
  });

  it("goes without TLS only to this machine, and only under that setting", async () => {
    for (const [host, allowPrivate] of [
      ["10.1.2.3", true],
      ["93.184.216.34", false],
      ["127.0.0.1", false],
      ["smtp.example.com", true],
    ] as const) {
      expect(await refusal(mailServerAddresses({ host, plain: true, allowPrivate })), host).toMatch(/^TLS is required/);
    }
    expect(plainConnectionAllowed("127.0.0.1", true)).toBe(true);
    expect(plainConnectionAllowed("LOCALHOST", true)).toBe(true);
    expect(plainConnectionAllowed("localhost", false)).toBe(false);
    expect(isLoopbackHost("127.8.9.10")).toBe(true);
    expect(isLoopbackHost("127.example.com")).toBe(false);
  });

  it("connects to exactly the addresses it checked", async () => {
    const checked = [
      { address: "2001:db8::5", family: 6 },
      { address: "93.184.216.34", family: 4 },
    ];
    const lookup = pinnedLookup(checked);
    const all = await new Promise((resolve) => lookup("imap.example.in", { all: true }, (_e, a) => resolve(a)));
    expect(all).toEqual(checked);
    const one = await new Promise((resolve) => lookup("imap.example.in", {}, (_e, a) => resolve(a)));
    expect(one).toBe("2001:db8::5");
    expect(preferredAddress(checked).address).toBe("93.184.216.34");
  });

  it("names where a password goes by host and port", () => {
    expect(mailServerPlace(" IMAP.Example.in ", 993)).toBe("imap.example.in:993");
    expect(mailServerPlace("", 993)).toBeNull();
  });
});
