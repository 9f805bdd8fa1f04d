import type { AppServices } from "~/context";
import { type DB, transaction } from "~/db/database.server";
import { findBuyerOrder } from "~/domain/orders/order-tracking.server";
import { TRACK_MESSAGES } from "~/domain/orders/order-messages";
import { lockOrder } from "~/domain/orders/orders.repository.server";
import type { OrderRow } from "~/domain/orders/table";
import { storeSettings, taxSettings } from "~/domain/settings/cards";
import { readSettings } from "~/domain/settings/store.server";
import { AppError } from "~/lib/app-error";
import { type PaidOrder, type Receipt, type TaxInvoice, buildReceipt, invoiceDetails } from "./receipt";

import { numberDocument } from "./series.server";
import { findCreditNote, findTaxInvoice, storedInvoice } from "./stored-documents.server";

/**
 * Receipts (issue 51, point 2; docs/receipts.md). A shop with a GSTIN issues
 * a tax invoice for an order when its payment is confirmed, in the payment's
 * transaction (the listener in app/domain/order-events/subscribers.server.ts):
 * the next number of the financial year's series, taken by one atomic upsert
 * that the database serialises, and the order id as the invoice's key, so a
 * retry, a double click or a second instance never gives an order two
 * numbers, nor two orders one. The buyer opens the receipt with the order id
 * and phone, as on /track.
 */

/**
 * Issues the order's tax invoice inside the caller's transaction, which holds the order's row (the
 * status writer's, or issueTaxInvoiceFor's lock): the one it has if it has one; none for an unpaid
 * order or while the shop has no GSTIN.
 */
export async function issueTaxInvoice(trx: DB, order: OrderRow, now: number): Promise<TaxInvoice | null> {
  if (order.paid_at === null) return null;
  const existing = await findTaxInvoice(trx, order.order_id);
  if (existing) return existing;
  const tax = await readSettings(trx, taxSettings);
  if (!tax.gstin) return null;
  const store = await readSettings(trx, storeSettings);
  const details = invoiceDetails(order as PaidOrder, {
    gstin: tax.gstin,
    legalName: tax.legalName || store.brandName,
    address: tax.registeredAddress || store.location,
  });
  const { number, numbered } = await numberDocument(trx, "INV", now);
  const row = await trx
    .insertInto("tax_invoices")
    .values({ order_id: order.order_id, invoice_number: number, ...numbered, details: JSON.stringify(details) })
    .returningAll()
    .executeTakeFirstOrThrow();
  return storedInvoice(row);
}

/** issueTaxInvoice in a transaction of its own, the order's row locked first (a script, the tests). */
export async function issueTaxInvoiceFor(db: DB, orderId: string, now = Date.now()): Promise<TaxInvoice | null> {
  return transaction(db, async (trx) => {
    const order = await lockOrder(trx, orderId);
    if (!order) throw new AppError("NOT_FOUND", "Order not found");
    return issueTaxInvoice(trx, order, now);
  });
}

export const RECEIPT_UNPAID_MESSAGE =
  "This order has no confirmed payment, so it has no receipt. Once your payment is confirmed, the receipt is here.";

/**
 * The receipt of a paid order, for someone who knows its id and the phone it was placed with (as /track).
 * NOT_FOUND when they do not match (no hint which is wrong); RECEIPT_UNPAID for an order never paid:
 * a receipt acknowledges money received, and an unpaid or cancelled-before-payment order received none.
 */
export async function buyerReceipt(
  services: Pick<AppServices, "db" | "settings">,
  orderId: string,
  phone: string,
): Promise<Receipt> {
  const order = await findBuyerOrder(services.db, orderId, phone);
  if (!order) throw new AppError("NOT_FOUND", TRACK_MESSAGES.noMatch, { reason: "RECEIPT_NO_MATCH" });
  if (order.paid_at === null) {
    throw new AppError("INVALID_TRANSITION", RECEIPT_UNPAID_MESSAGE, { reason: "RECEIPT_UNPAID" });
  }
  const [settings, invoice, creditNote] = await Promise.all([
    services.settings.get(),
    findTaxInvoice(services.db, order.order_id),
    findCreditNote(services.db, order.order_id),
  ]);
  const shop = {
    brandName: settings.brandName,
    address: settings.registeredAddress || settings.location,
    supportEmail: settings.supportEmail,
    supportPhone: settings.supportPhone,
    grievanceOfficerName: settings.grievanceOfficerName,
    grievanceOfficerDesignation: settings.grievanceOfficerDesignation,
    grievanceOfficerContact: settings.grievanceOfficerContact,
  };
  return buildReceipt(order as PaidOrder, shop, invoice, creditNote);
}
