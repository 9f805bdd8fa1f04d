import { describe, expect, it } from "vitest";
import { publicOnlyLookup, refuseLiteralAddress, refusedRange } from "./address.server";

describe("refusedRange", () => {
  it.each([
    ["127.0.0.1", "a loopback address"],
    ["127.8.9.10", "a loopback address"],
    ["::1", "a loopback address"],
    ["0.0.0.0", "an unspecified address"],
    ["::", "an unspecified address"],
    ["10.1.2.3", "a private network address"],
    ["172.16.0.1", "a private network address"],
    ["172.31.255.255", "a private network address"],
    ["192.168.1.1", "a private network address"],
    ["fd12:3456::1", "a private network address"],
    ["fc00::1", "a private network address"],
    ["100.64.0.1", "a carrier-grade NAT address"],
    ["100.127.255.254", "a carrier-grade NAT address"],
    ["169.254.169.254", "a link-local address"],
    ["fe80::1", "a link-local address"],
    ["febf::1", "a link-local address"],
    ["224.0.0.1", "a multicast address"],
    ["ff02::1", "a multicast address"],
    ["255.255.255.255", "a reserved address"],
    ["192.0.2.10", "a reserved address"],
    ["2001:db8::1", "a reserved address"],
    // IPv6 spellings that deliver to a refused IPv4 address.
    ["::ffff:127.0.0.1", "a loopback address"],
    ["::ffff:7f00:1", "a loopback address"],
    ["::FFFF:10.0.0.1", "a private network address"],
    ["::ffff:169.254.169.254", "a link-local address"],
    ["64:ff9b::a9fe:a9fe", "a link-local address"],
    ["2002:c0a8:0101::1", "a private network address"],
    ["::127.0.0.1", "a reserved address"],
    ["[::1]", "a loopback address"],
  ])("refuses %s as %s", (address, label) => {
    expect(refusedRange(address)).toBe(label);
  });

  it.each([
    "8.8.8.8",
    "1.1.1.1",
    "100.128.0.1",
    "172.32.0.1",
    "2606:4700:4700::1111",
    "::ffff:8.8.8.8",
    "64:ff9b::808:808",
  ])("allows the public address %s", (address) => {
    expect(refusedRange(address)).toBeNull();
  });

  it("reads IP literals from URL host names and ignores names", () => {
    expect(refuseLiteralAddress(new URL("http://[::ffff:127.0.0.1]:3001/").hostname)?.message).toMatch(
      /loopback address.*PANEL_ALLOW_PRIVATE_ADDRESSES=true/,
    );
    // The URL parser turns hex, octal and integer spellings into dotted quads first.
    expect(refuseLiteralAddress(new URL("http://0x7f.1/").hostname)).not.toBeNull();
    expect(refuseLiteralAddress(new URL("http://2130706433/").hostname)).not.toBeNull();
    expect(refuseLiteralAddress("panel.example.com")).toBeNull();
    expect(refuseLiteralAddress("93.184.215.14")).toBeNull();
  });
});

describe("publicOnlyLookup", () => {
  const lookup = (host: string, all: boolean) =>
    new Promise<{ error: NodeJS.ErrnoException | null; address: unknown }>((done) =>
      publicOnlyLookup(host, { all }, (error, address) => done({ error, address })),
    );

  it("fails a name that resolves to this machine, in both callback shapes", async () => {
    for (const all of [false, true]) {
      const { error } = await lookup("localhost", all);
      expect(error?.code).toBe("ERR_PANEL_ADDRESS_REFUSED");
      expect(error?.message).toMatch(/^The SMM panel's address is a loopback address/);
    }
  });
});
