import { istDateTime } from "~/lib/ist-time";
import { PAGE, type PdfRule, type PdfText, pdfDocument } from "./pdf-writer";
import { type Receipt, stateLabel } from "./receipt";
import type { TaxSplit } from "./tax";

/**
 * A receipt as a PDF the buyer downloads and keeps: the same facts as the
 * HTML receipt (app/components/buying/receipt-view.tsx), with English labels
 * (docs/receipts.md says why). Amounts as "Rs. 199.00": the fonts have no ₹.
 */

const rupees = (paise: number) => `Rs. ${(paise / 100).toFixed(2)}`;

/** Text in lines of at most `width` characters, broken at spaces (a longer word is cut). */
export function wrapText(text: string, width: number): string[] {
  const lines: string[] = [];
  let current = "";
  for (const word of text.split(" ")) {
    for (let piece = word; piece.length > 0; piece = piece.slice(width)) {
      const part = piece.slice(0, width);
      if (current === "") current = part;
      else if (current.length + 1 + part.length <= width) current += ` ${part}`;
      else {
        lines.push(current);
        current = part;
      }
    }
  }
  if (current !== "") lines.push(current);
  return lines;
}

export function receiptPdf(receipt: Receipt): Uint8Array<ArrayBuffer> {
  const texts: PdfText[] = [];
  const rules: PdfRule[] = [];
  const left = 56;
  const right = PAGE.width - 56;
  let y = PAGE.height - 64;
  const line = (text: string, options: { size?: number; bold?: boolean; x?: number; gap?: number } = {}) => {
    texts.push({ x: options.x ?? left, y, size: options.size ?? 10, text, bold: options.bold });
    y -= options.gap ?? 15;
  };
  const pair = (label: string, value: string) => {
    texts.push({ x: left, y, size: 10, text: label, bold: true });
    texts.push({ x: left + 170, y, size: 10, text: value });
    y -= 15;
  };
  const rule = () => {
    rules.push({ x1: left, y1: y + 8, x2: right, y2: y + 8 });
    y -= 8;
  };
  const { invoice, shop, recipient, creditNote } = receipt;
  const taxRows = (tax: TaxSplit): [string, number][] => {
    const half = tax.ratePercent / 2;
    return tax.intraState
      ? [
          ["Taxable value", tax.taxablePaise],
          [`CGST ${half}%`, tax.cgstPaise],
          [`SGST ${half}%`, tax.sgstPaise],
        ]
      : [
          ["Taxable value", tax.taxablePaise],
          [`IGST ${tax.ratePercent}%`, tax.igstPaise],
        ];
  };
  const amountRow = (label: string, paise: number, bold = false) => {
    texts.push({ x: left, y, size: bold ? 11 : 10, text: label, bold });
    texts.push({ x: right - 90, y, size: bold ? 11 : 10, text: rupees(paise), bold });
    y -= bold ? 20 : 15;
  };

  line(invoice ? "TAX INVOICE" : "RECEIPT", { size: 18, bold: true, gap: 26 });
  line(shop.brandName, { size: 13, bold: true });
  if (invoice) line(`Legal name: ${invoice.details.legalName}`);
  line(shop.address);
  if (invoice) line(`GSTIN: ${invoice.details.gstin}   State: ${stateLabel(invoice.details.supplierState)}`);
  y -= 6;
  rule();
  if (recipient) {
    const erased = recipient.name === null && recipient.address === null;
    pair("Billed to", erased ? "Erased at the buyer's request" : (recipient.name ?? ""));
    if (!erased) {
      // Up to 200 characters: wrapped to the value column's width (about 62 characters of 10-point Helvetica).
      const [first = "", ...more] = wrapText(
        `${recipient.address ?? ""}${recipient.pin ? ` - ${recipient.pin}` : ""}`,
        62,
      );
      pair("Billing address", first);
      for (const rest of more) line(rest, { x: left + 170 });
    }
    pair("State", stateLabel(recipient.state));
    y -= 6;
    rule();
  }
  if (invoice) {
    pair("Invoice number", invoice.number);
    pair("Invoice date", `${istDateTime(invoice.issuedAt)} IST`);
    pair("Place of supply", stateLabel(invoice.details.placeOfSupply));
    pair("SAC", invoice.details.sac);
  }
  pair("Order ID", receipt.orderId);
  pair("Paid on", `${istDateTime(receipt.paidAt)} IST`);
  pair("Payment reference (UTR)", receipt.paymentReference ?? "-");
  pair("Instagram account or post", receipt.target);
  y -= 6;
  rule();
  texts.push({ x: left, y, size: 10, text: "Description", bold: true });
  texts.push({ x: right - 90, y, size: 10, text: "Amount", bold: true });
  y -= 16;
  for (const item of receipt.lines) {
    const words =
      item.kind === "discount"
        ? `Coupon ${item.description}`
        : `${item.description} (${item.quantity} ${item.serviceType})`;
    texts.push({ x: left, y, size: 10, text: words });
    texts.push({ x: right - 90, y, size: 10, text: rupees(item.amountPaise) });
    y -= 15;
  }
  rule();
  if (invoice) for (const [label, paise] of taxRows(invoice.details.tax)) amountRow(label, paise);
  amountRow("Total paid", receipt.totalPaise, true);
  line(
    invoice
      ? "Prices include GST. Tax is not payable on reverse charge."
      : "Prices are as listed; no GST is charged separately.",
    { size: 9 },
  );
  y -= 10;
  rule();
  if (creditNote) {
    // Rule 53(1A): the nature of the document, its number and date, and the invoice it refers to.
    line("CREDIT NOTE", { size: 14, bold: true, gap: 20 });
    pair("Credit note number", creditNote.number);
    pair("Date of issue", `${istDateTime(creditNote.issuedAt)} IST`);
    pair(
      "Against tax invoice",
      `${creditNote.details.invoiceNumber}, ${istDateTime(creditNote.details.invoiceIssuedAt)} IST`,
    );
    line("Refund of the part of the order not delivered");
    for (const [label, paise] of taxRows(creditNote.details.tax)) amountRow(label, paise);
    amountRow("Total credited", creditNote.details.creditedPaise, true);
    rule();
  }
  line("Grievance officer", { bold: true });
  line(`${shop.grievanceOfficerName}, ${shop.grievanceOfficerDesignation}`);
  line(`Contact: ${shop.grievanceOfficerContact}`);
  line(`Support: ${shop.supportEmail}, ${shop.supportPhone}`, { gap: 24 });
  line("A computer-generated document, issued electronically.", { size: 8 });
  return pdfDocument({
    texts,
    rules,
    title: `${invoice ? "Tax invoice" : "Receipt"} ${invoice?.number ?? receipt.orderId}`,
  });
}
