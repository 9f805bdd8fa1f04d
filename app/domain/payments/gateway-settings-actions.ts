import { z } from "zod";
import { intentsOf } from "~/lib/intent";

/**
 * The Settings page's "Payment gateway" forms, one shape per intent, joined
 * into the page's one action schema (app/routes/admin/settings-intents.ts).
 * Secrets are write-only: an empty field keeps the saved one.
 */
const kept = (max: number, tooLong: string) => z.string().trim().max(max, tooLong).default("");

export const gatewayActionSchemas = [
  z.object({
    intent: z.literal("gateway-save"),
    keyId: kept(60, "The key id is too long"),
    keySecret: kept(100, "The key secret is too long"),
    webhookSecret: kept(200, "The webhook secret is too long (200 characters at most)"),
  }),
  z.object({ intent: z.literal("gateway-enable") }),
  z.object({ intent: z.literal("gateway-disable") }),
] as const;

/** Form fields never sent back to the browser in a reply; a new value asks for a recent password. */
export const GATEWAY_SECRET_FIELDS = ["keySecret", "webhookSecret"];

export type GatewayAction = z.output<(typeof gatewayActionSchemas)[number]>;
export type GatewayIntent = GatewayAction["intent"];

export const isGatewayAction = intentsOf(gatewayActionSchemas);

/** What a Payment gateway form gets back: a refusal comes as the page's `{ ok: false, message, field }`. */
export type GatewaySettingsResult =
  { ok: true; intent: GatewayIntent; message: string } | { ok: false; message: string; field?: string | null };

/** Razorpay's key ids: `rzp_test_…` or `rzp_live_…`. */
export const KEY_ID_PATTERN = /^rzp_(test|live)_[A-Za-z0-9]{8,40}$/;
export const KEY_SECRET_PATTERN = /^[A-Za-z0-9]{16,80}$/;
export const WEBHOOK_SECRET_PATTERN = /^[\x21-\x7e]{12,200}$/;
