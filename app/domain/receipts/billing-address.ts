import { GST_STATES } from "~/domain/settings/gstin";

/**
 * The buyer's billing address, PIN code and State, which a tax invoice for an
 * online service to an unregistered buyer carries (CGST Rules 2017, rule
 * 46(f) and its proviso for OIDAR services; docs/receipts.md, "The buyer's
 * address"). The order form asks for them only while the shop has a GSTIN;
 * the server reads them here (the form checks with the same rules). Pure.
 */

export const BILLING_MESSAGES = {
  addressRequired: "Please enter your billing address: house or flat, street and town",
  addressTooLong: "The billing address can be at most 200 characters",
  pinInvalid: "Please enter your 6-digit PIN code (it does not start with 0)",
  stateRequired: "Please choose your State or Union Territory",
} as const;

export const MAX_BILLING_ADDRESS = 200;
const MIN_BILLING_ADDRESS = 5;

export interface BillingAddress {
  address: string;
  /** Six digits, the first 1–9 (India Post's PIN codes). */
  pin: string;
  /** A GST State or Union Territory code ("27"), a key of GST_STATES. */
  state: string;
}

export type BillingField = "billingAddress" | "billingPin" | "billingState";

export type BillingRead =
  | { ok: true; billing: BillingAddress }
  | { ok: false; field: BillingField; message: (typeof BILLING_MESSAGES)[keyof typeof BILLING_MESSAGES] };

/** The address as kept: one line, spaces collapsed, no control characters. */
export function cleanAddress(raw: string | null | undefined): string {
  return (raw ?? "")
    .replace(/[\p{Cc}\p{Cf}]+/gu, " ")
    .replace(/\s+/g, " ")
    .trim();
}

/** A PIN code typed with spaces ("411 001") as its six digits; anything else as typed. */
export function cleanPin(raw: string | null | undefined): string {
  return (raw ?? "").replace(/\s+/g, "");
}

export function isPinCode(pin: string): boolean {
  return /^[1-9][0-9]{5}$/.test(pin);
}

export function isStateCode(code: string | null | undefined): code is string {
  return typeof code === "string" && Object.hasOwn(GST_STATES, code);
}

/** The three fields checked in the order the form shows them; the first refusal names its field. */
export function readBillingAddress(input: {
  address?: string | null;
  pin?: string | null;
  state?: string | null;
}): BillingRead {
  const address = cleanAddress(input.address);
  if (address.length < MIN_BILLING_ADDRESS) {
    return { ok: false, field: "billingAddress", message: BILLING_MESSAGES.addressRequired };
  }
  if (address.length > MAX_BILLING_ADDRESS) {
    return { ok: false, field: "billingAddress", message: BILLING_MESSAGES.addressTooLong };
  }
  const pin = cleanPin(input.pin);
  if (!isPinCode(pin)) return { ok: false, field: "billingPin", message: BILLING_MESSAGES.pinInvalid };
  if (!isStateCode(input.state)) return { ok: false, field: "billingState", message: BILLING_MESSAGES.stateRequired };
  return { ok: true, billing: { address, pin, state: input.state } };
}

/** The State codes in the order a select lists them: by name. */
export const STATE_CODES_BY_NAME: readonly string[] = Object.keys(GST_STATES).sort((a, b) =>
  GST_STATES[a]!.localeCompare(GST_STATES[b]!),
);
