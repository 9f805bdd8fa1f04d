import { z } from "zod";
import { SERVICE_TYPES } from "~/domain/panel/service-types";
import { MAX_PLAN_ID } from "~/domain/plans/table";
import { UNKNOWN_ACTION } from "~/lib/intent";
import { IST_OFFSET_MS } from "~/lib/ist-time";
import { parseRupeesToPaise } from "~/lib/money";
import { MAX_PERCENT } from "./discount";
import { COUPON_KINDS } from "./table";

/**
 * Admin → Coupons' form, one schema for the browser's check and the
 * server's (conform's parseWithZod on both sides). Money in rupees, dates as
 * the operator's `datetime-local` in IST, limits empty for none.
 */

export const COUPON_FORM_MESSAGES = {
  code: "Code is 3 to 30 letters, digits, - or _",
  percent: `Percent is a whole number from 1 to ${MAX_PERCENT}`,
  flat: "Discount is a positive amount in rupees (up to 2 decimals)",
  minOrder: "Minimum order is an amount in rupees (up to 2 decimals), or empty for none",
  date: "Enter a date and time (IST)",
  endBeforeStart: "The end must be after the start",
  uses: "Enter a whole number of at least 1, or leave empty for no limit",
  notFound: "Coupon not found",
} as const;

const code = z
  .string({ error: COUPON_FORM_MESSAGES.code })
  .trim()
  .regex(/^[A-Za-z0-9_-]{3,30}$/, COUPON_FORM_MESSAGES.code)
  .transform((v) => v.toUpperCase());

/** "2026-11-30T18:00" (the input's value) as IST, in epoch ms; null for empty. */
export function parseIstDateTime(text: string): number | null | undefined {
  const match = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})$/.exec(text.trim());
  if (!match) return undefined;
  const [y, m, d, hh, mm] = match.slice(1).map(Number) as [number, number, number, number, number];
  const utc = Date.UTC(y, m - 1, d, hh, mm);
  const back = new Date(utc);
  if (back.getUTCMonth() !== m - 1 || back.getUTCDate() !== d || hh > 23 || mm > 59) return undefined;
  return utc - IST_OFFSET_MS;
}

/** Epoch ms as the `datetime-local` input shows it in IST. */
export function istInputValue(ms: number | null): string {
  if (ms === null) return "";
  return new Date(ms + IST_OFFSET_MS).toISOString().slice(0, 16);
}

const when = z
  .string()
  .optional()
  .transform((v, ctx) => {
    if (!v?.trim()) return null;
    const ms = parseIstDateTime(v);
    if (ms === undefined) {
      ctx.addIssue({ code: "custom", message: COUPON_FORM_MESSAGES.date });
      return z.NEVER;
    }
    return ms;
  });

const limit = z
  .union([z.string(), z.number()])
  .optional()
  .transform((v, ctx) => {
    const text = v === undefined ? "" : String(v).replace(/,/g, "").trim();
    if (text === "") return null;
    if (!/^\d{1,7}$/.test(text) || Number(text) < 1) {
      ctx.addIssue({ code: "custom", message: COUPON_FORM_MESSAGES.uses });
      return z.NEVER;
    }
    return Number(text);
  });

const minOrder = z
  .union([z.string(), z.number()])
  .optional()
  .transform((v, ctx) => {
    if (v === undefined || String(v).trim() === "") return 0;
    const paise = parseRupeesToPaise(v);
    if (paise === null || paise > 10_000_000) {
      ctx.addIssue({ code: "custom", message: COUPON_FORM_MESSAGES.minOrder });
      return z.NEVER;
    }
    return paise;
  });

const planIds = z
  .array(z.union([z.string(), z.number()]))
  .optional()
  .transform((list) =>
    [...new Set((list ?? []).map(Number))].filter((n) => Number.isSafeInteger(n) && n >= 1 && n <= MAX_PLAN_ID),
  );

const couponFields = {
  code,
  kind: z.enum(COUPON_KINDS, { error: "Choose percent or flat" }),
  /** Percent: whole percent; flat: rupees. Read by `kind` below. */
  amount: z.union([z.string(), z.number()], { error: "Discount is required" }),
  minOrder,
  serviceTypes: z
    .array(z.enum(SERVICE_TYPES))
    .optional()
    .transform((list) => [...new Set(list ?? [])]),
  planIds,
  startsAt: when,
  endsAt: when,
  totalUses: limit,
  usesPerPhone: limit,
  enabled: z.preprocess(
    (v: unknown) => (Array.isArray(v) ? (v.at(-1) as unknown) : v),
    z
      .union([z.boolean(), z.enum(["true", "false", "on", ""])])
      .optional()
      .transform((v) => v === true || v === "true" || v === "on"),
  ),
};

/** The discount as stored: whole percent, or paise; null when it is not one. */
export function couponAmount(kind: (typeof COUPON_KINDS)[number], amount: string | number): number | null {
  const text = String(amount).replace(/,/g, "").trim();
  if (kind === "percent") {
    const n = /^\d{1,3}$/.test(text) ? Number(text) : 0;
    return n >= 1 && n <= MAX_PERCENT ? n : null;
  }
  const paise = parseRupeesToPaise(text);
  return paise !== null && paise > 0 && paise <= 10_000_000 ? paise : null;
}

type Fields = z.output<z.ZodObject<typeof couponFields>>;

function checkCoupon(fields: Fields, ctx: z.RefinementCtx) {
  if (couponAmount(fields.kind, fields.amount) === null) {
    ctx.addIssue({
      code: "custom",
      path: ["amount"],
      message: fields.kind === "percent" ? COUPON_FORM_MESSAGES.percent : COUPON_FORM_MESSAGES.flat,
    });
  }
  if (fields.startsAt !== null && fields.endsAt !== null && fields.endsAt <= fields.startsAt) {
    ctx.addIssue({ code: "custom", path: ["endsAt"], message: COUPON_FORM_MESSAGES.endBeforeStart });
  }
}

const couponId = z
  .number({ error: COUPON_FORM_MESSAGES.notFound })
  .int(COUPON_FORM_MESSAGES.notFound)
  .min(1, COUPON_FORM_MESSAGES.notFound)
  .max(MAX_PLAN_ID, COUPON_FORM_MESSAGES.notFound);

export const createCouponFormSchema = z
  .object({ intent: z.literal("create"), ...couponFields })
  .superRefine(checkCoupon);
export const updateCouponFormSchema = z
  .object({ intent: z.literal("update"), id: couponId, ...couponFields })
  .superRefine(checkCoupon);

/** What Admin → Coupons submits, one shape per button. */
export const couponActionSchema = z.discriminatedUnion(
  "intent",
  [createCouponFormSchema, updateCouponFormSchema, z.object({ intent: z.literal("toggle"), id: couponId })],
  UNKNOWN_ACTION,
);
export type CouponAction = z.output<typeof couponActionSchema>;
export type CouponActionIntent = CouponAction["intent"];
/** A coupon as the form sends it, checked (its amount still as typed: couponAmount reads it). */
export type CouponFormInput = Omit<Extract<CouponAction, { intent: "create" }>, "intent">;
