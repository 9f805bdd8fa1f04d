import { useFetcher } from "react-router";
import type { Route } from "./+types/orders";
import { OrderList } from "~/components/admin/orders/order-list";
import { useActionToast } from "~/components/admin/use-action-toast";
import { servicesContext } from "~/context";
import { requireAdmin } from "~/domain/auth/guard.server";
import { toAdminOrderJson } from "~/domain/orders/admin-queries.server";
import { listOrders, parseOrdersQuery } from "~/domain/orders/list.server";
import { orderListActionSchema } from "~/domain/orders/order-actions";
import { runOrderAction } from "~/domain/order-actions/order-actions.server";
import { adminTitle } from "~/routes/admin/title";
import { pageAction } from "~/lib/server/api.server";
import { formFailure, parseForm } from "~/lib/server/parse.server";
import { requestClient } from "~/routes/request-client.server";

export const meta: Route.MetaFunction = ({ matches }) => [{ title: adminTitle(matches, "Orders") }];

export async function loader({ url, context }: Route.LoaderArgs) {
  const query = parseOrdersQuery(url.searchParams);
  const page = await listOrders(context.get(servicesContext).db, query);
  return { query, ...page, orders: page.orders.map(toAdminOrderJson) };
}

export async function action({ request, context }: Route.ActionArgs) {
  const admin = requireAdmin(context);
  const submission = await parseForm(request, orderListActionSchema);
  if (submission.status !== "success") return formFailure(submission);
  const { orderId, ...intent } = submission.value;
  // The same audited path as the order details page and the JSON API.
  const operator = { name: admin.username, client: requestClient(request) };
  return pageAction(async () => {
    const action = intent.intent === "place" ? { intent: "place" as const, unpaid: false } : intent;
    const result = await runOrderAction(context.get(servicesContext), operator, orderId, action);
    return { ok: true as const, message: result.message };
  });
}

export default function Orders({ loaderData }: Route.ComponentProps) {
  const rowAction = useFetcher<typeof action>();
  useActionToast(rowAction);
  return <OrderList {...loaderData} rowAction={rowAction} />;
}

/** After any action, failed or not, every row shows the order as it now is. */
export function shouldRevalidate() {
  return true;
}
