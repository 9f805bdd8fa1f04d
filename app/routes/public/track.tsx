import { Suspense, lazy } from "react";
import { Form, data, useNavigation, useSearchParams } from "react-router";
import { CommentsList } from "~/components/buying/comments-list";
import { OrderProgress } from "~/components/buying/order-progress";
import { Button } from "~/components/ui/button";
import { Card, TitledCard } from "~/components/ui/card";
import { OrderLookupFields } from "~/components/buying/order-lookup-fields";
import { FieldError } from "~/components/ui/field";
import type { Route } from "./+types/track";
import { type AppServices, servicesContext } from "~/context";
import type { OrderRow } from "~/domain/orders/table";
import { CLIENT_IP_HEADER } from "~/domain/auth/origin";
import { findBuyerOrder, trackedOrder } from "~/domain/orders/order-tracking.server";
import { SelfService } from "~/components/buying/self-service";
import { ReportProblem } from "~/components/buying/report-problem";
import { OpenReceipt } from "~/components/buying/receipt-view";
import { buyerComplaint } from "~/domain/complaints/buyer-complaint";
import { complaintsForOrder, openComplaint } from "~/domain/complaints/complaints.server";
import { TrackUpdateForms } from "~/components/buying/track-updates";
import { EraseData, ErasureDone, type ErasureShown } from "~/components/buying/erase-data";
import { requestErasure } from "~/domain/privacy/erasure.server";
import { updatesOffer } from "~/domain/buyer-messages/offer.server";
import { trackChannels } from "~/domain/buyer-messages/track.server";
import { stopOrderUpdates } from "~/domain/buyer-messages/privacy.server";
import { giveRefundUpiId } from "~/domain/self-service/refund-upi.server";
import { requestClient } from "~/routes/request-client.server";
import { cancelBeforeDelivery } from "~/domain/self-service/cancel.server";
import { requestOrderRefill } from "~/domain/self-service/refill.server";
import { selfServiceView } from "~/domain/self-service/track.server";
import { type AppError, isAppError, retryAfterOf } from "~/lib/app-error";
import { createRateLimiter, takeOrRefuse } from "~/lib/server/rate-limit";
import { refusalInit } from "~/lib/server/api.server";
import { noStoreWithRetryAfter } from "~/lib/server/retry-after";
import { formatCount, formatInr } from "~/lib/money";
import { buyerPageMeta } from "./buyer-page-meta";
import { formFailure, parseForm } from "~/lib/server/parse.server";
import { TRACK_MESSAGES } from "~/domain/orders/order-messages";
import { trackActionSchema } from "~/domain/orders/track-lookup";
import { useTranslation } from "react-i18next";
import { useLocale } from "~/lib/i18n/use-locale";
import { useMessageText } from "~/components/use-message";
import { HYDRATE_ON_INTENT } from "~/lib/page-handle";

/** What /track says once a request went through, by its translation key; the notices are its keys. */
const NOTICE_TEXT = {
  refill: "order:refill.requested",
  cancel: "order:cancel.done",
  refundUpi: "errors:refundUpi.saved",
  stopUpdates: "errors:stopUpdates.done",
} as const;
type TrackNotice = keyof typeof NOTICE_TEXT;

// "Updates about this order" calls the JSON API (and so brings zod): loaded once an order is shown, not with the page.
const BuyerUpdates = lazy(() =>
  import("~/components/buying/buyer-updates").then((module) => ({ default: module.BuyerUpdates })),
);

// Order ids cannot be guessed, but a lookup form still should not be an oracle for scripts.
const lookups = createRateLimiter(30);
// Complaints, on top of the lookups: a buyer has a few things to report, a script many.
const complaintsMade = createRateLimiter(5);
// Erasure requests, on top of the lookups: one buyer asks once; a script trying phones many times.
const erasuresAsked = createRateLimiter(3);


// This page shows one buyer's order: no browser or proxy may keep a copy of it.
// The lookup is a plain form that works before React runs; its answer (a POST) starts React at once.
export const handle = HYDRATE_ON_INTENT;

/** Never kept; a refused attempt (429) says when to come back. */
export const headers: Route.HeadersFunction = noStoreWithRetryAfter;

export const meta: Route.MetaFunction = (args) => buyerPageMeta("track", args);

/** The action's answer carries it too (the page's `headers` covers the document). */
const NO_STORE = { headers: { "Cache-Control": "no-store" } };
/** A rate limit's refusal, shown in the page: 429 with Retry-After (app/lib/server/api.server.ts). */
const refused = (error: AppError) => refusalInit(error, NO_STORE.headers);

/**
 * Looks the order up by its id and phone; a refill or a cancel asks for the
 * same proof, so nobody acts on an order by guessing its id. Refusals come
 * back as a code (`errorCode`) with its English words; the page shows the
 * code's words in its own language, as it does the notice (`refill`, `cancel`).
 */
export async function action({ request, context }: Route.ActionArgs) {
  const submission = await parseForm(request, trackActionSchema);
  // A refusal gives back what was typed, so the form shows it again even before React runs (issue 45).
  const typedText = (name: string, max: number) => {
    const value = submission.payload[name];
    return typeof value === "string" ? value.slice(0, max) : "";
  };
  const typed = { orderId: typedText("orderId", 60), phone: typedText("phone", 40) };
  const empty = {
    order: null,
    selfService: null,
    lookup: null,
    notice: null,
    errorCode: null,
    updates: null,
    channels: null,
    complaints: [],
    ticket: null,
    erasure: null as ErasureShown | null,
    typed,
  };
  const ip = request.headers.get(CLIENT_IP_HEADER) ?? "";
  const limited = takeOrRefuse(lookups, ip, TRACK_MESSAGES.tooMany);
  if (limited) return data({ ...empty, error: limited.message, errorCode: limited.code }, refused(limited));
  if (submission.status !== "success") {
    const refused = formFailure(submission);
    return data({ ...empty, error: refused.data.message }, { ...NO_STORE, status: refused.init?.status });
  }
  const { orderId, phone, intent, upiId, message } = submission.value;
  const services = context.get(servicesContext);
  const row = await findBuyerOrder(services.db, orderId, phone);
  if (!row) return data({ ...empty, error: TRACK_MESSAGES.noMatch }, NO_STORE);

  let notice: TrackNotice | null = null;
  let error: string | null = null;
  let errorCode: string | null = null;
  let ticket: string | null = null;
  let limitedBy: AppError | null = null;
  if (intent === "erase") {
    const tooFast = takeOrRefuse(erasuresAsked, ip, TRACK_MESSAGES.tooMany, { reason: "ERASE_TOO_FAST" });
    if (tooFast) return data({ ...empty, error: tooFast.message, errorCode: "ERASE_TOO_FAST" }, refused(tooFast));
    // Once erased, the order can no longer be looked up with the phone: the page shows the outcome alone.
    let erasure: ErasureShown;
    try {
      erasure = await requestErasure(services.db, { orderId, phone });
    } catch (failure) {
      if (!isAppError(failure)) throw failure;
      return data({ ...empty, error: failure.message }, NO_STORE);
    }
    const still = await findBuyerOrder(services.db, orderId, phone);
    if (!still) return data({ ...empty, error: null, typed: { orderId: "", phone: "" }, erasure }, NO_STORE);
    return data({ ...(await trackView(services, still, phone, typed)), erasure }, NO_STORE);
  }
  if (intent !== "track") {
    try {
      const client = requestClient(request);
      if (intent === "complaint") {
        const tooFast = takeOrRefuse(complaintsMade, ip, TRACK_MESSAGES.tooMany, { reason: "COMPLAINT_TOO_FAST" });
        if (tooFast) throw tooFast;
        ticket = (await openComplaint(services.db, { orderId: row.order_id, message, client })).ticket;
      } else if (intent === "refill") {
        await requestOrderRefill(services, row.order_id, { kind: "buyer" });
        notice = "refill";
      } else if (intent === "cancel") {
        await cancelBeforeDelivery(services, row.order_id, { kind: "buyer" });
        notice = "cancel";
      } else if (intent === "refund-upi") {
        await giveRefundUpiId(services.db, row.order_id, upiId ?? "", { kind: "buyer", client });
        notice = "refundUpi";
      } else {
        await stopOrderUpdates(services.db, { orderId, phone }, client);
        notice = "stopUpdates";
      }
    } catch (failure) {
      if (!isAppError(failure)) throw failure;
      error = failure.message;
      errorCode = typeof failure.details.reason === "string" ? failure.details.reason : failure.code;
      if (retryAfterOf(failure) !== null) limitedBy = failure;
    }
  }
  // Shown as it now is, after whatever was asked.
  const current = (await findBuyerOrder(services.db, orderId, phone)) ?? row;
  const view = await trackView(services, current, phone, typed);
  return data({ ...view, error, errorCode, notice, ticket }, limitedBy ? refused(limitedBy) : NO_STORE);
}

/** What /track shows of an order its buyer proved. */
async function trackView(
  services: AppServices,
  current: OrderRow,
  phone: string,
  typed: { orderId: string; phone: string },
) {
  return {
    error: null as string | null,
    errorCode: null as string | null,
    notice: null as TrackNotice | null,
    order: trackedOrder(current),
    selfService: await selfServiceView(services, current),
    lookup: { orderId: current.order_id, phone },
    updates: await updatesOffer(services),
    channels: await trackChannels(services.db, current),
    complaints: (await complaintsForOrder(services.db, current.order_id)).map(buyerComplaint),
    ticket: null as string | null,
    erasure: null as ErasureShown | null,
    typed,
  };
}

export default function Track({ actionData }: Route.ComponentProps) {
  const [params] = useSearchParams();
  const navigation = useNavigation();
  const order = actionData?.order;
  const { t } = useTranslation("track");
  const locale = useLocale();
  const message = useMessageText();
  const count = (n: number) => formatCount(n, locale);
  const code = actionData?.errorCode;
  // A refill's or a cancel's refusal by its code; anything else by its words.
  const error = !actionData?.error
    ? null
    : code?.startsWith("REFILL_")
      ? t(`errors:refill.${code}`)
      : code?.startsWith("CANCEL_")
        ? t(`errors:cancel.${code}`)
        : code?.startsWith("COMPLAINT_")
          ? t(`track:complaint.errors.${code}`)
          : code === "ERASE_TOO_FAST"
            ? t("track:erase.tooMany")
            : message({ message: actionData.error, code });
  const notice = actionData?.notice ? t(NOTICE_TEXT[actionData.notice]) : null;
  return (
    <main className="min-h-[70vh] bg-gradient-to-b from-brand-50 to-white px-4 py-10">
      <div className="mx-auto max-w-md">
        <h1 className="text-center text-3xl font-extrabold">{t("title")}</h1>
        <Card asChild>
          <Form method="post" className="mt-6 space-y-4">
            <OrderLookupFields
              orderId={actionData?.typed.orderId || (params.get("order") ?? "")}
              phone={actionData?.typed.phone ?? ""}
              phoneHint
            />
            <Button type="submit" disabled={navigation.state !== "idle"} className="w-full">
              {t(navigation.state !== "idle" ? "checking" : "submit")}
            </Button>
            {error && !order && <FieldError className="mt-0">{error}</FieldError>}
          </Form>
        </Card>
        {actionData?.erasure && (
          <div className="mt-6">
            <ErasureDone erasure={actionData.erasure} />
          </div>
        )}
        {order && (
          <TitledCard
            title={t("order", { orderId: order.orderId })}
            headingId="order-status-title"
            headingClassName="text-lg font-bold"
            className="mt-6"
          >
            <div className="mt-4">
              <OrderProgress order={order} headingLevel={2} />
            </div>
            <dl className="mt-4 grid grid-cols-[auto_1fr] gap-x-4 gap-y-2 text-sm">
              <dt className="text-gray-600">{t("service")}</dt>
              <dd className="capitalize">{t(`serviceName.${order.serviceType}`)}</dd>
              <dt className="text-gray-600">{t("quantity")}</dt>
              <dd>{count(order.quantity)}</dd>
              <dt className="text-gray-600">{t("target")}</dt>
              <dd className="break-all">{order.target}</dd>
              {order.discountPaise > 0 && order.couponCode && (
                <>
                  <dt className="text-gray-600">{t("pricePaid")}</dt>
                  <dd data-testid="track-price">{formatInr(order.pricePaise, locale)}</dd>
                  <dt className="text-gray-600">{t("coupon")}</dt>
                  <dd data-testid="track-coupon">
                    {t("couponValue", { code: order.couponCode, discount: formatInr(order.discountPaise, locale) })}
                  </dd>
                </>
              )}
              {order.startCount !== null && (
                <>
                  <dt className="text-gray-600">{t("startCount")}</dt>
                  <dd>{count(order.startCount)}</dd>
                </>
              )}
              {order.view.delivered !== null && (
                <>
                  <dt className="text-gray-600">{t("deliveredSoFar")}</dt>
                  <dd>{t("deliveredOf", { delivered: count(order.view.delivered), quantity: count(order.quantity) })}</dd>
                </>
              )}
            </dl>
            <CommentsList comments={order.comments} />
            {order.paid && actionData?.lookup && (
              <OpenReceipt orderId={order.orderId} phone={actionData.lookup.phone} />
            )}
            {actionData?.selfService && actionData.lookup && (
              <SelfService
                view={actionData.selfService}
                lookup={actionData.lookup}
                busy={navigation.state !== "idle"}
                notice={notice}
                error={code?.startsWith("COMPLAINT_") ? null : error}
                pricePaise={order.pricePaise}
              />
            )}
            {actionData?.lookup && actionData.updates && (
              <Suspense fallback={null}>
                <BuyerUpdates orderId={order.orderId} phone={actionData.lookup.phone} offer={actionData.updates} />
              </Suspense>
            )}
            {actionData?.lookup && actionData.channels && (
              <TrackUpdateForms
                lookup={actionData.lookup}
                channels={actionData.channels}
                busy={navigation.state !== "idle"}
              />
            )}
            {actionData?.lookup && (
              <>
                {error && code?.startsWith("COMPLAINT_") && (
                  <FieldError className="mt-4" data-testid="complaint-error">
                    {error}
                  </FieldError>
                )}
                <ReportProblem
                  complaints={actionData.complaints}
                  lookup={actionData.lookup}
                  busy={navigation.state !== "idle"}
                  ticket={actionData.ticket}
                />
                <EraseData lookup={actionData.lookup} busy={navigation.state !== "idle"} />
              </>
            )}
          </TitledCard>
        )}
      </div>
    </main>
  );
}
