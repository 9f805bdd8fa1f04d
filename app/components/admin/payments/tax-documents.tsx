import { Download } from "lucide-react";
import { RecordTable } from "~/components/admin/record-table";
import { buttonVariants } from "~/components/ui/button";
import { stateLabel } from "~/domain/receipts/receipt";
import type { TaxDocument } from "~/domain/receipts/tax-documents.server";
import { istDateTime } from "~/lib/ist-time";
import { formatInr } from "~/lib/money";

const HEADINGS = ["Document", "Number", "Date", "Order", "Place of supply", "Tax", "Total"];
const cell = "px-4 py-3 max-sm:p-0";

/**
 * Admin → Payments, "Tax invoices and credit notes": the newest documents the shop issued, and every one
 * of them as CSV for the accountant (app/domain/receipts/tax-documents.server.ts; docs/receipts.md).
 */
export function TaxDocumentsList({ documents }: { documents: TaxDocument[] }) {
  return (
    <section aria-labelledby="tax-documents-title" className="space-y-4">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div>
          <h2 id="tax-documents-title" className="text-lg font-semibold">
            Tax invoices and credit notes
          </h2>
          <p className="mt-1 text-sm text-gray-600">
            Issued while a GSTIN is set in Settings → GST and receipts: an invoice when a payment is confirmed, a credit
            note when its refund is marked paid. The newest are listed; the CSV has them all. Times are IST.
          </p>
        </div>
        {documents.length > 0 && (
          <a
            href="/api/admin/tax-documents/export"
            download
            className={buttonVariants({ size: "md", className: "px-3 text-sm" })}
            data-testid="tax-documents-export"
          >
            <Download className="h-4 w-4" aria-hidden />
            Export CSV
          </a>
        )}
      </div>
      <RecordTable
        headings={HEADINGS}
        empty={
          documents.length === 0 ? "No tax invoices yet: they start once a GSTIN is set and a payment confirmed." : null
        }
      >
        {documents.map((doc) => (
          <tr
            key={`${doc.kind}:${doc.number}`}
            data-testid="tax-document-row"
            className="max-sm:grid max-sm:grid-cols-2 max-sm:gap-2 max-sm:p-4"
          >
            <td className={cell}>
              {doc.kind === "invoice" ? "Tax invoice" : `Credit note (against ${doc.invoiceNumber})`}
            </td>
            <td className={`${cell} font-mono`}>{doc.number}</td>
            <td className={cell}>{istDateTime(doc.issuedAt)}</td>
            <td className={cell}>
              <a href={`/admin/orders/${doc.orderId}`} className="text-brand-700 underline">
                {doc.orderId}
              </a>
            </td>
            <td className={cell}>{stateLabel(doc.placeOfSupply)}</td>
            <td className={`${cell} sm:text-right`}>
              <span className="sm:hidden">Tax </span>
              {formatInr(doc.cgstPaise + doc.sgstPaise + doc.igstPaise)}
            </td>
            <td className={`${cell} font-semibold sm:text-right`}>
              <span className="sm:hidden">Total </span>
              {formatInr(doc.totalPaise)}
            </td>
          </tr>
        ))}
      </RecordTable>
    </section>
  );
}
