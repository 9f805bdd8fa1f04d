import type { OrderRow } from "./table";

/**
 * The link an order is sent to the panel with. Panels that check links refuse a
 * bare username ("neworder.error.invalid_link"), so a followers order goes as
 * the full profile address, `https://www.instagram.com/<username>/`; post and
 * reel links go as the buyer gave them. (Per-panel link forms are a later step:
 * a caller with its own form passes its link to the client as it is.)
 */

const HANDLE = /^@?([A-Za-z0-9._]{1,30})$/;

export function panelLink(order: Pick<OrderRow, "service_type" | "target">): string {
  const target = order.target.trim();
  if (order.service_type === "followers") {
    const handle = HANDLE.exec(target)?.[1];
    if (handle) return `https://www.instagram.com/${handle}/`;
  }
  return target;
}
