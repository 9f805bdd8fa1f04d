import { DEFAULT_LINK_FORMS, type LinkForms, linkFor } from "~/domain/panel/link-forms";
import type { OrderRow } from "~/domain/orders/table";

/**
 * The link an order is sent to the panel with, in the form that panel takes
 * (its record's link forms, `panel/link-forms.ts`). By default a followers
 * order goes as the full profile address, `https://www.instagram.com/<username>/`
 * (panels that check links refuse a bare username: "neworder.error.invalid_link");
 * post and reel links go as the buyer gave them.
 */
export function panelLink(
  order: Pick<OrderRow, "service_type" | "target">,
  forms: LinkForms = DEFAULT_LINK_FORMS,
): string {
  return linkFor(order.service_type, order.target, forms);
}
