import { describe, expect, it } from "vitest";
import {
  buildPersonalLink,
  buildRefundLink,
  buildUpiLink,
  isUpiConfigured,
  parseUpiId,
  upiNote,
  upiReference,
} from "./upi";

describe("UPI payment link", () => {
  const base = {
    payeeVpa: "  Shop.Owner@OKAXIS ",
    payeeName: "Boost Karo",
    amountPaise: 34900,
    reference: "BK7Q2M9XD4TA",
    note: "Followers Service - ₹349",
  };

  it("builds the exact link with a trimmed lower-case payee and a two-decimal amount", () => {
    expect(buildUpiLink(base)).toBe(
      "upi://pay?pa=shop.owner@okaxis&pn=Boost%20Karo&am=349.00&cu=INR&tr=BK7Q2M9XD4TA&tn=Followers%20Service%20-%20%E2%82%B9349",
    );
  });

  it("writes paise as two decimals", () => {
    expect(buildUpiLink({ ...base, amountPaise: 14950 })).toContain("&am=149.50&");
    expect(buildUpiLink({ ...base, amountPaise: 5 })).toContain("&am=0.05&");
  });

  it("encodes spaces as %20, never +", () => {
    const link = buildUpiLink(base);
    expect(link).not.toContain("+");
    expect(link).not.toContain(" ");
  });

  it("leaves empty parameters out", () => {
    expect(buildUpiLink({ ...base, payeeName: " ", note: "" })).toBe(
      "upi://pay?pa=shop.owner@okaxis&am=349.00&cu=INR&tr=BK7Q2M9XD4TA",
    );
  });

  it("keeps the reference to 35 letters and digits", () => {
    expect(upiReference("#BK-12_34")).toBe("BK1234");
    expect(upiReference("A".repeat(40))).toHaveLength(35);
    expect(buildUpiLink({ ...base, reference: "x".repeat(50) })).toContain(`tr=${"x".repeat(35)}&`);
  });

  it("refuses a zero or fractional amount", () => {
    expect(() => buildUpiLink({ ...base, amountPaise: 0 })).toThrow();
    expect(() => buildUpiLink({ ...base, amountPaise: 1.5 })).toThrow();
  });

  it("cuts the note to 50 characters", () => {
    const link = buildUpiLink({ ...base, note: "n".repeat(80) });
    expect(link.endsWith(`tn=${"n".repeat(50)}`)).toBe(true);
  });
});

describe("UPI note", () => {
  it("names the service and the price in rupees", () => {
    expect(upiNote("followers", 34900)).toBe("Followers Service - ₹349");
    expect(upiNote("comments", 14950)).toBe("Comments Service - ₹149.50");
    expect(upiNote("views", 1_00_000_00)).toBe("Views Service - ₹100000");
  });
  it("never exceeds 50 characters", () => {
    expect(upiNote("x".repeat(60), 100).length).toBeLessThanOrEqual(50);
  });
});

describe("payment configuration", () => {
  it("needs a UPI id and a merchant name", () => {
    expect(isUpiConfigured("shop@okaxis", "BoostKaro")).toBe(true);
    expect(isUpiConfigured("", "BoostKaro")).toBe(false);
    expect(isUpiConfigured("shop@okaxis", " ")).toBe(false);
    expect(isUpiConfigured("not-a-vpa", "BoostKaro")).toBe(false);
  });
});

describe("personal UPI ID link", () => {
  it("pays a person as the refund link does: payee, name, amount and note, no tr and no mc", () => {
    const link = buildPersonalLink({
      payeeVpa: "Asha.Shop@OKICICI",
      payeeName: "Boost Karo",
      amountPaise: 34_899,
      note: "Followers Service - ₹348.99",
    });
    expect(link).toBe(
      "upi://pay?pa=asha.shop@okicici&pn=Boost%20Karo&am=348.99&cu=INR&tn=Followers%20Service%20-%20%E2%82%B9348.99",
    );
    expect(link).not.toMatch(/[?&](tr|mc)=/);
  });
});

describe("refund link", () => {
  it("pays exactly the refund to the buyer's UPI id, with no merchant reference", () => {
    expect(
      buildRefundLink({
        payeeVpa: "Rahul.V@OKSBI ",
        payeeName: "Rahul Verma",
        amountPaise: 18_904,
        orderId: "BK7Q2M9XD4TA",
      }),
    ).toBe("upi://pay?pa=rahul.v@oksbi&pn=Rahul%20Verma&am=189.04&cu=INR&tn=Refund%20for%20order%20BK7Q2M9XD4TA");
    const link = buildRefundLink({ payeeVpa: "a@ybl", payeeName: "", amountPaise: 100, orderId: "BK1" });
    expect(link).not.toMatch(/[?&](tr|mc|pn)=/);
  });

  it("reads a UPI id as people write one, and nothing else", () => {
    expect(parseUpiId(" Rahul.V@OKSBI ")).toBe("rahul.v@oksbi");
    expect(parseUpiId("9876543210@ybl")).toBe("9876543210@ybl");
    for (const bad of ["", "rahul", "@oksbi", "rahul@", "rahul@ok sbi", "a@b@c", "rahul@1bank", "<x>@ybl"]) {
      expect(parseUpiId(bad), bad).toBeNull();
    }
  });
});
