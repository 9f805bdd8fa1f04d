import { isOrderStatus, type OrderStatus } from "~/domain/orders/lifecycle";

const GENERIC_ERROR = "An error occurred. Please try again.";

/** The order's status from the light status endpoint; null when it could not be read. */
export async function fetchOrderStatus(orderId: string): Promise<OrderStatus | null> {
  try {
    const res = await fetch(`/api/order-status?orderId=${encodeURIComponent(orderId)}`, { cache: "no-store" });
    if (!res.ok) return null;
    const body = (await res.json()) as { status?: unknown };
    return isOrderStatus(body.status) ? body.status : null;
  } catch {
    return null;
  }
}

/** "I have paid": sends the buyer's UTR. Null when the server took it, else the message to show. */
export async function sendUtr(orderId: string, utr: string): Promise<string | null> {
  try {
    const res = await fetch(`/api/orders/${encodeURIComponent(orderId)}/utr`, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ utr }),
    });
    const body = (await res.json().catch(() => null)) as { success?: boolean; message?: string } | null;
    if (!res.ok || !body?.success) return body?.message ?? GENERIC_ERROR;
    return null;
  } catch {
    return GENERIC_ERROR;
  }
}
