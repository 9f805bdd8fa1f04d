import type { OrderRow } from "~/domain/orders/table";

/**
 * What a receipt lists, from the order: one line per thing charged, and their
 * total is what the buyer paid. The one place a receipt's lines are made: a
 * coupon's discount becomes a line here (a negative amount), and the total,
 * the tax and the PDF follow. Pure.
 */

export interface ReceiptLine {
  /** What the line is, for its words: the plan bought. */
  kind: "plan";
  /** The plan's name as it was bought. */
  description: string;
  quantity: number;
  serviceType: OrderRow["service_type"];
  amountPaise: number;
}

export type LineSource = Pick<OrderRow, "plan_name" | "quantity" | "service_type" | "price_paise">;

export function receiptLines(order: LineSource): ReceiptLine[] {
  return [
    {
      kind: "plan",
      description: order.plan_name,
      quantity: order.quantity,
      serviceType: order.service_type,
      amountPaise: order.price_paise,
    },
  ];
}

export function linesTotal(lines: readonly ReceiptLine[]): number {
  return lines.reduce((sum, line) => sum + line.amountPaise, 0);
}
