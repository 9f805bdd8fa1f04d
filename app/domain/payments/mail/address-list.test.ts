import { describe, expect, it } from "vitest";
import { addressesIn } from "./address-list";

describe("addressesIn", () => {
  // RFC 5322, Appendix A.1.1–A.1.3 and A.5 (the RFC's own example messages).
  it("reads the RFC's example lists: names, groups, comments and white space", () => {
    expect(addressesIn("Mary Smith <mary@example.net>")).toEqual(["mary@example.net"]);
    expect(addressesIn('"Mary Smith: Personal Account" <smith@home.example>')).toEqual(["smith@home.example"]);
    expect(addressesIn("John Doe <jdoe@machine.example>, Mary Smith <mary@example.net>")).toEqual([
      "jdoe@machine.example",
      "mary@example.net",
    ]);
    expect(addressesIn("A Group:Ed Jones <c@a.test>,joe@where.test,John <jdoe@one.test>;")).toEqual([
      "c@a.test",
      "joe@where.test",
      "jdoe@one.test",
    ]);
    expect(addressesIn("Undisclosed recipients:;")).toEqual([]);
    expect(
      addressesIn(
        "A Group(Some people) :Chris Jones <c@(Chris's host.)public.example>, joe@example.org, John <jdoe@one.test> (my dear friend); (the end of the group)",
      ),
    ).toEqual(["c@public.example", "joe@example.org", "jdoe@one.test"]);
    expect(addressesIn("Pete(A nice \\) chap) <pete(his account)@silly.test(his host)>")).toEqual(["pete@silly.test"]);
    expect(addressesIn("(Empty list)(start)Hidden recipients  :(nobody(that I know))  ;")).toEqual([]);
    // A.6.1: an obsolete route in the brackets is not part of the address.
    expect(addressesIn("Mary Smith <@node.test:mary@example.net>, , jdoe@test.example")).toEqual([
      "mary@example.net",
      "jdoe@test.example",
    ]);
  });

  it("lower-cases, as the alert addresses are saved", () => {
    expect(addressesIn("Shop <Shop.Alerts@Example.IN>")).toEqual(["shop.alerts@example.in"]);
  });

  // Security round 4, finding 4: both passed the old To/Cc check for alerts@shop.example.
  it("never takes an address from a display name or a comment", () => {
    expect(addressesIn('"alerts@shop.example" <someone@else.example>')).toEqual(["someone@else.example"]);
    expect(addressesIn("someone@else.example (alerts@shop.example)")).toEqual(["someone@else.example"]);
    expect(addressesIn("alerts@shop.example <someone@else.example>")).toEqual(["someone@else.example"]);
    expect(addressesIn("=?utf-8?Q?alerts@shop.example?= <someone@else.example>")).toEqual(["someone@else.example"]);
    expect(addressesIn('"alerts@shop.example"')).toEqual([]);
    expect(addressesIn("alerts@shop.example: someone@else.example;")).toEqual(["someone@else.example"]);
  });

  it("gives nothing for a mailbox that is not well formed", () => {
    expect(addressesIn("alerts@shop.example someone@else.example")).toEqual([]);
    expect(addressesIn("Two <a@x.example> <alerts@shop.example>")).toEqual([]);
    expect(addressesIn('"unterminated alerts@shop.example')).toEqual([]);
    expect(addressesIn("(unterminated alerts@shop.example")).toEqual([]);
    expect(addressesIn("<alerts@shop.example")).toEqual([]);
    expect(addressesIn("a@x.example>alerts@shop.example")).toEqual([]);
    expect(addressesIn('"quoted local"@shop.example')).toEqual([]);
    expect(addressesIn("alerts@[192.0.2.1]")).toEqual([]);
  });
});
