/**
 * Browser storage the buying flow shares between the order dialog and the
 * checkout (docs/product.md, Order dialog). Every access is guarded: private modes and full
 * storage throw.
 */
export const PLAN_FORM_DRAFT_KEY = "planFormData";
export const PAYMENT_DETAILS_KEY = "paymentDetails";
/** The idempotency key of the order being requested, so a retried request cannot create a second order. */
export const ORDER_REQUEST_KEY = "orderRequest";

export interface PaymentDetails {
  orderId: string;
  serviceName: string;
  serviceType: string;
  amount: string;
  price: string;
  customerName: string;
  customerPhone: string;
  username?: string;
  postLink?: string;
}

export function readJson<T>(storage: "local" | "session", key: string): T | null {
  try {
    const raw = (storage === "local" ? localStorage : sessionStorage).getItem(key);
    return raw ? (JSON.parse(raw) as T) : null;
  } catch {
    return null;
  }
}

export function writeJson(storage: "local" | "session", key: string, value: unknown): boolean {
  try {
    (storage === "local" ? localStorage : sessionStorage).setItem(key, JSON.stringify(value));
    return true;
  } catch {
    return false;
  }
}

export function remove(storage: "local" | "session", key: string): void {
  try {
    (storage === "local" ? localStorage : sessionStorage).removeItem(key);
  } catch {
    // Nothing stored, nothing to clear.
  }
}

/** The same key for the same request until it succeeds; a new one for a different request. */
export function idempotencyKeyFor(fingerprint: string): string {
  const saved = readJson<{ fingerprint: string; key: string }>("session", ORDER_REQUEST_KEY);
  if (saved?.fingerprint === fingerprint) return saved.key;
  // getRandomValues works on plain-HTTP origins too, where randomUUID does not exist.
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  const key = Array.from(bytes, (b) => b.toString(16).padStart(2, "0")).join("");
  writeJson("session", ORDER_REQUEST_KEY, { fingerprint, key });
  return key;
}
