import { describe, expect, it } from "vitest";
import { erasureWaitsFor, scrubContactDetails, scrubJsonText, scrubRecord } from "./scrub";

describe("erasure scrubbing", () => {
  it("drops a payer's name, UPI id and the alert's words from payment evidence, keeping the money facts", () => {
    // The shape matching.server.ts stores: the alert's evidence, its reporter and accounts.
    const evidence = {
      utr: "412345678901",
      amountPaise: 34_912,
      payerVpa: "priya.s@okaxis",
      payerName: "PRIYA SHARMA",
      text: "Rs.349.12 credited to a/c XX1234 by PRIYA SHARMA (UPI Ref 412345678901)",
      sender: "VM-HDFCBK",
      accounts: [1],
      nested: { email: "priya@example.com", creditId: 7 },
      from: "VM-HDFCBK",
    };
    expect(scrubRecord(evidence)).toEqual({
      utr: "412345678901",
      amountPaise: 34_912,
      accounts: [1],
      nested: { creditId: 7 },
      from: "VM-HDFCBK",
    });
  });

  it("drops the link a panel request sent, keeping its ids and time", () => {
    const request = JSON.stringify({ panelId: 2, service: "101", link: "https://instagram.com/priya.bakes", at: 5 });
    expect(JSON.parse(scrubJsonText(request)!)).toEqual({ panelId: 2, service: "101", at: 5 });
    expect(scrubJsonText(null)).toBeNull();
    expect(scrubJsonText("not json")).toBe('{"erased":true}');
  });

  it("takes phones, e-mails, UPI ids, links and handles out of a complaint's words", () => {
    const words =
      "Call me on +91 98123 45678 or 09812345678, mail priya@example.com, refund to priya@okaxis. " +
      "Account @priya.bakes https://instagram.com/p/Cx1 got 400 of 1000.";
    const out = scrubContactDetails(words);
    expect(out).not.toMatch(/98123|9812345678|priya|instagram/);
    expect(out).toContain("got 400 of 1000.");
    expect(scrubContactDetails(null)).toBeNull();
  });

  it("waits for orders still to be paid, delivered, fixed or refunded; erases finished ones at once", () => {
    for (const s of ["awaiting_payment", "paid", "delivering", "failed", "refund_due"] as const)
      expect(erasureWaitsFor(s)).toBe(true);
    for (const s of ["delivered", "partial", "refunded", "cancelled", "expired"] as const)
      expect(erasureWaitsFor(s)).toBe(false);
  });
});
