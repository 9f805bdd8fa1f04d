import { upiAmount } from "~/lib/money";

/**
 * The `upi://pay` link behind the checkout's QR code and its "Open UPI app"
 * button (NPCI's UPI linking specification). Pure, so it can be tested alone.
 */

export const MAX_REFERENCE_LENGTH = 35;
export const MAX_NOTE_LENGTH = 50;

export interface UpiPaymentInput {
  /** Payee UPI id (VPA), e.g. shop@okaxis. */
  payeeVpa: string;
  payeeName: string;
  amountPaise: number;
  /** Unique transaction reference; the order id. */
  reference: string;
  note: string;
}

const SERVICE_LABELS: Record<string, string> = {
  followers: "Followers",
  likes: "Likes",
  views: "Views",
  comments: "Comments",
};

/** '{Service} Service - ₹{price}', e.g. 'Followers Service - ₹349', at most 50 characters. */
export function upiNote(serviceType: string, pricePaise: number): string {
  const label = SERVICE_LABELS[serviceType] ?? serviceType.charAt(0).toUpperCase() + serviceType.slice(1);
  const price = pricePaise % 100 === 0 ? String(pricePaise / 100) : upiAmount(pricePaise);
  return `${label} Service - ₹${price}`.slice(0, MAX_NOTE_LENGTH);
}

/** Letters and digits only, at most 35: what every UPI app accepts as `tr`. */
export function upiReference(id: string): string {
  return id.replace(/[^A-Za-z0-9]/g, "").slice(0, MAX_REFERENCE_LENGTH);
}

/**
 * encodeURIComponent writes spaces as %20, which UPI apps read (`+` some show
 * literally). `@` is legal in a query and some apps only match a literal one in `pa`.
 */
function param(name: string, value: string): string | null {
  return value === "" ? null : `${name}=${encodeURIComponent(value).replace(/%40/g, "@")}`;
}

export function buildUpiLink(input: UpiPaymentInput): string {
  if (!Number.isInteger(input.amountPaise) || input.amountPaise <= 0) {
    throw new Error("A UPI payment needs a positive amount in paise");
  }
  const params = [
    param("pa", input.payeeVpa.trim().toLowerCase()),
    param("pn", input.payeeName.trim()),
    param("am", upiAmount(input.amountPaise)),
    param("cu", "INR"),
    param("tr", upiReference(input.reference)),
    param("tn", input.note.trim().slice(0, MAX_NOTE_LENGTH)),
  ].filter((p): p is string => p !== null);
  return `upi://pay?${params.join("&")}`;
}

/** A payment can start only when both are set (docs/product.md, Paying by UPI). */
export function isUpiConfigured(upiId: string, merchantName: string): boolean {
  return /^[^@\s]+@[^@\s]+$/.test(upiId.trim()) && merchantName.trim() !== "";
}
