/**
 * Orders, revenue and profit per IST day, service and status. Maintained by
 * database triggers on `orders` (migrations 0003, 0010); never written by app code.
 */
export interface OrderDailyStatsTable {
  /** Whole IST days since the epoch: (created_at + 5h30m) / 24h. */
  day: number;
  service_type: string;
  status: string;
  orders: number;
  revenue_paise: number;
  profit_paise: number;
  /** Refunds owed or paid for these orders (migration 0010). */
  refund_paise: number;
}
