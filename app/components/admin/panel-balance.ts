import { formatInr } from "~/lib/money";

/** The panel balance as the settings card and the dashboard answer it. */
export interface PanelBalance {
  balance: string;
  currency: string;
  /** In rupees when the currency can be converted. */
  balancePaise: number | null;
}

/** "₹25,000" for an INR panel; "100.84 USD (≈ ₹8,395.93)" when a rupee rate is set; else as the panel sent it. */
export function formatPanelBalance({ balance, currency, balancePaise }: PanelBalance): string {
  if (currency.toUpperCase() === "INR" && balancePaise !== null) return formatInr(balancePaise);
  const amount = Number(balance);
  const shown = Number.isFinite(amount) ? amount.toLocaleString("en-IN", { maximumFractionDigits: 2 }) : balance;
  return balancePaise !== null ? `${shown} ${currency} (≈ ${formatInr(balancePaise)})` : `${shown} ${currency}`;
}
