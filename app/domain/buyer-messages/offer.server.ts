import type { AppServices } from "~/context";
import { vapidPublicKey } from "~/domain/operator-alerts/vapid.server";
import type { UpdatesOffer } from "./offer";
import { buyerMessageConfig, whatsappReady } from "./settings.server";

export async function updatesOffer(services: Pick<AppServices, "db" | "config">): Promise<UpdatesOffer> {
  const [config, pushKey] = await Promise.all([
    buyerMessageConfig(services.db, services.config),
    vapidPublicKey(services.db),
  ]);
  return { whatsappNumber: whatsappReady(config) ? config.whatsapp.businessNumber : null, pushKey };
}
