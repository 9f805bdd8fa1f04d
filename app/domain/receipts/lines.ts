import type { OrderRow } from "~/domain/orders/table";

/**
 * What a receipt lists, from the order: one line per thing charged, and their
 * total is what the buyer paid. The one place a receipt's lines are made: a
 * coupon's discount becomes a line here (a negative amount), and the total,
 * the tax and the PDF follow. Pure.
 */

export interface ReceiptLine {
  /** What the line is, for its words: the plan bought, or a coupon's discount on it (a negative amount). */
  kind: "plan" | "discount";
  /** The plan's name as it was bought. */
  description: string;
  quantity: number;
  serviceType: OrderRow["service_type"];
  amountPaise: number;
}

export type LineSource = Pick<
  OrderRow,
  "plan_name" | "quantity" | "service_type" | "price_paise" | "coupon_code" | "discount_paise"
>;

/** The plan at its price before any coupon, then the coupon's discount: they add up to what was paid. */
export function receiptLines(order: LineSource): ReceiptLine[] {
  const discount = order.coupon_code ? order.discount_paise : 0;
  const plan: ReceiptLine = {
    kind: "plan",
    description: order.plan_name,
    quantity: order.quantity,
    serviceType: order.service_type,
    amountPaise: order.price_paise + discount,
  };
  if (discount <= 0) return [plan];
  return [
    plan,
    {
      kind: "discount",
      description: order.coupon_code!,
      quantity: order.quantity,
      serviceType: order.service_type,
      amountPaise: -discount,
    },
  ];
}

export function linesTotal(lines: readonly ReceiptLine[]): number {
  return lines.reduce((sum, line) => sum + line.amountPaise, 0);
}
