import { ArrowLeft } from "lucide-react";
import { useEffect, useId } from "react";
import { Link, data, useFetcher } from "react-router";
import { toast } from "sonner";
import type { Route } from "./+types/order-details";
import { ServiceBadge, StatusBadge } from "~/components/admin/order-badges";
import { OrderTarget } from "~/components/admin/order-target";
import { whatsappLink } from "~/components/admin/customer-dialog";
import { servicesContext } from "~/context";
import { istDateTime } from "~/domain/dashboard/ist-time";
import { OrderHistory } from "~/components/admin/orders/order-history";
import { auditTrailFor } from "~/domain/audit/audit.server";
import { requireAdmin } from "~/domain/auth/guard.server";
import { ORDER_ACTIONS, normaliseOrderId, runOrderAction } from "~/domain/orders/admin-actions.server";
import { availableActions, toAdminOrderJson } from "~/domain/orders/admin-queries.server";
import { findOrderByOrderId } from "~/domain/orders/orders.server";
import { formatCount, formatInr } from "~/lib/money";
import { readForm } from "~/lib/form.server";
import { requestActor } from "~/lib/request-client.server";

export const meta: Route.MetaFunction = ({ params }) => [{ title: `Order ${params.orderId} · Admin` }];

export async function loader({ params, context }: Route.LoaderArgs) {
  requireAdmin(context);
  const { db } = context.get(servicesContext);
  const orderId = normaliseOrderId(params.orderId);
  const row = await findOrderByOrderId(db, orderId);
  if (!row) return data({ order: null, actions: null, history: [] }, { status: 404 });
  const history = (await auditTrailFor(db, "order", orderId)).map(({ at, actor, action, details }) => ({
    at,
    actor,
    action,
    details,
  }));
  return { order: toAdminOrderJson(row), actions: availableActions(row), history };
}

const PAGE_ACTIONS = ["place", "cancel", "retry", "update-profit", "erase"] as const;
type PageAction = (typeof PAGE_ACTIONS)[number];

export async function action({ request, params, context }: Route.ActionArgs) {
  const admin = requireAdmin(context);
  const intent = String((await readForm(request)).get("intent") ?? "") as PageAction;
  if (!PAGE_ACTIONS.includes(intent)) return data({ ok: false, message: "Unknown action" }, { status: 400 });
  const result = await runOrderAction(
    context.get(servicesContext),
    requestActor(request, admin.username),
    intent,
    params.orderId,
  );
  return result.ok
    ? { ok: true, message: result.message }
    : data({ ok: false, message: result.message || ORDER_ACTIONS[intent].failure }, { status: result.status });
}

function Card({ title, children }: { title: string; children: React.ReactNode }) {
  const id = useId();
  return (
    <section aria-labelledby={id} className="rounded-xl border border-gray-200 bg-white p-4">
      <h2 id={id} className="mb-3 text-base font-semibold">
        {title}
      </h2>
      {children}
    </section>
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

export default function OrderDetails({ loaderData }: Route.ComponentProps) {
  const fetcher = useFetcher<{ ok: boolean; message: string }>();
  useEffect(() => {
    if (fetcher.state !== "idle" || !fetcher.data) return;
    if (fetcher.data.ok) toast.success(fetcher.data.message);
    else toast.error(fetcher.data.message);
  }, [fetcher.state, fetcher.data]);

  const back = (
    <Link
      to="/admin/orders"
      className="inline-flex items-center gap-1 text-sm font-medium text-brand-700 hover:underline"
    >
      <ArrowLeft className="h-4 w-4" aria-hidden /> Back to orders
    </Link>
  );
  const { order, actions } = loaderData;
  if (!order || !actions) {
    return (
      <div className="space-y-4">
        {back}
        <p className="rounded-xl border border-gray-200 bg-white p-10 text-center text-gray-700">Order not found</p>
      </div>
    );
  }
  const busy = fetcher.state !== "idle";
  const chat = whatsappLink(order.customerPhone);
  const button = (intent: PageAction, label: string, enabled: boolean, tone: string) => (
    <button
      type="submit"
      name="intent"
      value={intent}
      disabled={!enabled || busy}
      className={`rounded-lg px-3 py-2 text-sm font-semibold disabled:cursor-not-allowed disabled:opacity-50 ${tone}`}
    >
      {label}
    </button>
  );

  return (
    <div className="space-y-4">
      {back}
      <h1 className="text-2xl font-bold">
        Order <span className="font-mono">{order.orderId}</span>
      </h1>
      <div className="grid gap-4 lg:grid-cols-2">
        <Card title="Order Information">
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
            <Row label="Created">{istDateTime(Date.parse(order.createdAt))}</Row>
            <Row label="Target">
              <OrderTarget service={order.serviceType} target={order.target} />
            </Row>
            <Row label="Price">{formatInr(Math.round(order.price * 100))}</Row>
            <Row label="Profit">{formatInr(Math.round((order.profit ?? 0) * 100))}</Row>
            <Row label="UTR">{order.utr ?? "Not submitted"}</Row>
          </dl>
        </Card>
        <Card title="SMM Panel Information">
          <dl className={grid}>
            <Row label="Panel Order ID">{order.smmPanel.orderId ?? "N/A"}</Row>
            <Row label="Panel Status">{order.smmPanel.status ?? "N/A"}</Row>
            {order.smmPanel.charge !== null && (
              <Row label="Charge">{`${order.smmPanel.charge} ${order.smmPanel.currency ?? ""}`.trim()}</Row>
            )}
            {order.smmPanel.startCount !== null && (
              <Row label="Start Count">{formatCount(order.smmPanel.startCount)}</Row>
            )}
            {order.smmPanel.remains !== null && <Row label="Remaining">{formatCount(order.smmPanel.remains)}</Row>}
          </dl>
          {order.smmPanel.error && (
            <p role="alert" className="mt-3 rounded-lg bg-red-50 px-3 py-2 text-sm font-medium text-red-700">
              {order.smmPanel.error}
            </p>
          )}
        </Card>
        <Card title="Customer Information">
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
        </Card>
        <Card title="Actions">
          <fetcher.Form method="post" className="flex flex-wrap gap-2">
            {button("place", "Place Order", actions.place, "bg-green-700 text-white hover:bg-green-800")}
            {button("cancel", "Cancel Order", actions.cancel, "border border-gray-300 bg-white hover:bg-gray-50")}
            {button("retry", "Retry Order", actions.retry, "bg-blue-700 text-white hover:bg-blue-800")}
            {button(
              "update-profit",
              "Update Profit",
              actions.updateProfit,
              "border border-gray-300 bg-white hover:bg-gray-50",
            )}
          </fetcher.Form>
          {(order.customerName || order.customerPhone) && (
            <fetcher.Form
              method="post"
              className="mt-4 border-t border-gray-100 pt-4"
              onSubmit={(e) => {
                if (!window.confirm("Erase this buyer's name and phone from the order? This cannot be undone."))
                  e.preventDefault();
              }}
            >
              <p className="mb-2 text-sm text-gray-600">
                On the buyer's request (privacy policy), forget their name and phone.
              </p>
              {button(
                "erase",
                "Erase customer data",
                true,
                "border border-red-300 bg-white text-red-800 hover:bg-red-50",
              )}
            </fetcher.Form>
          )}
        </Card>
      </div>
      <Card title="History">
        <OrderHistory entries={loaderData.history} />
      </Card>
    </div>
  );
}
