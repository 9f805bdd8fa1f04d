import type { Route } from "./+types/receipt-pdf";
import { servicesContext } from "~/context";
import { CLIENT_IP_HEADER } from "~/domain/auth/origin";
import { createRateLimiter, takeOrRefuse } from "~/lib/server/rate-limit";
import { TRACK_MESSAGES } from "~/domain/orders/order-messages";
import { trackLookupSchema } from "~/domain/orders/track-lookup";
import { receiptPdf } from "~/domain/receipts/receipt-pdf";
import { buyerReceipt } from "~/domain/receipts/receipts.server";
import { isAppError } from "~/lib/app-error";
import { textFailure } from "~/lib/server/api.server";
import { parseForm } from "~/lib/server/parse.server";

const downloads = createRateLimiter(30);

const text = (status: number, words: string) =>
  new Response(words, { status, headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-store" } });

/**
 * POST /receipt.pdf (order id and phone, as /receipt): the receipt as a PDF to keep, downloaded by the
 * receipt page's button. A refusal is a short text in English (the page only offers it for a receipt it showed).
 */
export async function action({ request, context }: Route.ActionArgs) {
  const limited = takeOrRefuse(downloads, request.headers.get(CLIENT_IP_HEADER) ?? "", TRACK_MESSAGES.tooMany);
  if (limited) return textFailure(limited);
  const submission = await parseForm(request, trackLookupSchema);
  if (submission.status !== "success") return text(400, TRACK_MESSAGES.bothNeeded);
  try {
    const receipt = await buyerReceipt(context.get(servicesContext), submission.value.orderId, submission.value.phone);
    const name = (receipt.invoice?.number ?? receipt.orderId).replace(/[^A-Za-z0-9-]/g, "-");
    return new Response(receiptPdf(receipt), {
      headers: {
        "Content-Type": "application/pdf",
        "Content-Disposition": `attachment; filename="receipt-${name}.pdf"`,
        "Cache-Control": "no-store",
      },
    });
  } catch (failure) {
    if (!isAppError(failure)) throw failure;
    return textFailure(failure);
  }
}

export function loader() {
  return text(405, "Open your receipt on /receipt");
}
