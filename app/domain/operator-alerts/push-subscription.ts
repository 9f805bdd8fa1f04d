import { z } from "zod";

/**
 * What a device sends to turn Web Push alerts on or off: its subscription as
 * its push service made it (endpoint and keys). Shared by the server, which
 * stores it, and the browser, which checks it before sending.
 */

const base64url = (max: number) =>
  z
    .string()
    .regex(/^[A-Za-z0-9_-]+={0,2}$/, "Not a browser push key")
    .max(max);

/** A PushSubscription as the browser's `toJSON()` gives it. */
export const pushSubscriptionRequest = z.object({
  endpoint: z
    .url({ protocol: /^https$/, error: "The push endpoint must be an https:// address" })
    .max(1_000, "The push endpoint is too long"),
  keys: z.object({ p256dh: base64url(200), auth: base64url(100) }),
  expirationTime: z.number().nullable().optional(),
});
export type PushSubscriptionRequest = z.output<typeof pushSubscriptionRequest>;

export const pushUnsubscribeRequest = z.object({
  endpoint: z.string().max(1_000, "The push endpoint is too long"),
});
