import type { AlertFacts } from "./events";

/** One alert as every channel words it: plain text, the order's full link in it. */
export interface AlertMessage {
  subject: string;
  text: string;
  /** The full admin link (`<Public Base URL>/admin/orders/<id>`). */
  link: string;
  orderId: string | null;
  /** Offer "Confirm payment" for `orderId`. */
  confirmable: boolean;
  /**
   * One name for this message however often it is sent (an outbox row's event key): a copy sent again
   * after a lost answer is the same message to the reader (mail's Message-ID, a notification's tag).
   */
  key?: string;
}

/** The Public Base URL as the operator typed it, without the trailing slash. */
export function adminLink(publicBaseUrl: string, path: string): string {
  return `${publicBaseUrl.trim().replace(/\/+$/, "")}${path}`;
}

export function formatAlert(facts: AlertFacts, { brand, publicBaseUrl }: { brand: string; publicBaseUrl: string }) {
  const link = adminLink(publicBaseUrl, facts.path);
  // Control characters (a buyer-typed target, a panel's error) never reach a mail header or a chat.
  // eslint-disable-next-line no-control-regex -- matching control characters is the point
  const clean = (text: string) => text.replace(/[\u0000-\u001f\u007f]+/g, " ").trim();
  const message: AlertMessage = {
    subject: clean(`[${brand}] ${facts.title}`).slice(0, 200),
    text: [clean(facts.title), ...facts.lines.map(clean), "", link].join("\n"),
    link,
    orderId: facts.orderId,
    confirmable: Boolean(facts.confirmable && facts.orderId),
  };
  return message;
}
