import { ArrowLeft } from "lucide-react";
import { Link, data, useFetcher } from "react-router";
import { OrderActionsCard } from "~/components/admin/orders/order-actions-card";
import type { Route } from "./+types/order-details";
import { adminTitle } from "~/routes/admin/title";
import { ServiceBadge, StatusBadge } from "~/components/admin/order-badges";
import { OrderTarget } from "~/components/admin/order-target";
import { whatsappLink } from "~/components/admin/customer-dialog";
import { servicesContext } from "~/context";
import { istDateTime } from "~/lib/ist-time";
import { OrderHistory } from "~/components/admin/orders/order-history";
import { BuyerMessages } from "~/components/admin/orders/buyer-messages";
import { buyerChannelsView } from "~/domain/buyer-messages/history.server";
import { EraseCustomerData } from "~/components/admin/orders/erase-customer-data";
import { SentToPanel } from "~/components/admin/orders/sent-to-panel";
import { Card, TitledCard } from "~/components/ui/card";
import { auditTrailFor } from "~/domain/audit/audit.server";
import { requireAdmin } from "~/domain/auth/guard.server";
import { toAdminOrderJson } from "~/domain/orders/admin-queries.server";
import { orderPageActionSchema } from "~/domain/orders/order-actions";
import { runOrderAction } from "~/domain/order-actions/order-actions.server";
import { findOrder } from "~/domain/orders/orders.repository.server";
import { waitingFor } from "~/domain/fulfilment/target-queue.server";
import { useActionToast } from "~/components/admin/use-action-toast";
import { pageAction } from "~/lib/server/api.server";
import { formatCount, formatInr } from "~/lib/money";
import { formatPanelMoney } from "~/lib/panel-money";
import { formFailure, parseForm } from "~/lib/server/parse.server";
import { requestClient } from "~/routes/request-client.server";
import { selfServiceView } from "~/domain/self-service/track.server";
import { utrHeldElsewhere } from "~/domain/payments/credits.server";
import { refundPaymentFor } from "~/domain/payments/refund-payment.server";

export const meta: Route.MetaFunction = ({ params, matches }) => [
  { title: adminTitle(matches, `Order ${params.orderId}`) },
];

export async function loader({ params, url, context }: Route.LoaderArgs) {
  requireAdmin(context);
  const { db } = context.get(servicesContext);
  const row = await findOrder(db, params.orderId);
  if (!row)
    return data(
      {
        order: null,
        history: [],
        selfService: null,
        utrHeld: [],
        refundPayment: null,
        buyerMessages: null,
        queue: null,
      },
      { status: 404 },
    );
  const history = (await auditTrailFor(db, "order", row.order_id)).map(({ at, actor, action, details }) => ({
    at,
    actor,
    action,
    details,
  }));
  return {
    order: toAdminOrderJson(row),
    history,
    selfService: await selfServiceView(context.get(servicesContext), row),
    utrHeld: await utrHeldElsewhere(db, row),
    refundPayment: await refundPaymentFor(db, row, url.searchParams.get("payTo")),
    buyerMessages: await buyerChannelsView(db, row),
    queue: await waitingFor(db, row),
  };
}

export async function action({ request, params, context }: Route.ActionArgs) {
  const admin = requireAdmin(context);
  const submission = await parseForm(request, orderPageActionSchema);
  if (submission.status !== "success") return formFailure(submission);
  const operator = { name: admin.username, client: requestClient(request) };
  return pageAction(async () => {
    const result = await runOrderAction(context.get(servicesContext), operator, params.orderId, submission.value);
    return { ok: true as const, message: result.message };
  });
}

/** After any action, failed or not, show the order as it now is. */
export function shouldRevalidate() {
  return true;
}

function Section({ title, className, children }: { title: string; className?: string; children: React.ReactNode }) {
  return (
    <TitledCard
      title={title}
      headingClassName="mb-3 text-base font-semibold"
      radius="lg"
      padding="sm"
      shadow="none"
      className={className}
    >
      {children}
    </TitledCard>
  );
}

function Row({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <>
      <dt className="text-gray-600">{label}</dt>
      <dd className="min-w-0 break-words">{children}</dd>
    </>
  );
}

const grid = "grid grid-cols-[max-content_1fr] gap-x-4 gap-y-2 text-sm";
const rupees = (value: number) => formatInr(Math.round(value * 100));

/** Who confirmed the payment, from `paid_by` ("operator:<name>", "bank-alert:<source>", "gateway:<name>"). */
function confirmedBy(paidBy: string | null): string {
  if (!paidBy) return "";
  const [kind, ...rest] = paidBy.split(":");
  const who = rest.join(":");
  if (kind === "operator") return `by ${who || "the operator"}`;
  if (kind === "bank-alert") return `by a bank alert (${who})`;
  if (kind === "gateway") return `by ${who}`;
  return `by ${paidBy}`;
}

const STOPPED_BY = {
  buyer: "The buyer (cancelled it)",
  shop: "The shop (you stopped it)",
  panel: "The SMM panel (refused or did not deliver it all)",
} as const;

const REFILL_WORDS = {
  requested: "Requested (waiting for the panel's answer)",
  pending: "Pending at the panel",
  in_progress: "In progress",
  completed: "Completed",
  rejected: "Rejected by the panel",
} as const;

/** Refill guarantee, refills and their progress, drip-feed runs: what the buyer sees on /track, for the operator. */
function PanelExtras({ view }: { view: NonNullable<Route.ComponentProps["loaderData"]["selfService"]> }) {
  if (view.refillDays === 0 && view.refills.length === 0 && !view.drip) return null;
  return (
    <dl className={`${grid} mt-3 border-t border-gray-200 pt-3`} aria-label="Refill and drip-feed">
      {view.drip && (
        <Row label="Drip-feed">
          {view.drip.done} of {view.drip.runs} runs done, every {view.drip.intervalMinutes} min
          {view.drip.nextRunAt !== null && `; next around ${istDateTime(view.drip.nextRunAt)} IST`}
        </Row>
      )}
      <Row label="Refill guarantee">
        {view.refillDays === 0
          ? "None"
          : view.guaranteeEndsAt !== null
            ? `${view.refillDays} days, until ${istDateTime(view.guaranteeEndsAt)}`
            : `${view.refillDays} days after delivery`}
      </Row>
      {view.refills.map((refill) => (
        <Row key={refill.requestedAt} label={`Refill ${refill.refillId ?? ""}`.trim()}>
          <span data-testid="admin-refill-progress">{REFILL_WORDS[refill.progress]}</span>
          <span className="text-gray-600"> (asked {istDateTime(refill.requestedAt)})</span>
        </Row>
      ))}
    </dl>
  );
}

export default function OrderDetails({ loaderData }: Route.ComponentProps) {
  const fetcher = useFetcher<typeof action>();
  useActionToast(fetcher);

  const back = (
    <Link
      to="/admin/orders"
      className="inline-flex items-center gap-1 text-sm font-medium text-brand-700 hover:underline"
    >
      <ArrowLeft className="h-4 w-4" aria-hidden /> Back to orders
    </Link>
  );
  const { order } = loaderData;
  if (!order) {
    return (
      <div className="space-y-4">
        {back}
        <Card radius="lg" shadow="none" className="p-10 text-center text-gray-700">
          <p>Order not found</p>
        </Card>
      </div>
    );
  }
  const chat = whatsappLink(order.customerPhone);
  return (
    <div className="space-y-4">
      {back}
      <h1 className="text-2xl font-bold">
        Order <span className="font-mono">{order.orderId}</span>
      </h1>
      <div className="grid grid-cols-1 gap-4 lg:grid-cols-2">
        {/* First on a phone: an alert opens this page, and its main action (Confirm payment) is in view at once. */}
        <Section title="Actions">
          <OrderActionsCard
            order={order}
            fetcher={fetcher}
            utrHeld={loaderData.utrHeld}
            refundPayment={loaderData.refundPayment}
            feePercent={loaderData.selfService?.feePercent ?? 0}
          />
          {(order.customerName || order.customerPhone) && (
            <EraseCustomerData
              orderId={order.orderId}
              customerName={order.customerName}
              customerPhone={order.customerPhone}
              fetcher={fetcher}
            />
          )}
        </Section>
        <Section title="Order Information" className="lg:order-first">
          <dl className={grid}>
            <Row label="Order ID">
              <span className="font-mono">{order.orderId}</span>
            </Row>
            <Row label="Service">
              <ServiceBadge service={order.serviceType} />
            </Row>
            <Row label="Quantity">{formatCount(order.amount)}</Row>
            <Row label="Status">
              <StatusBadge status={order.status} />
            </Row>
            {loaderData.queue && (
              <Row label="Queued behind">
                <span data-testid="queued-behind">
                  {loaderData.queue.orderId ? (
                    <Link
                      to={`/admin/orders/${loaderData.queue.orderId}`}
                      className="font-mono text-brand-700 underline"
                    >
                      {loaderData.queue.orderId}
                    </Link>
                  ) : (
                    "an earlier queued order"
                  )}
                  {`, at the SMM panel for the same ${order.serviceType === "followers" ? "account" : "post"}`}
                  {loaderData.queue.position > 1 && ` (number ${loaderData.queue.position} in its queue)`}. Sent by
                  itself once it finishes: the panel would lose a second order while one runs.
                </span>
              </Row>
            )}
            <Row label="Created">{istDateTime(Date.parse(order.createdAt))}</Row>
            <Row label="Target">
              <OrderTarget service={order.serviceType} target={order.target} />
            </Row>
            {order.comments && (
              <Row label="Buyer's comments">
                <details data-testid="admin-order-comments">
                  <summary className="cursor-pointer">{formatCount(order.comments.length)} custom comments</summary>
                  <ol className="mt-1 max-h-64 list-decimal overflow-y-auto pl-5">
                    {order.comments.map((comment, i) => (
                      <li key={i} className="break-words">
                        {comment}
                      </li>
                    ))}
                  </ol>
                </details>
              </Row>
            )}
            <Row label="Price">
              {rupees(order.price)}
              {order.listedPrice !== null && order.listedPrice !== order.price && (
                <span className="text-gray-600"> (listed {rupees(order.listedPrice)})</span>
              )}
            </Row>
            {order.coupon && (
              <Row label="Coupon">
                <span data-testid="order-coupon">
                  <span className="font-mono">{order.coupon.code}</span>: {rupees(order.coupon.discount)} off the
                  plan&apos;s {rupees(order.coupon.planPrice)}
                </span>
              </Row>
            )}
            <Row label="Profit">
              <span data-testid="order-profit">{order.profit === null ? "—" : rupees(order.profit)}</span>
              {order.profit !== null && order.refund.due !== null && order.profitBeforeRefund !== null && (
                <span className="block text-xs text-gray-600">
                  {rupees(order.profitBeforeRefund)} after the panel's charge, less the {rupees(order.refund.due)}{" "}
                  refund
                </span>
              )}
            </Row>
          </dl>
        </Section>
        <Section title="Payment">
          <dl className={grid}>
            <Row label={order.payment.utrFrom === "bank" ? "Bank's UTR" : "Buyer's UTR"}>
              {order.utr ? <span className="font-mono">{order.utr}</span> : "Not submitted"}
              {order.payment.utrFrom === "bank" && (
                <span className="block text-xs text-gray-600">
                  From the payment's bank alert, not given by the buyer
                </span>
              )}
            </Row>
            {typeof order.payment.evidence?.buyerUtr === "string" && (
              <Row label="Buyer's UTR">
                <span className="font-mono">{order.payment.evidence.buyerUtr}</span>
              </Row>
            )}
            {order.payment.upiId && (
              <Row label="Paid to">
                <span className="font-mono break-all">{order.payment.upiId}</span>
              </Row>
            )}
            {order.payment.received !== null && (
              <Row label="Received">
                <span data-testid="payment-received">{rupees(order.payment.received)}</span>
                {order.payment.difference !== null && order.payment.difference !== 0 && (
                  <span
                    data-testid="payment-difference"
                    className={`block text-sm font-medium ${order.payment.difference > 0 ? "text-amber-800" : "text-red-700"}`}
                  >
                    {order.payment.difference > 0
                      ? `${rupees(order.payment.difference)} more than asked: a surplus owed back to the buyer`
                      : `${rupees(-order.payment.difference)} less than asked: a shortfall`}
                  </span>
                )}
              </Row>
            )}
            {order.utrSubmittedAt && <Row label="UTR given">{istDateTime(Date.parse(order.utrSubmittedAt))}</Row>}
            {order.paymentDeadlineAt && <Row label="Pay by">{istDateTime(Date.parse(order.paymentDeadlineAt))}</Row>}
            <Row label="Confirmed">
              {order.payment.paidAt
                ? `${istDateTime(Date.parse(order.payment.paidAt))} ${confirmedBy(order.payment.paidBy)}`
                : "Not confirmed"}
            </Row>
            {order.refund.cancelledBy && <Row label="Stopped by">{STOPPED_BY[order.refund.cancelledBy]}</Row>}
            {order.refund.due !== null && (
              <Row label={order.refund.refundedAt ? "Refunded" : "Refund due"}>
                <span data-testid="refund-amount">{rupees(order.refund.due)}</span>
                {order.refund.fee !== null && order.refund.fee > 0 && (
                  <span className="text-gray-600"> ({rupees(order.refund.fee)} cancellation fee kept)</span>
                )}
                {order.refund.compensation !== null && order.refund.compensation > 0 && (
                  <span className="text-gray-600" data-testid="refund-compensation">
                    {" "}
                    (includes {rupees(order.refund.compensation)} cancellation fee paid to the buyer)
                  </span>
                )}
                {order.refund.reference && (
                  <span className="ml-2 font-mono" data-testid="refund-reference">
                    UPI ref {order.refund.reference}
                  </span>
                )}
                {order.refund.refundedAt && (
                  <span className="block text-xs text-gray-600">
                    {istDateTime(Date.parse(order.refund.refundedAt))}
                  </span>
                )}
              </Row>
            )}
          </dl>
        </Section>
        <Section title="SMM Panel Information">
          <dl className={grid}>
            <Row label="Panel Order ID">{order.smmPanel.orderId ?? "N/A"}</Row>
            <Row label="Panel Status">{order.smmPanel.status ?? "N/A"}</Row>
            {order.smmPanel.charge !== null && (
              <Row label="Charge">
                <span data-testid="panel-charge">
                  {formatPanelMoney(order.smmPanel.charge, order.smmPanel.currency)}
                </span>
              </Row>
            )}
            {order.smmPanel.startCount !== null && (
              <Row label="Start Count">{formatCount(order.smmPanel.startCount)}</Row>
            )}
            {order.smmPanel.remains !== null && <Row label="Remaining">{formatCount(order.smmPanel.remains)}</Row>}
            {order.delivered !== null && (
              <Row label="Delivered">
                {formatCount(order.delivered)} of {formatCount(order.amount)}
              </Row>
            )}
            {order.smmPanel.attempts > 0 && (
              <Row label="Sent">{order.smmPanel.attempts === 1 ? "Once" : `${order.smmPanel.attempts} times`}</Row>
            )}
          </dl>
          {order.status === "placement_unknown" && order.smmPanel.lastRequest && (
            <div className="mt-3">
              <SentToPanel sent={order.smmPanel.lastRequest} />
            </div>
          )}
          {loaderData.selfService && <PanelExtras view={loaderData.selfService} />}
          {order.smmPanel.error && (
            <p role="alert" className="mt-3 rounded-lg bg-red-50 px-3 py-2 text-sm font-medium text-red-700">
              {order.smmPanel.error}
            </p>
          )}
        </Section>
        <Section title="Customer Information">
          <dl className={grid}>
            <Row label="Name">{order.customerName ?? "N/A"}</Row>
            <Row label="Phone">
              {order.customerPhone ?? "N/A"}
              {chat && (
                <a href={chat} target="_blank" rel="noopener noreferrer" className="ml-2 text-green-800 underline">
                  WhatsApp
                </a>
              )}
            </Row>
          </dl>
        </Section>
      </div>
      {loaderData.buyerMessages && (
        <Section title="Messages to the buyer">
          <BuyerMessages view={loaderData.buyerMessages} />
        </Section>
      )}
      <Section title="History">
        <OrderHistory entries={loaderData.history} />
      </Section>
    </div>
  );
}
