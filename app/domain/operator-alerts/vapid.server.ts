import webpush from "web-push";
import { type DB, transaction } from "~/db/database.server";
import { defineSettings, text } from "~/domain/settings/define";
import { readSettings, saveSettings } from "~/domain/settings/store.server";

/**
 * The shop's VAPID key pair, which identifies it to browsers' push services.
 * Made once, the first time it is needed (at start-up by the alert job), and
 * kept in the settings table outside the site settings: the private key never
 * leaves the server. Several instances starting together keep whichever pair
 * was written first.
 */

export const vapidSettings = defineSettings({
  publicKey: text("ALERTS_VAPID_PUBLIC_KEY", "Web Push public key", { required: false }),
  privateKey: text("ALERTS_VAPID_PRIVATE_KEY", "Web Push private key", { secret: true }),
});

export interface VapidKeys {
  publicKey: string;
  privateKey: string;
}

async function read(db: DB): Promise<VapidKeys | null> {
  const { publicKey, privateKey } = await readSettings(db, vapidSettings);
  return publicKey && privateKey ? { publicKey, privateKey } : null;
}

export async function vapidKeys(db: DB, now = Date.now()): Promise<VapidKeys> {
  const saved = await read(db);
  if (saved) return saved;
  const made = webpush.generateVAPIDKeys();
  await transaction(db, async (trx) => {
    // Both rows or neither: another instance that wrote first keeps its pair.
    if (await read(trx)) return;
    await saveSettings(trx, vapidSettings, made, now, { onlyMissing: true });
  });
  return (await read(db)) ?? made;
}

/** Only the public key, for the browser's subscription; null until made. */
export async function vapidPublicKey(db: DB): Promise<string | null> {
  return (await read(db))?.publicKey ?? null;
}
