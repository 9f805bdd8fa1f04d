import { type CurrencySettings, chargeInPaise, parseDecimal } from "~/domain/panel/money";
import type { ServiceTerms } from "~/domain/panel/parse";
import { formatCount, formatInr } from "~/lib/money";

/**
 * What a plan costs at its panel service and what the shop keeps (issue 32,
 * point 2): the service's rate is per 1000 in the panel's currency, as its
 * `services` list last said. A plan priced below its cost, or for a quantity
 * the service does not take, is flagged, and cannot be enabled. Pure: the
 * plans table, the plan dialog's refusals and the enable button read it.
 */

export type PlanCostField = "price" | "amount";

/** A field of the plan form a problem is shown under. */
export type PlanProblemField = PlanCostField | "fallbackServiceId";

export interface PlanCost {
  /** The panel's price for the plan's quantity, in paise; null when unknown (no rate, or a currency without a rate). */
  costPaise: number | null;
  /** Price less cost; null when the cost is unknown. */
  marginPaise: number | null;
  /** Why the plan cannot be enabled as it is; empty when it can. */
  problems: { field: PlanCostField; message: string }[];
}

/** A plan at one panel service. */
export interface AtService {
  /** The panel record the service is at (null: the shop has no such panel yet), and its name. */
  panelId: number | null;
  panelName: string | null;
  /** The service (its own, or the one set for its type); "" when none is set. */
  serviceId: string;
  /** What the panel's last services list said of it; null when it named no such service. */
  terms: ServiceTerms | null;
  cost: PlanCost;
}

/** A plan at its panel service, and at its fallback service if it names one: the plans table's row. */
export interface PlanAtPanel extends AtService {
  fallback: AtService | null;
}

/** Why the plan cannot be enabled: its service's problems, then its fallback's (which must keep the plan too). */
export function planProblems(plan: PlanAtPanel): { field: PlanProblemField; message: string }[] {
  const fallback = plan.fallback;
  return [
    ...plan.cost.problems,
    ...(fallback?.cost.problems ?? []).map((p) => ({
      field: "fallbackServiceId" as const,
      message: `Fallback service ${fallback!.serviceId}${fallback!.panelId !== plan.panelId ? ` at ${fallback!.panelName}` : ""}: ${p.message}`,
    })),
  ];
}

export const PLAN_COST_MESSAGES = {
  belowCost: (costPaise: number) =>
    `Price is below the panel's cost of ${formatInr(costPaise)} for this quantity: raise it or choose another service`,
  quantity: (min: number | null, max: number | null) =>
    `Quantity must be ${
      min !== null && max !== null
        ? `${formatCount(min)} to ${formatCount(max)}`
        : min !== null
          ? `at least ${formatCount(min)}`
          : `at most ${formatCount(max ?? 0)}`
    } for this panel service`,
  cannotEnable: (problem: string) => `This plan cannot be enabled: ${problem}`,
} as const;

/** rate × quantity / 1000, in paise; null when the rate or the currency cannot be read. */
export function costAtPanelPaise(rate: string | null, quantity: number, currency: CurrencySettings): number | null {
  const perThousand = rate === null ? null : parseDecimal(rate);
  if (!perThousand || !Number.isSafeInteger(quantity) || quantity < 0) return null;
  // rate × quantity with three more decimals is the same number divided by 1000, exactly.
  const digits = (perThousand.units * BigInt(quantity)).toString().padStart(perThousand.scale + 4, "0");
  const scale = perThousand.scale + 3;
  const amount = `${digits.slice(0, digits.length - scale)}.${digits.slice(digits.length - scale)}`;
  return chargeInPaise(amount, currency.panelCurrency, currency);
}

export function planCost(
  plan: { quantity: number; pricePaise: number },
  terms: ServiceTerms | null,
  currency: CurrencySettings,
): PlanCost {
  if (!terms) return { costPaise: null, marginPaise: null, problems: [] };
  const costPaise = costAtPanelPaise(terms.rate, plan.quantity, currency);
  const problems: PlanCost["problems"] = [];
  if ((terms.min !== null && plan.quantity < terms.min) || (terms.max !== null && plan.quantity > terms.max)) {
    problems.push({ field: "amount", message: PLAN_COST_MESSAGES.quantity(terms.min, terms.max) });
  }
  if (costPaise !== null && plan.pricePaise < costPaise) {
    problems.push({ field: "price", message: PLAN_COST_MESSAGES.belowCost(costPaise) });
  }
  return { costPaise, marginPaise: costPaise === null ? null : plan.pricePaise - costPaise, problems };
}
