import { describe, expect, it } from "vitest";
import { clientAddressKey, clientNetworks } from "./client-address";

describe("client address key", () => {
  it("keeps an IPv4 address as it is", () => {
    expect(clientAddressKey("203.0.113.7")).toBe("203.0.113.7");
    expect(clientAddressKey("203.0.113.8")).toBe("203.0.113.8");
  });

  it("keys two IPv6 addresses in one /64 alike, whatever their spelling", () => {
    const key = clientAddressKey("2001:db8:1:2::1");
    expect(key).toBe("2001:db8:1:2::/64");
    for (const same of [
      "2001:db8:1:2:ffff:ffff:ffff:ffff",
      "2001:0DB8:0001:0002:0000:0000:0000:0099",
      "2001:db8:1:2:a::b",
      "2001:db8:1:2::1%eth0",
      "2001:db8:1:2::10.0.0.1",
    ]) {
      expect(clientAddressKey(same), same).toBe(key);
    }
  });

  it("keys different /64s apart, even when they share a /48 or more", () => {
    const keys = ["2001:db8:1:2::1", "2001:db8:1:3::1", "2001:db8:2:2::1", "2001:db9:1:2::1", "::1"].map(
      clientAddressKey,
    );
    expect(new Set(keys).size).toBe(keys.length);
    expect(clientAddressKey("::1")).toBe("0:0:0:0::/64");
    expect(clientAddressKey("2001:db8::")).toBe("2001:db8:0:0::/64");
  });

  it("treats an IPv4-mapped IPv6 address as the IPv4 address", () => {
    expect(clientAddressKey("::ffff:203.0.113.7")).toBe("203.0.113.7");
    expect(clientAddressKey("::FFFF:cb00:7107")).toBe("203.0.113.7");
    expect(clientAddressKey("::ffff:203.0.113.8")).not.toBe(clientAddressKey("::ffff:203.0.113.7"));
  });

  it("gives a missing address one shared key and bounds anything else", () => {
    expect(clientAddressKey("")).toBe("unknown");
    expect(clientAddressKey("  ")).toBe("unknown");
    expect(clientAddressKey("x".repeat(500))).toHaveLength(100);
    // Not an IPv6 address (too few groups, two "::", a bad dotted part): kept as written, never merged into a /64.
    for (const odd of ["1:2:3", "1::2::3", "::ffff:300.1.1.1", "2001:db8:1:2:3:4:5:6:7"]) {
      expect(clientAddressKey(odd), odd).toBe(odd);
    }
  });
});

describe("client networks", () => {
  it("gives an IPv6 client its /64, /56 and /48", () => {
    expect(clientNetworks("2001:db8:1:2a3::1")).toEqual({
      address: "2001:db8:1:2a3::/64",
      network: "2001:db8:1:200::/56",
      wide: "2001:db8:1::/48",
    });
  });

  it("puts the 256 /64s of one /56, and the 256 /56s of one /48, together", () => {
    const a = clientNetworks("2001:db8:7:ab00::1")!;
    const b = clientNetworks("2001:db8:7:abff:1::9")!;
    const c = clientNetworks("2001:db8:7:1200::1")!;
    expect(a.address).not.toBe(b.address);
    expect(a.network).toBe(b.network);
    expect(a.network).not.toBe(c.network);
    expect(a.wide).toBe(c.wide);
    expect(clientNetworks("2001:db8:8::1")!.wide).not.toBe(a.wide);
  });

  it("gives an IPv4 client its address and /24, also when it reaches a dual-stack socket", () => {
    expect(clientNetworks("203.0.113.7")).toEqual({ address: "203.0.113.7", network: "203.0.113.0/24", wide: null });
    expect(clientNetworks("::ffff:203.0.113.9")).toEqual({
      address: "203.0.113.9",
      network: "203.0.113.0/24",
      wide: null,
    });
  });

  it("is null for what is no address", () => {
    expect(clientNetworks("")).toBeNull();
    expect(clientNetworks("not-an-ip")).toBeNull();
    expect(clientNetworks("300.1.1.1")).toBeNull();
  });
});
