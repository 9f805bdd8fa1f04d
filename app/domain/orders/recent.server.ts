import type { DB } from "~/db/database.server";
import type { ServiceType } from "~/domain/panel/service-types";
import { ON_ITS_WAY_STATUSES, type OrderStatus } from "./lifecycle";
import { type RecentOrder, maskHandle } from "./recent";

const RECENT_WINDOW_MS = 7 * 24 * 60 * 60 * 1000;

/** Paid orders on their way or delivered: an unpaid checkout, a refund or a failure is not a sale to show. */
const SHOWN: readonly OrderStatus[] = [...ON_ITS_WAY_STATUSES, "delivered"];

/**
 * Real, paid orders of one service from the last week, newest first, masked:
 * no name, phone, link or order id leaves the server.
 */
export async function recentOrders(db: DB, service: ServiceType, now = Date.now(), limit = 3): Promise<RecentOrder[]> {
  const rows = await db
    .selectFrom("orders")
    .select(["target", "target_username", "quantity", "created_at", "service_type"])
    .where("service_type", "=", service)
    .where("created_at", ">=", now - RECENT_WINDOW_MS)
    .where("status", "in", SHOWN)
    .orderBy("created_at", "desc")
    .limit(limit)
    .execute();
  return rows.map((r) => {
    const handle = r.target_username ?? (r.service_type === "followers" ? r.target : null);
    return { handle: handle ? maskHandle(handle) : null, quantity: r.quantity, createdAt: r.created_at };
  });
}
