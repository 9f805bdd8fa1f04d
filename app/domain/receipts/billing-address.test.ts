import { describe, expect, it } from "vitest";
import { BILLING_MESSAGES, STATE_CODES_BY_NAME, readBillingAddress } from "./billing-address";

const good = { address: "Flat 4, 12 MG Road, Pune", pin: "411001", state: "27" };

describe("the buyer's billing address", () => {
  it("is kept as one clean line with its PIN code and State code", () => {
    expect(readBillingAddress({ address: "  Flat 4,\n 12 MG\tRoad,  Pune ", pin: "411 001", state: "27" })).toEqual({
      ok: true,
      billing: { address: "Flat 4, 12 MG Road, Pune", pin: "411001", state: "27" },
    });
  });

  it("refuses an empty or too long address under its field", () => {
    expect(readBillingAddress({ ...good, address: " " })).toEqual({
      ok: false,
      field: "billingAddress",
      message: BILLING_MESSAGES.addressRequired,
    });
    expect(readBillingAddress({ ...good, address: "x".repeat(201) })).toMatchObject({
      field: "billingAddress",
      message: BILLING_MESSAGES.addressTooLong,
    });
  });

  it("takes a PIN code of six digits whose first is 1 to 9", () => {
    for (const pin of ["011001", "41100", "4110011", "41100A", "", null])
      expect(readBillingAddress({ ...good, pin })).toMatchObject({ ok: false, field: "billingPin" });
    for (const pin of ["110001", "999999", "795001"]) expect(readBillingAddress({ ...good, pin }).ok).toBe(true);
  });

  it("takes only a GST State or Union Territory code", () => {
    for (const state of ["", "25", "28", "99", "Maharashtra", "__proto__", "toString", null])
      expect(readBillingAddress({ ...good, state })).toMatchObject({ ok: false, field: "billingState" });
    expect(readBillingAddress({ ...good, state: "38" }).ok).toBe(true);
  });

  it("lists every State and Union Territory once, by name", () => {
    expect(STATE_CODES_BY_NAME).toHaveLength(36);
    expect(STATE_CODES_BY_NAME[0]).toBe("35"); // Andaman and Nicobar Islands
  });
});
