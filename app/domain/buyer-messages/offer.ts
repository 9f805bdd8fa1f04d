/**
 * What the checkout and /track offer a buyer for an order's updates: the
 * WhatsApp number to write to (only while the shop's WhatsApp is set up) and
 * the key a browser subscribes to notifications with (null until made).
 */
export interface UpdatesOffer {
  /** Digits with the country code, for `https://wa.me/<number>`; null: no WhatsApp updates. */
  whatsappNumber: string | null;
  /** The shop's VAPID public key (base64url). */
  pushKey: string | null;
}

/** The "Get updates on WhatsApp" link: a chat with the shop, the order id in the text the buyer sends. */
export function whatsappUpdatesLink(number: string, text: string): string {
  return `https://wa.me/${number.replace(/\D/g, "")}?text=${encodeURIComponent(text)}`;
}
