import { istDateTime } from "~/lib/ist-time";
import { PAGE, type PdfRule, type PdfText, pdfDocument } from "./pdf-writer";
import { type Receipt, stateLabel } from "./receipt";

/**
 * A receipt as a PDF the buyer downloads and keeps: the same facts as the
 * HTML receipt (app/components/buying/receipt-view.tsx), with English labels
 * (docs/receipts.md says why). Amounts as "Rs. 199.00": the fonts have no ₹.
 */

const rupees = (paise: number) => `Rs. ${(paise / 100).toFixed(2)}`;

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
  const { invoice, shop } = receipt;

  line(invoice ? "TAX INVOICE" : "RECEIPT", { size: 18, bold: true, gap: 26 });
  line(shop.brandName, { size: 13, bold: true });
  if (invoice) line(`Legal name: ${invoice.details.legalName}`);
  line(shop.address);
  if (invoice) line(`GSTIN: ${invoice.details.gstin}   State: ${stateLabel(invoice.details.supplierState)}`);
  y -= 6;
  rule();
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
  if (invoice) {
    const tax = invoice.details.tax;
    const half = tax.ratePercent / 2;
    const rows: [string, number][] = tax.intraState
      ? [
          ["Taxable value", tax.taxablePaise],
          [`CGST ${half}%`, tax.cgstPaise],
          [`SGST ${half}%`, tax.sgstPaise],
        ]
      : [
          ["Taxable value", tax.taxablePaise],
          [`IGST ${tax.ratePercent}%`, tax.igstPaise],
        ];
    for (const [label, paise] of rows) {
      texts.push({ x: left, y, size: 10, text: label });
      texts.push({ x: right - 90, y, size: 10, text: rupees(paise) });
      y -= 15;
    }
  }
  texts.push({ x: left, y, size: 11, text: "Total paid", bold: true });
  texts.push({ x: right - 90, y, size: 11, text: rupees(receipt.totalPaise), bold: true });
  y -= 20;
  line(
    invoice
      ? "Prices include GST. Tax is not payable on reverse charge."
      : "Prices are as listed; no GST is charged separately.",
    { size: 9 },
  );
  y -= 10;
  rule();
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
