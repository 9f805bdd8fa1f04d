import { z } from "zod";
import { MAX_SERIAL_ID } from "~/db/serial-id";
import { UNKNOWN_ACTION } from "~/lib/intent";
import { BANKS } from "../reader/bank-registry";
import { ACCOUNT_KINDS, type AccountKind } from "~/domain/receiving-accounts/table";

/**
 * Admin → Payments → Receiving accounts: the account dialog's form and the
 * per-account buttons, checked in the browser and by the page's action with
 * the same schema. Nothing is saved when a field is refused.
 */

export const ACCOUNT_KIND_LABELS: Record<AccountKind, string> = {
  business: "Business / merchant UPI ID",
  personal: "Personal UPI ID",
};

/** Banks and business apps an account's alerts may come from, for the form's list. */
export const ACCOUNT_BANKS: readonly (readonly [string, string])[] = BANKS.map((b) => [b.id, b.name] as const);

const accountId = z.coerce
  .number({ error: "That account is no longer listed" })
  .int("That account is no longer listed")
  .positive("That account is no longer listed")
  .max(MAX_SERIAL_ID, "That account is no longer listed");

/** A UPI ID as people write one (handle@provider): what a payer's app accepts in `pa`. */
export const UPI_ID_PATTERN = /^[a-z0-9._-]{2,64}@[a-z][a-z0-9.-]{0,40}[a-z0-9]$/;

/** An optional whole number from a form field: empty is none. */
const optionalWhole = (label: string, max: number) =>
  z
    .string()
    .trim()
    .default("")
    .refine((v) => v === "" || (/^\d{1,9}$/.test(v) && Number(v) >= 1 && Number(v) <= max), {
      message: `${label} must be a whole number from 1 to ${max.toLocaleString("en-IN")}, or empty for no cap`,
    })
    .transform((v) => (v === "" ? null : Number(v)));

export const accountFormSchema = z.object({
  intent: z.literal("account-save"),
  /** Empty: a new account. */
  id: accountId.optional(),
  upiId: z
    .string({ error: "Enter the UPI ID buyers pay" })
    .trim()
    .toLowerCase()
    .min(1, "Enter the UPI ID buyers pay")
    .refine(
      (v) => UPI_ID_PATTERN.test(v),
      "A UPI ID looks like name@bank (letters, digits, dots, - or _ before the @)",
    ),
  kind: z.enum(ACCOUNT_KINDS, { error: "Say whether this is a business or a personal UPI ID" }),
  bankId: z
    .string()
    .trim()
    .default("")
    .refine((v) => v === "" || ACCOUNT_BANKS.some(([id]) => id === v), "Choose the bank from the list, or none")
    .transform((v) => (v === "" ? null : v)),
  accountDigits: z
    .string()
    .trim()
    .default("")
    .transform((v) => v.replace(/[\sXx*.-]/g, ""))
    .refine(
      (v) => v === "" || /^\d{3,6}$/.test(v),
      "Enter the 3 to 6 last digits your bank's alerts print (XX1234 → 1234)",
    )
    .transform((v) => (v === "" ? null : v)),
  dailyCapRupees: optionalWhole("The daily cap in rupees", 10_000_000),
  dailyCapPayments: optionalWhole("The daily cap in payments", 100_000),
});
export type AccountForm = z.output<typeof accountFormSchema>;

const byId = <I extends string>(intent: I) => z.object({ intent: z.literal(intent), id: accountId });

export const accountActionSchemas = [
  accountFormSchema,
  byId("account-pause"),
  byId("account-resume"),
  byId("account-delete"),
] as const;
export const accountActionSchema = z.discriminatedUnion("intent", [...accountActionSchemas], UNKNOWN_ACTION);
export type AccountAction = z.output<typeof accountActionSchema>;

/**
 * Whether an alert's account digits are this account's: alerts print the last 3 or 4 digits
 * ("XX566", "xx1234", "A/c XX789012" read as 9012), so the shorter must end the longer and hold at least 3.
 */
export function digitsMatch(saved: string | null, named: string | null): boolean {
  if (!saved || !named) return false;
  const [short, long] = saved.length <= named.length ? [saved, named] : [named, saved];
  return short.length >= 3 && long.endsWith(short);
}

/**
 * What a UPI ID looks like from its handle: business apps give merchant IDs of their own shapes
 * (PhonePe Business "Q123456789@ybl", Paytm "paytmqr…@paytm", BharatPe "bharatpe.…@…",
 * Google Pay for Business "…@okbizaxis"). A hint for the form, never a rule.
 */
export function looksLikeBusinessId(upiId: string): boolean {
  const id = upiId.trim().toLowerCase();
  return /^q\d{6,}@ybl$/.test(id) || /^paytmqr/.test(id) || /^bharatpe/.test(id) || /@okbiz/.test(id);
}
