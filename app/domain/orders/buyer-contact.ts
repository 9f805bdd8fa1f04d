/**
 * The order dialog's name and phone rules (docs/product.md, Order dialog), shared by the
 * dialog and the server.
 */
export const BUYER_MESSAGES = {
  nameRequired: "Please enter your name",
  phoneRequired: "Please enter your phone number",
  phoneInvalid: "Please enter a valid 10-digit phone number",
  phoneNotMobile: "This is not an Indian mobile number: they start with 6, 7, 8 or 9. Please check the number",
  agreementRequired: "Please agree to the Terms of Service and Privacy Policy and confirm you are 18 or older",
} as const;

export const MAX_NAME_LENGTH = 80;
export const PHONE_PREFIX = "+91";

/** Longest text the phone field keeps: "+91 98765 43210" with room for brackets and dashes. */
export const MAX_PHONE_FIELD_LENGTH = 20;

/**
 * What the phone field keeps while the buyer types, key by key or pasted:
 * digits and the marks people write numbers with (+, spaces, dashes,
 * brackets), never cut to 10 digits while typing, so "+91 98765 43210"
 * typed key by key is still that number when it is read (parseIndianMobile).
 */
export function phoneField(raw: string): string {
  return raw.replace(/[^\d+\s().-]/g, "").slice(0, MAX_PHONE_FIELD_LENGTH);
}

/** "+919876543210" → "+91 98765 43210", the way the number is shown back to the buyer. */
export function formatIndianMobile(phone: string): string {
  const local = phone.replace(/^\+91/, "");
  return `${PHONE_PREFIX} ${local.slice(0, 5)} ${local.slice(5)}`;
}

export type BuyerResult =
  { ok: true; name: string; phone: string } | { ok: false; field: "name" | "phone"; message: string };

/**
 * An Indian mobile number as people type it: spaces, dashes, brackets, a
 * +91 / 91 / 0 prefix → "+91XXXXXXXXXX", or null when it is not a 10-digit mobile number.
 */
export function parseIndianMobile(raw: string): string | null {
  const local = localNumber(raw);
  // Indian mobile numbers start with 6, 7, 8 or 9.
  return /^[6-9]\d{9}$/.test(local) ? `${PHONE_PREFIX}${local}` : null;
}

/** The number without the marks and the +91 / 91 / 0 prefix people type it with. */
function localNumber(raw: string): string {
  const compact = raw.trim().replace(/[\s().-]/g, "");
  return compact.replace(/^(\+91|0091|91(?=\d{10}$)|0(?=\d{10}$))/, "");
}

/**
 * Why a typed number is not one we can use: ten digits that cannot be an
 * Indian mobile number (a landline, a typo in the first digit) say so,
 * anything else asks for 10 digits.
 */
export function phoneRefusal(raw: string): string {
  return /^\d{10}$/.test(localNumber(raw)) ? BUYER_MESSAGES.phoneNotMobile : BUYER_MESSAGES.phoneInvalid;
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
  if (!phone) return { ok: false, field: "phone", message: phoneRefusal(phoneRaw) };
  return { ok: true, name, phone };
}

/** The optional e-mail at checkout: for the receipt and the order's updates (docs/buyer-messages.md). */
export const EMAIL_MESSAGES = {
  invalid: "Please enter a valid e-mail address, or leave it empty",
} as const;

/** The wording of "Send me order updates on WhatsApp" a buyer ticked, kept with their opt-in (orders.whatsapp_opt_in_version). */
export const WHATSAPP_OPT_IN_VERSION = "2026-11-27";

/** An e-mail as typed: empty is none; anything else must look like one (and fit a mail header, 254 characters). */
export function readBuyerEmail(
  raw: string | null | undefined,
): { ok: true; email: string | null } | { ok: false; message: string } {
  const email = (raw ?? "").trim();
  if (email === "") return { ok: true, email: null };
  if (email.length > 254 || !/^[^\s@<>()[\]\\,;:"]+@[^\s@<>()[\]\\,;:"]+\.[A-Za-z]{2,}$/.test(email)) {
    return { ok: false, message: EMAIL_MESSAGES.invalid };
  }
  return { ok: true, email: email.toLowerCase() };
}
