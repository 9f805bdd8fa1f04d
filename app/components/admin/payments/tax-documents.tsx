import { Download } from "lucide-react";
import { buttonVariants } from "~/components/ui/button";
import {
  Table,
  TableBody,
  TableCell,
  TableEmpty,
  TableFrame,
  TableHead,
  TableHeader,
  TableRow,
} from "~/components/ui/table";
import { stateLabel } from "~/domain/receipts/receipt";
import type { TaxDocument } from "~/domain/receipts/tax-documents.server";
import { istDateTime } from "~/lib/ist-time";
import { formatInr } from "~/lib/money";

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
      <TableFrame>
        <Table>
          <TableHeader>
            <TableRow>
              <TableHead density="compact">Document</TableHead>
              <TableHead density="compact">Number</TableHead>
              <TableHead density="compact">Date</TableHead>
              <TableHead density="compact">Order</TableHead>
              <TableHead density="compact">Place of supply</TableHead>
              <TableHead density="compact" className="text-right">
                Tax
              </TableHead>
              <TableHead density="compact" className="text-right">
                Total
              </TableHead>
            </TableRow>
          </TableHeader>
          <TableBody>
            {documents.length === 0 ? (
              <TableEmpty colSpan={7}>
                No tax invoices yet: they start once a GSTIN is set and a payment confirmed.
              </TableEmpty>
            ) : (
              documents.map((doc) => (
                <TableRow key={`${doc.kind}:${doc.number}`}>
                  <TableCell density="compact">
                    {doc.kind === "invoice" ? "Tax invoice" : `Credit note (against ${doc.invoiceNumber})`}
                  </TableCell>
                  <TableCell density="compact" className="font-mono">
                    {doc.number}
                  </TableCell>
                  <TableCell density="compact">{istDateTime(doc.issuedAt)}</TableCell>
                  <TableCell density="compact">
                    <a href={`/admin/orders/${doc.orderId}`} className="text-brand-700 underline">
                      {doc.orderId}
                    </a>
                  </TableCell>
                  <TableCell density="compact">{stateLabel(doc.placeOfSupply)}</TableCell>
                  <TableCell density="compact" className="text-right">
                    {formatInr(doc.cgstPaise + doc.sgstPaise + doc.igstPaise)}
                  </TableCell>
                  <TableCell density="compact" className="text-right">
                    {formatInr(doc.totalPaise)}
                  </TableCell>
                </TableRow>
              ))
            )}
          </TableBody>
        </Table>
      </TableFrame>
    </section>
  );
}
