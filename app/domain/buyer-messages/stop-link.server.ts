import { createHmac, randomBytes, timingSafeEqual } from "node:crypto";
import type { DB } from "~/db/database.server";
import { defineSettings, text } from "~/domain/settings/define";
import { readSettings, saveSettings } from "~/domain/settings/store.server";

/**
 * The "Stop these e-mails" link in every update e-mail (docs/privacy.md,
 * Withdrawing consent): one tap on the page it opens stops the order's
 * updates, with no phone to type. The link carries the order id and an HMAC
 * of it under a key the shop makes once and keeps in the settings table (never
 * shown), so only the e-mail's reader holds it and it cannot be made for
 * another order. Opening the link changes nothing (mail scanners open links);
 * the page's button does.
 */

export const stopLinkSettings = defineSettings({
  key: text("BUYER_STOP_LINK_KEY", "Stop-updates link key", { secret: true }),
});

async function linkKey(db: DB, now = Date.now()): Promise<string> {
  const saved = (await readSettings(db, stopLinkSettings)).key;
  if (saved) return saved;
  // Several instances at once: the first key written stays.
  await saveSettings(db, stopLinkSettings, { key: randomBytes(32).toString("base64url") }, now, { onlyMissing: true });
  return (await readSettings(db, stopLinkSettings)).key;
}

function sign(key: string, orderId: string): string {
  return createHmac("sha256", key).update(`stop-updates:${orderId}`).digest("base64url").slice(0, 32);
}

/** The link's path for this order, in the buyer's language. */
export async function stopLinkPath(db: DB, orderId: string, locale: "en" | "hi"): Promise<string> {
  const token = sign(await linkKey(db), orderId);
  return `${locale === "hi" ? "/hi" : ""}/stop-updates?order=${encodeURIComponent(orderId)}&t=${token}`;
}

/** Whether a link's token was made by this shop for this order. */
export async function stopLinkValid(db: DB, orderId: string, token: string): Promise<boolean> {
  const expected = Buffer.from(sign(await linkKey(db), orderId));
  const given = Buffer.from(token);
  return given.length === expected.length && timingSafeEqual(given, expected);
}
