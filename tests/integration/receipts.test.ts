import { afterEach, describe, expect, it } from "vitest";
import type { DatabaseHandle } from "~/db/database.server";
import { createOrder } from "~/domain/checkout/create-order.server";
import { anonymiseOrdersCreatedBefore, findOrder } from "~/domain/orders/orders.repository.server";
import { carryOutErasures, requestErasure } from "~/domain/privacy/erasure.server";
import { confirmPayment, markRefunded } from "~/domain/payments/payment.server";
import { BILLING_MESSAGES } from "~/domain/receipts/billing-address";
import { taxDocuments, taxDocumentsCsv } from "~/domain/receipts/tax-documents.server";
import { loadConfig } from "~/lib/server/config.server";
import { receiptPdf } from "~/domain/receipts/receipt-pdf";
import { buyerReceipt, issueTaxInvoiceFor } from "~/domain/receipts/receipts.server";
import { findCreditNote, findTaxInvoice } from "~/domain/receipts/stored-documents.server";
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

  // The buyer's billing address (rule 46(f)'s proviso for online services; docs/receipts.md).
  const checkoutServices = async (gstin: string) => {
    const services = await setUp(gstin);
    await writeSettings(h.db, { upiId: "shop@okaxis", merchantName: "Boost Shop", autoSendPaidOrders: false });
    const now = Date.now();
    const plan = await h.db
      .insertInto("plans")
      .values({
        service_type: "followers",
        name: "Popular",
        quantity: 1000,
        price_paise: 11_800,
        tag: null,
        is_enabled: 1,
        created_at: now,
        updated_at: now,
      })
      .returning("id")
      .executeTakeFirstOrThrow();
    const full = { ...services, settings: createSettingsCache(h.db, 0), config: loadConfig({}) };
    const order = (billing: { billingAddress?: string; billingPin?: string; billingState?: string }) =>
      createOrder(full, {
        planId: plan.id,
        username: "priya.bakes",
        customerName: "Priya Sharma",
        customerPhone: PHONE,
        agreedToTerms: true,
        ...billing,
      });
    return { services, order };
  };
  const address = { billingAddress: "4 Residency Road, Bengaluru", billingPin: "560025", billingState: "29" };

  it("with a GSTIN, refuses an order without a good billing address, PIN or State, and stores nothing", async () => {
    const { order } = await checkoutServices(GSTIN);
    const cases = [
      [{ ...address, billingAddress: "  " }, "billingAddress", BILLING_MESSAGES.addressRequired],
      [{ ...address, billingPin: "012345" }, "billingPin", BILLING_MESSAGES.pinInvalid],
      [{ ...address, billingPin: "56002" }, "billingPin", BILLING_MESSAGES.pinInvalid],
      [{ ...address, billingState: "99" }, "billingState", BILLING_MESSAGES.stateRequired],
      [
        { billingAddress: address.billingAddress, billingPin: address.billingPin },
        "billingState",
        BILLING_MESSAGES.stateRequired,
      ],
    ] as const;
    for (const [billing, field, message] of cases) {
      await expect(order(billing)).rejects.toMatchObject({ code: "INVALID_INPUT", message, details: { field } });
    }
    expect(await h.db.selectFrom("orders").select("order_id").execute()).toEqual([]);
    expect(await h.db.selectFrom("payment_amount_holds").select("order_id").execute()).toEqual([]);

    const { order: made } = await order({
      ...address,
      billingAddress: " 4 Residency Road,\n Bengaluru ",
      billingPin: "560 025",
    });
    expect(made).toMatchObject({
      billing_address: "4 Residency Road, Bengaluru",
      billing_pin: "560025",
      billing_state: "29",
    });
  });

  it("without a GSTIN, asks nothing and keeps nothing of an address", async () => {
    const { order } = await checkoutServices("");
    const { order: made } = await order({ billingPin: "nonsense" });
    expect(made).toMatchObject({ billing_address: null, billing_pin: null, billing_state: null });
  });

  it("charges IGST to a buyer in another State, CGST and SGST in the shop's own, and names the buyer", async () => {
    const { services, order } = await checkoutServices(GSTIN);
    const pay = async (orderId: string, utr: string) => {
      await h.db
        .updateTable("orders")
        .set({ status: "payment_claimed", utr })
        .where("order_id", "=", orderId)
        .execute();
      await confirmPayment(h.db, orderId, owner, { utrCompared: utr });
    };
    const away = (await order(address)).order.order_id;
    await pay(away, "412345678931");
    const receipt = await buyerReceipt(services, away, PHONE);
    expect(receipt.invoice?.details).toMatchObject({
      supplierState: "27",
      placeOfSupply: "29",
      recipientState: "29",
      tax: { intraState: false, igstPaise: 1_800, cgstPaise: 0, sgstPaise: 0 },
    });
    expect(receipt.recipient).toEqual({
      name: "Priya Sharma",
      address: "4 Residency Road, Bengaluru",
      pin: "560025",
      state: "29",
    });
    const pdf = String.fromCharCode(...receiptPdf(receipt));
    expect(pdf).toContain("(4 Residency Road, Bengaluru - 560025) Tj");
    expect(pdf).toContain("(IGST 18%) Tj");

    const home = (await order({ ...address, billingPin: "411001", billingState: "27" })).order.order_id;
    await pay(home, "412345678932");
    expect((await buyerReceipt(services, home, PHONE)).invoice?.details).toMatchObject({
      placeOfSupply: "27",
      tax: { intraState: true, cgstPaise: 900, sgstPaise: 900, igstPaise: 0 },
    });

    // Erased at the buyer's request: the address and PIN go, the State (and the tax it decided) stays.
    await h.db.updateTable("orders").set({ status: "delivered" }).where("order_id", "in", [away, home]).execute();
    await requestErasure(h.db, { orderId: away, phone: PHONE });
    // Later, when no message to the buyer is still waiting to go.
    await carryOutErasures(h.db, Date.now() + 7 * 86_400_000);
    expect(await findOrder(h.db, away)).toMatchObject({
      billing_address: null,
      billing_pin: null,
      billing_state: "29",
    });
    const invoiceRow = await h.db
      .selectFrom("tax_invoices")
      .select("details")
      .where("order_id", "=", away)
      .executeTakeFirstOrThrow();
    expect(invoiceRow.details).not.toContain("Residency");
    expect(invoiceRow.details).toContain('"placeOfSupply":"29"');

    // The retention period's anonymising forgets the address and PIN as well, and keeps the State.
    await anonymiseOrdersCreatedBefore(h.db, Date.now() + 1, Date.now());
    expect(await findOrder(h.db, home)).toMatchObject({
      billing_address: null,
      billing_pin: null,
      billing_state: "27",
    });
  });

  it("issues one credit note per refunded invoiced order, in its own series with no gaps, under concurrent requests", async () => {
    await setUp();
    const orders = await Promise.all(
      Array.from({ length: 8 }, (_, i) =>
        makeOrder(h.db, {
          status: "refund_due",
          paid_at: Date.now(),
          paid_by: "owner",
          utr: `4123456789${40 + i}`,
          price_paise: 11_800,
          refund_due_paise: 5_900,
          cancelled_by: "panel",
        }),
      ),
    );
    for (const o of orders) await issueTaxInvoiceFor(h.db, o.order_id);
    // A plain receipt (no invoice) gets no credit note.
    const plain = await makeOrder(h.db, { status: "refund_due", paid_at: Date.now(), refund_due_paise: 100 });
    // Every refund marked three times at once (a double click, a retry, a second instance).
    const marked = await Promise.allSettled(
      [...orders, plain].flatMap((o) => [1, 2, 3].map(() => markRefunded(h.db, o.order_id, "owner", "512345678901"))),
    );
    expect(marked.filter((m) => m.status === "fulfilled")).toHaveLength(9);
    const rows = await h.db
      .selectFrom("credit_notes")
      .select(["serial", "note_number", "order_id"])
      .orderBy("serial")
      .execute();
    expect(rows.map((r) => Number(r.serial))).toEqual([1, 2, 3, 4, 5, 6, 7, 8]);
    expect(new Set(rows.map((r) => r.order_id)).size).toBe(8);
    expect(rows.every((r) => /^CN\/\d\d-\d\d\/00000[1-8]$/.test(r.note_number))).toBe(true);
    expect(await findCreditNote(h.db, plain.order_id)).toBeNull();

    const note = await findCreditNote(h.db, orders[0]!.order_id);
    const invoice = await findTaxInvoice(h.db, orders[0]!.order_id);
    expect(note?.details).toMatchObject({
      invoiceNumber: invoice!.number,
      creditedPaise: 5_900,
      tax: { taxablePaise: 5_000, cgstPaise: 450, sgstPaise: 450 },
    });
    const receipt = await buyerReceipt({ db: h.db, settings: createSettingsCache(h.db) }, orders[0]!.order_id, PHONE);
    expect(receipt.creditNote?.number).toBe(note!.number);
    expect(String.fromCharCode(...receiptPdf(receipt))).toContain(`(${note!.number}) Tj`);

    // The operator's list and CSV: 8 invoices and 8 credit notes, each once.
    const documents = await taxDocuments(h.db);
    expect(documents.filter((d) => d.kind === "invoice")).toHaveLength(8);
    expect(documents.filter((d) => d.kind === "credit_note")).toHaveLength(8);
    const csv = taxDocumentsCsv(documents);
    expect(csv.split("\r\n")[0]).toContain('"Number"');
    expect(csv).toContain(`"Credit note","${note!.number}"`);
    expect(csv).toContain(`"${invoice!.number}","27 Maharashtra","50.00","4.50","4.50","0.00","59.00"`);
  });
});
