import { describe, expect, it } from "vitest";
import { financialYearOf, formatInvoiceNumber, isRuleInvoiceNumber } from "./invoice-number";

describe("invoice numbers", () => {
  it("fall in the Indian financial year by the date in IST (1 April to 31 March)", () => {
    // 31 March 2027 23:59 IST is 18:29 UTC; 1 April 00:00 IST is 31 March 18:30 UTC.
    expect(financialYearOf(Date.UTC(2027, 2, 31, 18, 29))).toBe("2026-27");
    expect(financialYearOf(Date.UTC(2027, 2, 31, 18, 30))).toBe("2027-28");
    expect(financialYearOf(Date.UTC(2026, 10, 29))).toBe("2026-27");
    expect(financialYearOf(Date.UTC(2099, 5, 1))).toBe("2099-00");
  });

  it("are at most 16 characters of letters, digits, - and / (CGST rule 46(b))", () => {
    expect(formatInvoiceNumber("2026-27", 1)).toBe("INV/26-27/000001");
    expect(formatInvoiceNumber("2026-27", 999_999)).toBe("INV/26-27/999999");
    expect(isRuleInvoiceNumber(formatInvoiceNumber("2026-27", 42))).toBe(true);
    expect(() => formatInvoiceNumber("2026-27", 1_000_000)).toThrow(/16 characters/);
    expect(() => formatInvoiceNumber("2026-27", 0)).toThrow();
    // Credit notes: a series of their own (CGST rule 53(1A)(c), the same limits).
    expect(formatInvoiceNumber("2026-27", 7, "CN")).toBe("CN/26-27/000007");
    expect(isRuleInvoiceNumber(formatInvoiceNumber("2026-27", 999_999, "CN"))).toBe(true);
  });
});
