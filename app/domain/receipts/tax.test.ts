import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { taxSplit } from "./tax";

describe("the tax in a tax-inclusive price", () => {
  it("splits 18% into equal CGST and SGST within the State", () => {
    // ₹118.00 = ₹100.00 + ₹9.00 + ₹9.00
    expect(taxSplit(11_800, true)).toMatchObject({
      taxablePaise: 10_000,
      cgstPaise: 900,
      sgstPaise: 900,
      igstPaise: 0,
    });
  });

  it("charges IGST whole across States", () => {
    expect(taxSplit(11_800, false)).toMatchObject({
      taxablePaise: 10_000,
      cgstPaise: 0,
      sgstPaise: 0,
      igstPaise: 1_800,
    });
  });

  it("adds up to the price paid to the paisa, whatever the price", () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 10_000_000 }), fc.boolean(), (total, intra) => {
        const s = taxSplit(total, intra);
        expect(s.taxablePaise + s.cgstPaise + s.sgstPaise + s.igstPaise).toBe(total);
        expect(s.cgstPaise).toBe(s.sgstPaise);
        // Each tax is 18% (or 9%) of the taxable value, within a paisa's rounding.
        const tax = s.cgstPaise + s.sgstPaise + s.igstPaise;
        expect(Math.abs(tax - (s.taxablePaise * 18) / 100)).toBeLessThanOrEqual(1.5);
      }),
    );
  });
});
