import { afterEach, describe, expect, it } from "vitest";
import type { DatabaseHandle } from "~/db/database.server";
import { confirmPayment } from "~/domain/payments/payment.server";
import { receiptPdf } from "~/domain/receipts/receipt-pdf";
import { buyerReceipt, findTaxInvoice, issueTaxInvoiceFor } from "~/domain/receipts/receipts.server";
import { createSettingsCache, writeSettings } from "~/domain/settings/settings.server";
import { freshDatabase, testDatabases } from "../support/databases";
import { makeOrder } from "../support/orders";

const owner = { kind: "operator", name: "owner" } as const;
const GSTIN = "27AAPFU0939F1ZV";
const PHONE = "98123 45678";

/** Receipts and tax invoices (issue 51, point 2) on both databases. */
describe.each(testDatabases())("receipts on $name", (kind) => {
  let h: DatabaseHandle & { cleanup(): Promise<void> };
  afterEach(async () => h?.cleanup());

  async function setUp(gstin = GSTIN) {
    h = await freshDatabase(kind);
    await writeSettings(h.db, { gstin, legalName: "Boost Growth Pvt Ltd", registeredAddress: "12 MG Road, Pune" });
    return { db: h.db, settings: createSettingsCache(h.db) };
  }
  const paidOrder = async (utr: string) => {
    const order = await makeOrder(h.db, { status: "payment_claimed", utr, price_paise: 11_800 });
    await confirmPayment(h.db, order.order_id, owner, { utrCompared: utr });
    return order.order_id;
  };

  it("numbers a tax invoice with the payment, and the buyer's receipt and PDF carry it", async () => {
    const services = await setUp();
    const orderId = await paidOrder("412345678901");
    const receipt = await buyerReceipt(services, orderId, PHONE);
    expect(receipt.invoice?.number).toMatch(/^INV\/\d\d-\d\d\/000001$/);
    expect(receipt.invoice?.details).toMatchObject({
      gstin: GSTIN,
      legalName: "Boost Growth Pvt Ltd",
      sac: "998361",
      placeOfSupply: "27",
      tax: { taxablePaise: 10_000, cgstPaise: 900, sgstPaise: 900, igstPaise: 0 },
    });
    expect(receipt).toMatchObject({ totalPaise: 11_800, paymentReference: "412345678901" });
    const pdf = String.fromCharCode(...receiptPdf(receipt));
    expect(pdf).toContain(`(${receipt.invoice!.number}) Tj`);

    // Settings changed later never change an invoice already given.
    await writeSettings(h.db, { legalName: "Someone Else" });
    expect((await findTaxInvoice(h.db, orderId))?.details.legalName).toBe("Boost Growth Pvt Ltd");
  });

  it("never gives one order two numbers, nor two orders one, under concurrent requests", async () => {
    await setUp();
    const orders = await Promise.all(
      Array.from({ length: 8 }, (_, i) =>
        makeOrder(h.db, { status: "paid", paid_at: Date.now(), paid_by: "owner", utr: `4123456789${10 + i}` }),
      ),
    );
    // Every order asked for three times at once (a double click, a retry, a second instance).
    const issued = await Promise.all(orders.flatMap((o) => [1, 2, 3].map(() => issueTaxInvoiceFor(h.db, o.order_id))));
    const byOrder = new Map<string, Set<string>>();
    issued.forEach((invoice, i) => {
      const id = orders[Math.floor(i / 3)]!.order_id;
      byOrder.set(id, (byOrder.get(id) ?? new Set()).add(invoice!.number));
    });
    expect([...byOrder.values()].every((numbers) => numbers.size === 1)).toBe(true);
    const rows = await h.db.selectFrom("tax_invoices").select(["serial", "invoice_number"]).orderBy("serial").execute();
    expect(rows.map((r) => Number(r.serial))).toEqual([1, 2, 3, 4, 5, 6, 7, 8]);
    expect(new Set(rows.map((r) => r.invoice_number)).size).toBe(8);
  });

  it("gives a plain receipt without a GSTIN, and an invoice to the orders paid after one is set", async () => {
    const services = await setUp("");
    const before = await paidOrder("412345678911");
    expect((await buyerReceipt(services, before, PHONE)).invoice).toBeNull();
    await writeSettings(h.db, { gstin: GSTIN });
    const after = await paidOrder("412345678912");
    expect((await buyerReceipt(services, after, PHONE)).invoice?.number).toMatch(/\/000001$/);
    expect((await buyerReceipt(services, before, PHONE)).invoice).toBeNull();
  });

  it("refuses without the order's phone, and for an order never paid", async () => {
    const services = await setUp();
    const orderId = await paidOrder("412345678921");
    await expect(buyerReceipt(services, orderId, "98000 00000")).rejects.toMatchObject({
      code: "NOT_FOUND",
      details: { reason: "RECEIPT_NO_MATCH" },
    });
    await expect(buyerReceipt(services, orderId, "")).rejects.toMatchObject({ code: "NOT_FOUND" });
    for (const status of ["awaiting_payment", "expired", "cancelled"] as const) {
      const unpaid = await makeOrder(h.db, { status });
      await expect(buyerReceipt(services, unpaid.order_id, PHONE)).rejects.toMatchObject({
        details: { reason: "RECEIPT_UNPAID" },
      });
      expect(await issueTaxInvoiceFor(h.db, unpaid.order_id)).toBeNull();
    }
    expect(await h.db.selectFrom("tax_invoices").select("order_id").execute()).toHaveLength(1);
  });
});
