import type { AppServices } from "~/context";
import { createOrder } from "~/domain/checkout/create-order.server";
import type { OrderStatus } from "~/domain/orders/lifecycle";
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
  const { orderId } = await placeOrder(shopUrl, {
    planId: order.planId,
    username: order.username,
    ...(order.postLink ? { postLink: order.postLink } : {}),
    ...(order.comments ? { comments: order.comments.join("\n") } : {}),
    customerName: "Ravi Kumar",
    customerPhone: order.phone,
  });
  return orderId;
}

/**
 * A buyer places an order through POST /api/create-order (the checkout's own request): its order id
 * and the exact amount the buyer is asked to pay, in paise. The buyer is Asha on 9876543210 unless
 * `fields` say otherwise; anything but 201 Created fails the test.
 */
export async function placeOrder(
  shopUrl: string,
  fields: { planId: number; username: string } & Record<string, unknown>,
): Promise<{ orderId: string; pricePaise: number }> {
  const res = await fetch(`${shopUrl}/api/create-order`, {
    method: "POST",
    headers: { "content-type": "application/json", origin: shopUrl },
    body: JSON.stringify({ customerName: "Asha", customerPhone: "9876543210", agreedToTerms: true, ...fields }),
  });
  if (res.status !== 201) throw new Error(`create-order answered ${res.status}: ${await res.text()}`);
  const { order } = (await res.json()) as { order: { orderId: string; price: number } };
  return { orderId: order.orderId, pricePaise: Math.round(order.price * 100) };
}

/** An order's status as the buyer's checkout page asks for it (GET /api/order-status). */
export async function buyerSeesStatus(shopUrl: string, orderId: string): Promise<OrderStatus> {
  const res = await fetch(`${shopUrl}/api/order-status?orderId=${orderId}`);
  return ((await res.json()) as { status: OrderStatus }).status;
}

/** The first enabled plan of a service, as the storefront lists it (GET /api/plans). */
export async function firstPlanId(shopUrl: string, serviceType = "followers"): Promise<number> {
  const { plans } = (await (await fetch(`${shopUrl}/api/plans`)).json()) as {
    plans: Array<{ _id: string; serviceType: string }>;
  };
  const plan = plans.find((p) => p.serviceType === serviceType);
  if (!plan) throw new Error(`No ${serviceType} plan listed`);
  return Number(plan._id);
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

/** The buyer says they paid and gives the UPI reference (POST /api/orders/:id/utr); anything but 200 fails the test. */
export async function claimPaid(shopUrl: string, orderId: string, utr: string): Promise<void> {
  const res = await fetch(`${shopUrl}/api/orders/${orderId}/utr`, {
    method: "POST",
    headers: { "content-type": "application/json", origin: shopUrl },
    body: JSON.stringify({ utr }),
  });
  if (res.status !== 200) throw new Error(`the UPI reference answered ${res.status}: ${await res.text()}`);
}
