import { describe, expect, it } from "vitest";
import { makeOrderRow } from "~/domain/orders/order-row.fixture";
import { creditNoteDetails, creditedPaise } from "./credit-note";
import { type PaidOrder, invoiceDetails } from "./receipt";

const supplier = { gstin: "27AAPFU0939F1ZV", legalName: "Boost Pvt Ltd", address: "12 MG Road, Pune" };
const paid = (extra: Partial<PaidOrder> = {}) =>
  ({ ...makeOrderRow({ price_paise: 11_800 }), paid_at: Date.UTC(2026, 10, 1), ...extra }) as PaidOrder;
const invoiceOf = (order: PaidOrder) => ({
  number: "INV/26-27/000004",
  issuedAt: order.paid_at,
  details: invoiceDetails(order, supplier),
});

describe("a credit note for a refund (CGST rule 53)", () => {
  it("credits the refund, less the compensation the shop paid on top, and never more than the invoice", () => {
    expect(creditedPaise({ refund_due_paise: 5_900, refund_compensation_paise: 0 }, 11_800)).toBe(5_900);
    // The shop cancelled: ₹118 back plus ₹5.90 on top; only the ₹118 reduces the supply.
    expect(creditedPaise({ refund_due_paise: 12_390, refund_compensation_paise: 590 }, 11_800)).toBe(11_800);
    expect(creditedPaise({ refund_due_paise: 20_000, refund_compensation_paise: 0 }, 11_800)).toBe(11_800);
    expect(creditedPaise({ refund_due_paise: null, refund_compensation_paise: null }, 11_800)).toBe(0);
  });

  it("refers to its invoice and splits the tax as the invoice did", () => {
    const order = paid({ refund_due_paise: 11_800, refund_compensation_paise: 0 });
    expect(creditNoteDetails(order, invoiceOf(order))).toMatchObject({
      invoiceNumber: "INV/26-27/000004",
      invoiceIssuedAt: order.paid_at,
      placeOfSupply: "27",
      creditedPaise: 11_800,
      tax: { taxablePaise: 10_000, cgstPaise: 900, sgstPaise: 900, igstPaise: 0 },
    });
    // A buyer in Karnataka: the invoice charged IGST, so the note credits IGST.
    const other = paid({ billing_state: "29", refund_due_paise: 5_900, refund_compensation_paise: 0 });
    expect(creditNoteDetails(other, invoiceOf(other))).toMatchObject({
      placeOfSupply: "29",
      recipientState: "29",
      tax: { taxablePaise: 5_000, igstPaise: 900, cgstPaise: 0 },
    });
  });

  it("is not issued for a refund that takes back nothing", () => {
    const order = paid({ refund_due_paise: 0, refund_compensation_paise: 0 });
    expect(creditNoteDetails(order, invoiceOf(order))).toBeNull();
  });
});
