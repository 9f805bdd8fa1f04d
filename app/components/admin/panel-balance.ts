import { formatInr } from "~/lib/money";
import { formatPanelBalanceMoney } from "~/lib/panel-money";

/** The panel balance as the settings card and the dashboard answer it. */
export interface PanelBalance {
  balance: string;
  currency: string;
  /** In rupees when the currency can be converted. */
  balancePaise: number | null;
}

/** "₹25,000.00" for an INR panel (two decimals: "24916.7884" → "₹24,916.79"); "$100.84 (≈ ₹8,395.93)" when a rupee rate is set; else in the panel's currency. */
export function formatPanelBalance({ balance, currency, balancePaise }: PanelBalance): string {
  const shown = formatPanelBalanceMoney(balance, currency);
  if (currency.trim().toUpperCase() === "INR" || balancePaise === null) return shown;
  return `${shown} (≈ ${formatInr(balancePaise)})`;
}
