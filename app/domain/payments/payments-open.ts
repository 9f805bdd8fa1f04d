import type { Config } from "~/lib/server/config.server";
import { isLocalBaseUrl, isPlaceholderUpiId } from "~/domain/settings/unsafe-defaults";
import { paymentsClosedText, sayInEnglish } from "./payments-closed-messages";

/** Addresses only this machine can connect to. */
function isLoopbackHost(host: string): boolean {
  const bare = host
    .trim()
    .toLowerCase()
    .replace(/^\[|\]$/g, "");
  return bare === "localhost" || bare === "::1" || /^127(\.\d{1,3}){3}$/.test(bare);
}

interface ShopFacts {
  upiId: string;
  publicBaseUrl: string;
  supportEmail: string;
  supportPhone: string;
}

/** A refusal of payments: the buyer's words, and the parts a page in another language needs to say them. */
export interface PaymentsRefusal {
  message: string;
  details: { reason: "PAYMENTS_CLOSED"; email: string | null; phone: string | null };
}

/**
 * Why this shop must not take a payment now, in the buyer's words, or null.
 *
 * A QR for the placeholder UPI ID would send the buyer's money to whoever
 * holds that handle, or nowhere. It is refused once the shop runs for real:
 * in production, without the demo's panel simulator (`npm start` runs one),
 * and reachable by buyers: published at an address of its own (Public Base
 * URL not this machine), behind a reverse proxy (TRUST_PROXY), or listening
 * on more than loopback (HOST). A shop that only this machine can reach is
 * the demo or a test run; there it keeps showing the QR, and the admin
 * banners name the placeholder.
 */
export function paymentsRefusal(
  site: ShopFacts,
  config: Pick<Config, "NODE_ENV" | "PANEL_SIMULATOR" | "TRUST_PROXY" | "HOST">,
): PaymentsRefusal | null {
  if (config.NODE_ENV !== "production" || config.PANEL_SIMULATOR || !isPlaceholderUpiId(site.upiId)) return null;
  const onlyThisMachine = isLocalBaseUrl(site.publicBaseUrl) && config.TRUST_PROXY === 0 && isLoopbackHost(config.HOST);
  if (onlyThisMachine) return null;
  const details = {
    reason: "PAYMENTS_CLOSED" as const,
    email: site.supportEmail.trim() || null,
    phone: site.supportPhone.trim() || null,
  };
  return { message: paymentsClosedText(details, sayInEnglish), details };
}
