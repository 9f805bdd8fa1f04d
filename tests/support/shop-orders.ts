import type { AppServices } from "~/context";
import { createOrder } from "~/domain/checkout/create-order.server";
import type { OrderRow } from "~/domain/orders/table";

/**
 * Orders made the way a buyer's and the operator's clients make them, for
 * tests about what happens after: through the storefront's and the admin's
 * JSON APIs (end-to-end files), or through checkout in-process (integration).
 */

/** The enabled plan of this type whose name starts with `name`, as the storefront lists it. */
export async function planIdByName(shopUrl: string, serviceType: string, name: string): Promise<number> {
  const listed = (await (await fetch(`${shopUrl}/api/plans?serviceType=${serviceType}`)).json()) as {
    plans: Array<{ _id: string; name: string }>;
  };
  const plan = listed.plans.find((p) => p.name.startsWith(name));
  if (!plan) throw new Error(`No ${serviceType} plan named ${name}`);
  return Number(plan._id);
}

/** A buyer's order through POST /api/create-order; its order id. */
export async function orderByApi(
  shopUrl: string,
  order: { planId: number; username: string; postLink?: string; comments?: string[]; phone: string },
): Promise<string> {
  const res = await fetch(`${shopUrl}/api/create-order`, {
    method: "POST",
    headers: { "content-type": "application/json", origin: shopUrl },
    body: JSON.stringify({
      planId: order.planId,
      username: order.username,
      ...(order.postLink ? { postLink: order.postLink } : {}),
      ...(order.comments ? { comments: order.comments.join("\n") } : {}),
      customerName: "Ravi Kumar",
      customerPhone: order.phone,
      agreedToTerms: true,
    }),
  });
  if (res.status !== 201) throw new Error(`create-order answered ${res.status}: ${await res.text()}`);
  return ((await res.json()) as { order: { orderId: string } }).order.orderId;
}

/** The operator confirms the payment (the admin API the order page's button calls). */
export async function confirmByApi(shop: { url: string; cookie: string }, orderId: string): Promise<void> {
  const res = await fetch(`${shop.url}/api/admin/orders/${orderId}/confirm-payment`, {
    method: "POST",
    headers: { cookie: shop.cookie, origin: shop.url, "content-type": "application/json" },
    body: "{}",
  });
  if (res.status !== 200) throw new Error(`confirm-payment answered ${res.status}: ${await res.text()}`);
}

/** A buyer orders the plan (a followers username) and the payment is confirmed: the order as the panel is about to get it. */
export async function paidOrderFor(services: AppServices, planId: number): Promise<OrderRow> {
  // Each order a buyer's own account after the first: two for one account would wait for each other (docs/panels.md).
  const earlier = (await services.db.selectFrom("orders").select("id").execute()).length;
  const { order } = await createOrder(services, {
    planId,
    username: earlier === 0 ? "priya.bakes" : `priya.bakes${earlier + 1}`,
    customerName: "Priya Sharma",
    customerPhone: "9812345678",
    agreedToTerms: true,
  });
  const paid = await services.db
    .updateTable("orders")
    .set({ status: "paid", paid_at: Date.now(), paid_by: "owner" })
    .where("order_id", "=", order.order_id)
    .returningAll()
    .executeTakeFirstOrThrow();
  return paid;
}
