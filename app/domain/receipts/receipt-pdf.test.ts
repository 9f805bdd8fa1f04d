import { describe, expect, it } from "vitest";
import { makeOrderRow } from "~/domain/orders/order-row.fixture";
import { type PaidOrder, buildReceipt, invoiceDetails } from "./receipt";
import { receiptPdf, wrapText } from "./receipt-pdf";

const shop = {
  brandName: "BoostKaro",
  address: "12 MG Road, Pune 411001",
  supportEmail: "help@example.in",
  supportPhone: "+91 98765 43210",
  grievanceOfficerName: "Asha Rao",
  grievanceOfficerDesignation: "Grievance Officer",
  grievanceOfficerContact: "grievance@example.in",
};
const order = {
  ...makeOrderRow({ plan_name: "500 फ़ॉलोअर्स", price_paise: 11_800, utr: "412345678901" }),
  paid_at: Date.UTC(2026, 10, 29, 6, 0),
} as PaidOrder;
const text = (bytes: Uint8Array) => String.fromCharCode(...bytes);

describe("the receipt's PDF", () => {
  it("is a PDF whose cross-reference table points at each object", () => {
    const pdf = text(receiptPdf(buildReceipt(order, shop, null)));
    expect(pdf.startsWith("%PDF-1.4")).toBe(true);
    const xref = Number(/startxref\n(\d+)/.exec(pdf)![1]);
    expect(pdf.slice(xref, xref + 4)).toBe("xref");
    const offsets = [...pdf.slice(xref).matchAll(/^(\d{10}) 00000 n $/gm)].map((m) => Number(m[1]));
    offsets.forEach((offset, i) => expect(pdf.slice(offset).startsWith(`${i + 1} 0 obj`)).toBe(true));
  });

  it("says RECEIPT with the order, the amount and the reference; Devanagari it cannot draw becomes ?", () => {
    const pdf = text(receiptPdf(buildReceipt(order, shop, null)));
    expect(pdf).toContain("(RECEIPT) Tj");
    expect(pdf).toContain(`(${order.order_id}) Tj`);
    expect(pdf).toContain("(Rs. 118.00) Tj");
    expect(pdf).toContain("(412345678901) Tj");
    expect(pdf).toContain("(2026-11-29 11:30 IST) Tj");
    expect(pdf).toMatch(/\(500 \?+ \\\(1000 followers\\\)\) Tj/);
  });

  it("as a tax invoice carries the number, GSTIN, SAC, place of supply and the tax", () => {
    const details = invoiceDetails(order, {
      gstin: "27AAPFU0939F1ZV",
      legalName: "Boost (Pvt) Ltd",
      address: shop.address,
    });
    const pdf = text(
      receiptPdf(buildReceipt(order, shop, { number: "INV/26-27/000007", issuedAt: order.paid_at, details })),
    );
    for (const part of [
      "(TAX INVOICE) Tj",
      "(INV/26-27/000007) Tj",
      "(GSTIN: 27AAPFU0939F1ZV   State: 27 Maharashtra) Tj",
      "(998361) Tj",
      "(27 Maharashtra) Tj",
      "(Rs. 100.00) Tj",
      "(CGST 9%) Tj",
      "(Rs. 9.00) Tj",
      "(Legal name: Boost \\(Pvt\\) Ltd) Tj",
    ])
      expect(pdf).toContain(part);
  });

  it("lists a coupon's discount under the plan at its full price, and the total is what was paid", () => {
    const discounted = { ...order, price_paise: 9_400, coupon_code: "FIRST20", discount_paise: 2_400 } as PaidOrder;
    const receipt = buildReceipt(discounted, shop, null);
    expect(receipt.lines.map((line) => [line.kind, line.amountPaise])).toEqual([
      ["plan", 11_800],
      ["discount", -2_400],
    ]);
    expect(receipt.totalPaise).toBe(9_400);
    const pdf = text(receiptPdf(receipt));
    expect(pdf).toContain("(Coupon FIRST20) Tj");
    expect(pdf).toContain("(Rs. -24.00) Tj");
    expect(pdf).toContain("(Rs. 94.00) Tj");
  });

  it("names the buyer with address, PIN and State, and charges IGST when their State is another", () => {
    const buyer = {
      ...order,
      customer_name: "Ravi Kumar",
      billing_address: "4 Residency Road, Bengaluru",
      billing_pin: "560025",
      billing_state: "29",
    } as PaidOrder;
    const supplier = { gstin: "27AAPFU0939F1ZV", legalName: "Boost", address: shop.address };
    const details = invoiceDetails(buyer, supplier);
    expect(details).toMatchObject({ placeOfSupply: "29", recipientState: "29", tax: { igstPaise: 1_800 } });
    const receipt = buildReceipt(buyer, shop, { number: "INV/26-27/000008", issuedAt: buyer.paid_at, details });
    expect(receipt.recipient).toEqual({
      name: "Ravi Kumar",
      address: "4 Residency Road, Bengaluru",
      pin: "560025",
      state: "29",
    });
    const pdf = text(receiptPdf(receipt));
    for (const part of [
      "(Ravi Kumar) Tj",
      "(4 Residency Road, Bengaluru - 560025) Tj",
      "(29 Karnataka) Tj",
      "(IGST 18%) Tj",
      "(Rs. 18.00) Tj",
    ])
      expect(pdf).toContain(part);
    expect(pdf).not.toContain("(CGST 9%) Tj");
    // The same State as the supplier's: CGST and SGST.
    expect(invoiceDetails({ ...buyer, billing_state: "27" }, supplier).tax).toMatchObject({ cgstPaise: 900 });
    // Erased: the State stays, the person does not.
    const erased = buildReceipt({ ...buyer, customer_name: null, billing_address: null, billing_pin: null }, shop, {
      number: "INV/26-27/000008",
      issuedAt: buyer.paid_at,
      details,
    });
    const erasedPdf = text(receiptPdf(erased));
    expect(erasedPdf).toContain("(Erased at the buyer's request) Tj");
    expect(erasedPdf).not.toContain("Ravi");
  });

  it("prints a credit note under the invoice it refers to", () => {
    const details = invoiceDetails(order, { gstin: "27AAPFU0939F1ZV", legalName: "Boost", address: shop.address });
    const invoice = { number: "INV/26-27/000009", issuedAt: order.paid_at, details };
    const note = {
      number: "CN/26-27/000001",
      issuedAt: order.paid_at + 86_400_000,
      details: {
        ...details,
        invoiceNumber: invoice.number,
        invoiceIssuedAt: invoice.issuedAt,
        creditedPaise: 5_900,
        tax: { taxablePaise: 5_000, cgstPaise: 450, sgstPaise: 450, igstPaise: 0, ratePercent: 18, intraState: true },
      },
    };
    const pdf = text(receiptPdf(buildReceipt(order, shop, invoice, note)));
    for (const part of [
      "(CREDIT NOTE) Tj",
      "(CN/26-27/000001) Tj",
      "(INV/26-27/000009, 2026-11-29 11:30 IST) Tj",
      "(Total credited) Tj",
      "(Rs. 59.00) Tj",
    ])
      expect(pdf).toContain(part);
    // No invoice, no credit note: a plain receipt is not reduced by one.
    expect(buildReceipt(order, shop, null, note).creditNote).toBeNull();
  });

  it("wraps a long billing address to the page's width", () => {
    expect(wrapText("Flat 12 Sunshine Apartments", 12)).toEqual(["Flat 12", "Sunshine", "Apartments"]);
    expect(wrapText("abcdefghijklmnopqrstu", 8)).toEqual(["abcdefgh", "ijklmnop", "qrstu"]);
    const address = "House 221B, Lane 4, ".repeat(9).trim();
    const lines = wrapText(address, 62);
    expect(lines.every((l) => l.length <= 62)).toBe(true);
    expect(lines.join(" ")).toBe(address);
  });
});
