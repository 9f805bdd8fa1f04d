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

/** A UPI id (VPA) as people and banks write one: handle@provider, the shape the bank-alert templates read. */
const UPI_ID = /^[A-Za-z0-9._-]{2,64}@[A-Za-z][A-Za-z0-9.-]{0,40}[A-Za-z0-9]$/;

/** The UPI id, trimmed and lower-cased, or null when it is not one. */
export function parseUpiId(raw: string): string | null {
  const id = raw.trim().toLowerCase();
  return UPI_ID.test(id) ? id : null;
}

/**
 * The `upi://pay` link (and QR) for a refund the operator pays from their own
 * UPI app to the buyer's UPI id: the payee, its name, the exact amount and a
 * note naming the order. No `tr` and no `mc`: those mark a merchant payment,
 * and UPI apps refuse or flag a link carrying them when the payee is a person
 * ("risk threshold exceeded", "transaction may be risky": EasyUpiPayment-Android
 * issues 67 and 87, react-native-upi 22, upi_pay 19 and 32). A QR scanned in
 * the app, or the link opened on the operator's phone, fills in the rest.
 */
export function buildRefundLink(input: {
  payeeVpa: string;
  payeeName: string;
  amountPaise: number;
  orderId: string;
}): string {
  return buildPersonalLink({
    payeeVpa: input.payeeVpa,
    payeeName: input.payeeName,
    amountPaise: input.amountPaise,
    note: `Refund for order ${input.orderId}`,
  });
}

/**
 * The link (and QR) to pay a person's UPI ID (issue 44, point 2): payee, name, amount and note, no
 * `tr` and no `mc`, exactly as the refund link. The checkout uses it for a receiving account the
 * operator marked personal, since Google Pay, PhonePe and BHIM refuse or flag a merchant-style link to a
 * personal ID ("exceeded the maximum transaction amount", "risk threshold exceeded" U16: see
 * buildRefundLink's sources, and upi_pay issues 38, 69 and 86).
 */
export function buildPersonalLink(input: Omit<UpiPaymentInput, "reference">): string {
  return buildUpiLink({ ...input, reference: "" });
}
