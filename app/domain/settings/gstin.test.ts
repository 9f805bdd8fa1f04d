import { describe, expect, it } from "vitest";
import { gstinCheckChar, gstinProblem, isValidGstin } from "./gstin";

// Published GSTINs: 27AAPFU0939F1ZV is the sample in GSTN's own API documents; the others are
// businesses' GSTINs printed on their public invoices.
const REAL = ["27AAPFU0939F1ZV", "29AAGCB7383J1Z4", "33AAACH7409R1Z8", "24AAACC1206D1ZM"];

describe("GSTIN", () => {
  it("takes real GSTINs, in either case and with spaces around", () => {
    for (const gstin of REAL) expect(isValidGstin(gstin), gstin).toBe(true);
    expect(isValidGstin(" 27aapfu0939f1zv ")).toBe(true);
  });

  it("computes the check character from the first 14", () => {
    for (const gstin of REAL) expect(gstinCheckChar(gstin.slice(0, 14))).toBe(gstin[14]);
  });

  it("refuses a changed character, a wrong shape or an unknown State, saying which", () => {
    expect(gstinProblem("27AAPFU0939F1ZW")).toMatch(/last character/);
    expect(gstinProblem("27AAPFU0939G1ZV")).toMatch(/last character|15 characters/);
    expect(gstinProblem("27AAPFU0939F1Z")).toMatch(/15 characters/);
    expect(gstinProblem("99AAPFU0939F1ZV")).toMatch(/no State/);
  });
});

describe("the GST settings card", () => {
  it("saves a GSTIN in capitals, an empty field as none, and refuses a mistyped one at its field", async () => {
    const { taxSettings } = await import("./cards");
    const gstin = taxSettings.settings.gstin.type;
    expect(gstin.parse(" 27aapfu0939f1zv ")).toBe("27AAPFU0939F1ZV");
    expect(gstin.parse(undefined)).toBe("");
    expect(gstin.safeParse("27AAPFU0939F1ZW").error?.issues[0]?.message).toMatch(/last character/);
  });
});
