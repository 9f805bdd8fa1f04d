import { createHash } from "node:crypto";
import { Agent } from "node:https";
import { isIP } from "node:net";
import webpush from "web-push";
import type { DB } from "~/db/database.server";
import { publicOnlyLookup, refusedRange } from "~/domain/panel/address.server";
import type { AlertMessage } from "../format";
import { pushSubscriptions, removePushSubscription } from "../push-subscriptions.server";
import type { ChannelResult } from "../retry";
import type { VapidKeys } from "../vapid.server";
import { type AlertSender, SEND_TIMEOUT_MS } from "./channel";

interface PushOptions {
  keys: VapidKeys;
  /** Who push services may contact about this sender: `mailto:` or an https address. */
  subject: string;
  /** Let endpoints on this machine or a private network be reached (tests). */
  allowPrivate: boolean;
}

/** What the service worker shows: title, text, and where a tap leads. */
export function pushPayload(message: AlertMessage): string {
  return JSON.stringify({
    title: message.subject,
    body: message.text,
    url: message.link,
    ...(message.key ? { tag: pushTag(message.key) } : {}),
  });
}

/**
 * A message's name for the push service and the browser: the push service keeps one undelivered message per
 * `Topic` (RFC 8030 5.4: at most 32 URL-safe base64 characters), and a notification shown with a tag already
 * shown replaces it rather than adding another. A copy sent again after a lost answer is not seen twice.
 */
export function pushTag(key: string): string {
  return createHash("sha256").update(key).digest("base64url").slice(0, 32);
}

/** The browsers a push goes to, and how one the push service says is gone is forgotten. */
export interface PushDevices {
  list(): Promise<{ endpoint: string; p256dh: string; auth: string }[]>;
  gone(endpoint: string): Promise<void>;
}

/** The operator's devices (Settings → Alerts → Notify this device). */
export function operatorDevices(db: DB): PushDevices {
  return {
    list: () => pushSubscriptions(db),
    gone: async (endpoint) => {
      await removePushSubscription(db, null, endpoint);
    },
  };
}

/**
 * Web Push to every subscribed device (the operator's, or those `devices`
 * names). A device whose push service says it is gone (404, 410) is removed.
 * Sent when any device took it; tried again when none did and a push service
 * may recover; given up when no device is left.
 */
export function pushSender(db: DB, options: PushOptions, source: PushDevices = operatorDevices(db)): AlertSender {
  // The endpoint came from a browser: never a door to the shop's own network.
  const agent = options.allowPrivate ? undefined : new Agent({ lookup: publicOnlyLookup });
  return {
    async send(message) {
      const devices = await source.list();
      if (devices.length === 0) return { kind: "permanent", error: "No device has turned on notifications" };
      const outcomes = await Promise.all(
        devices.map(async (device): Promise<ChannelResult | "gone"> => {
          const host = new URL(device.endpoint).hostname.replace(/^\[|\]$/g, "");
          // No lookup happens for an address written as an IP: checked here; names are checked on connecting.
          const literal = isIP(host) === 0 ? null : refusedRange(host);
          if (!options.allowPrivate && literal) return { kind: "permanent", error: `The push endpoint is ${literal}` };
          try {
            await webpush.sendNotification(
              { endpoint: device.endpoint, keys: { p256dh: device.p256dh, auth: device.auth } },
              pushPayload(message),
              {
                vapidDetails: { subject: options.subject, ...options.keys },
                TTL: 24 * 3600,
                urgency: "high",
                ...(message.key ? { topic: pushTag(message.key) } : {}),
                timeout: SEND_TIMEOUT_MS,
                ...(agent ? { agent } : {}),
              },
            );
            return { kind: "ok" };
          } catch (error) {
            const status = error instanceof webpush.WebPushError ? error.statusCode : null;
            if (status === 404 || status === 410) {
              await source.gone(device.endpoint);
              return "gone";
            }
            const refused = (error as { code?: unknown }).code === "ERR_PANEL_ADDRESS_REFUSED";
            if (refused) return { kind: "permanent", error: "Web Push: the push endpoint is on a private network" };
            const text = status ? `the push service answered ${status}` : (error as Error).message;
            const retry = status === null || status === 429 || status >= 500;
            return { kind: retry ? "retry" : "permanent", error: `Web Push: ${text}` };
          }
        }),
      );
      if (outcomes.some((o) => o !== "gone" && o.kind === "ok")) return { kind: "ok" };
      const failures = outcomes.filter(
        (o): o is Exclude<ChannelResult, { kind: "ok" }> => o !== "gone" && o.kind !== "ok",
      );
      if (failures.length === 0) return { kind: "permanent", error: "Every device's subscription has ended" };
      return failures.find((f) => f.kind === "retry") ?? failures[0]!;
    },
  };
}
