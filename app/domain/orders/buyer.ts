/**
 * The order dialog's name and phone rules (docs/product.md, Order dialog), shared by the
 * dialog and the server.
 */
export const BUYER_MESSAGES = {
  nameRequired: "Please enter your name",
  phoneRequired: "Please enter your phone number",
  phoneInvalid: "Please enter a valid 10-digit phone number",
  agreementRequired: "Please agree to the Terms of Service and Privacy Policy and confirm you are 18 or older",
} as const;

export const MAX_NAME_LENGTH = 80;
export const PHONE_PREFIX = "+91";

/** What the phone field keeps while typing: digits only, at most 10 (a pasted +91 number loses its prefix). */
export function phoneDigits(raw: string): string {
  const digits = raw.replace(/\D/g, "");
  const local = /^\s*\+?91/.test(raw) && digits.length === 12 ? digits.slice(2) : digits;
  return local.slice(0, 10);
}

export type BuyerResult =
  { ok: true; name: string; phone: string } | { ok: false; field: "name" | "phone"; message: string };

/**
 * An Indian mobile number as people type it: spaces, dashes, brackets, a
 * +91 / 91 / 0 prefix → "+91XXXXXXXXXX", or null when it is not a 10-digit mobile number.
 */
export function parseIndianMobile(raw: string): string | null {
  const compact = raw.trim().replace(/[\s().-]/g, "");
  const local = compact.replace(/^(\+91|0091|91(?=\d{10}$)|0(?=\d{10}$))/, "");
  // Indian mobile numbers start with 6, 7, 8 or 9.
  return /^[6-9]\d{9}$/.test(local) ? `${PHONE_PREFIX}${local}` : null;
}

/**
 * Name trimmed (and cut to a sane length); phone as typed in the dialog (10
 * digits) or already prefixed (+91XXXXXXXXXX). The phone comes back prefixed.
 */
export function validateBuyer(nameRaw: string, phoneRaw: string): BuyerResult {
  const name = nameRaw.trim().replace(/\s+/g, " ").slice(0, MAX_NAME_LENGTH);
  if (name === "") return { ok: false, field: "name", message: BUYER_MESSAGES.nameRequired };
  if (phoneRaw.trim() === "") return { ok: false, field: "phone", message: BUYER_MESSAGES.phoneRequired };
  const phone = parseIndianMobile(phoneRaw);
  if (!phone) return { ok: false, field: "phone", message: BUYER_MESSAGES.phoneInvalid };
  return { ok: true, name, phone };
}
