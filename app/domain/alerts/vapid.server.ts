import webpush from "web-push";
import type { DB } from "~/db/database.server";
import { insertMissingSettingValues, readSettingValues } from "~/domain/settings/settings.repository.server";

/**
 * The shop's VAPID key pair, which identifies it to browsers' push services.
 * Made once, the first time it is needed (at start-up by the alert job), and
 * kept in the settings table outside the site settings: the private key never
 * leaves the server. Several instances starting together keep whichever pair
 * was written first.
 */

const KEYS = { publicKey: "ALERTS_VAPID_PUBLIC_KEY", privateKey: "ALERTS_VAPID_PRIVATE_KEY" } as const;

export interface VapidKeys {
  publicKey: string;
  privateKey: string;
}

async function read(db: DB): Promise<VapidKeys | null> {
  const saved = await readSettingValues(db, Object.values(KEYS));
  const publicKey = saved.get(KEYS.publicKey);
  const privateKey = saved.get(KEYS.privateKey);
  return publicKey && privateKey ? { publicKey, privateKey } : null;
}

export async function vapidKeys(db: DB, now = Date.now()): Promise<VapidKeys> {
  const saved = await read(db);
  if (saved) return saved;
  const made = webpush.generateVAPIDKeys();
  await db.transaction().execute(async (trx) => {
    // Both rows or neither: another instance that wrote first keeps its pair.
    if (await read(trx)) return;
    await insertMissingSettingValues(
      trx,
      { [KEYS.publicKey]: made.publicKey, [KEYS.privateKey]: made.privateKey },
      now,
    );
  });
  return (await read(db)) ?? made;
}

/** Only the public key, for the browser's subscription; null until made. */
export async function vapidPublicKey(db: DB): Promise<string | null> {
  return (await read(db))?.publicKey ?? null;
}
