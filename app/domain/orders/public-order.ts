import { paiseToRupees } from "~/lib/money";
import type { OrderRow } from "./table";

/**
 * What the create-order API tells the buyer: `order.orderId` plus what the
 * checkout shows (docs/product.md, Creating an order).
 */
export function publicOrder(order: OrderRow) {
  return {
    orderId: order.order_id,
    status: order.status,
    serviceType: order.service_type,
    planName: order.plan_name,
    amount: order.quantity,
    price: paiseToRupees(order.price_paise),
    paymentDeadlineAt: order.payment_deadline_at,
  };
}
