import type { Route } from "./+types/tax-documents-export";
import { servicesContext } from "~/context";
import { requireAdmin } from "~/domain/auth/guard.server";
import {
  recordTaxDocumentsExport,
  taxDocuments,
  taxDocumentsCsv,
  taxDocumentsFileName,
} from "~/domain/receipts/tax-documents.server";
import { apiError } from "~/lib/server/api.server";
import { requestClient } from "~/routes/request-client.server";

/**
 * GET /api/admin/tax-documents/export: every tax invoice and credit note the shop issued, as CSV
 * (app/domain/receipts/tax-documents.server.ts). A shop that issued none gets a 404 saying so.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const admin = requireAdmin(context);
  const { db } = context.get(servicesContext);
  const now = Date.now();
  const documents = await taxDocuments(db);
  if (documents.length === 0) return apiError(404, "No tax invoices or credit notes to export yet");
  await recordTaxDocumentsExport(
    db,
    { actor: admin.username, rows: documents.length, client: requestClient(request) },
    now,
  );
  return new Response(taxDocumentsCsv(documents), {
    headers: {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="${taxDocumentsFileName(now)}"`,
      "Cache-Control": "no-store",
      "X-Export-Count": String(documents.length),
    },
  });
}
