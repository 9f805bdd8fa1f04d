import { useTranslation } from "react-i18next";
import { Form, data, useNavigation, useSearchParams } from "react-router";
import { ReceiptView } from "~/components/buying/receipt-view";
import { Button } from "~/components/ui/button";
import { Card } from "~/components/ui/card";
import { OrderLookupFields } from "~/components/buying/order-lookup-fields";
import { FieldError } from "~/components/ui/field";
import type { Route } from "./+types/receipt";
import { servicesContext } from "~/context";
import { CLIENT_IP_HEADER } from "~/domain/auth/origin";
import { createRateLimiter, takeOrRefuse } from "~/lib/server/rate-limit";
import { refusalInit } from "~/lib/server/api.server";
import { noStoreWithRetryAfter } from "~/lib/server/retry-after";
import { TRACK_MESSAGES } from "~/domain/orders/order-messages";
import { trackLookupSchema } from "~/domain/orders/track-lookup";
import { buyerReceipt } from "~/domain/receipts/receipts.server";
import { isAppError } from "~/lib/app-error";
import { useMessageText } from "~/components/use-message";
import { HYDRATE_ON_INTENT } from "~/lib/page-handle";
import { formFailure, parseForm } from "~/lib/server/parse.server";
import { buyerPageMeta } from "./buyer-page-meta";

// As /track: ids cannot be guessed, and the form is no oracle for scripts either.
const lookups = createRateLimiter(30);

// One buyer's receipt: no browser or proxy keeps a copy. A plain form that works before React runs.
export const handle = HYDRATE_ON_INTENT;
/** Never kept; a refused attempt (429) says when to come back. */
export const headers: Route.HeadersFunction = noStoreWithRetryAfter;

export const meta: Route.MetaFunction = (args) => buyerPageMeta("receipt", args, true);

const NO_STORE = { headers: { "Cache-Control": "no-store" } };

/** The receipt for the order id and phone posted (from /track, the success page, or this page's form). */
export async function action({ request, context }: Route.ActionArgs) {
  const none = { receipt: null, lookup: null, error: null, errorCode: null as string | null };
  const limited = takeOrRefuse(lookups, request.headers.get(CLIENT_IP_HEADER) ?? "", TRACK_MESSAGES.tooMany);
  if (limited) {
    return data({ ...none, error: limited.message, errorCode: limited.code }, refusalInit(limited, NO_STORE.headers));
  }
  const submission = await parseForm(request, trackLookupSchema);
  if (submission.status !== "success") {
    const refused = formFailure(submission);
    return data({ ...none, error: refused.data.message }, { ...NO_STORE, status: refused.init?.status });
  }
  const { orderId, phone } = submission.value;
  try {
    const receipt = await buyerReceipt(context.get(servicesContext), orderId, phone);
    return data({ ...none, receipt, lookup: { orderId, phone } }, NO_STORE);
  } catch (failure) {
    if (!isAppError(failure)) throw failure;
    const reason = typeof failure.details.reason === "string" ? failure.details.reason : null;
    return data({ ...none, error: failure.message, errorCode: reason }, { ...NO_STORE, status: 404 });
  }
}

export default function ReceiptPage({ actionData }: Route.ComponentProps) {
  const { t } = useTranslation("receipt");
  const [params] = useSearchParams();
  const navigation = useNavigation();
  const message = useMessageText();
  const receipt = actionData?.receipt;
  const code = actionData?.errorCode;
  const error = !actionData?.error
    ? null
    : code?.startsWith("RECEIPT_")
      ? t(`errors.${code}`)
      : message({ message: actionData.error, code: code ?? undefined });
  return (
    <main className="min-h-[70vh] bg-gradient-to-b from-brand-50 to-white px-4 py-10 print:bg-none print:p-0">
      <div className="mx-auto max-w-xl">
        {receipt && actionData.lookup ? (
          <>
            <ReceiptView receipt={receipt} />
            <div className="mt-4 flex flex-wrap gap-3 print:hidden">
              <Button type="button" onClick={() => window.print()} data-testid="print-receipt">
                {t("print")}
              </Button>
              <form method="post" action="/receipt.pdf">
                <input type="hidden" name="orderId" value={actionData.lookup.orderId} />
                <input type="hidden" name="phone" value={actionData.lookup.phone} />
                <Button type="submit" variant="outline" data-testid="receipt-pdf">
                  {t("pdf")}
                </Button>
              </form>
            </div>
            <p className="mt-2 text-xs text-gray-600 print:hidden">{t("pdfNote")}</p>
          </>
        ) : (
          <>
            <h1 className="text-center text-3xl font-extrabold">{t("askTitle")}</h1>
            <Card asChild>
              <Form method="post" className="mt-6 space-y-4">
                <p className="text-sm text-gray-700">{t("ask")}</p>
                <OrderLookupFields orderId={params.get("order") ?? ""} />
                <Button type="submit" disabled={navigation.state !== "idle"} className="w-full">
                  {t(navigation.state !== "idle" ? "opening" : "open")}
                </Button>
                {error && (
                  <FieldError className="mt-0" data-testid="receipt-error">
                    {error}
                  </FieldError>
                )}
              </Form>
            </Card>
          </>
        )}
      </div>
    </main>
  );
}

