import type { AdminPulse } from "~/domain/orders/pulse.server";

/**
 * An admin page's title, led by the number of payments waiting for
 * confirmation ("(2) Orders · Admin"), so a background tab shows it too.
 * Reads the admin layout's data from the route matches.
 */
export function adminTitle(matches: ReadonlyArray<{ id: string; loaderData?: unknown } | undefined>, page: string) {
  const layout = matches.find((m) => m?.id === "routes/admin/layout")?.loaderData as { pulse?: AdminPulse } | undefined;
  const waiting = layout?.pulse?.toConfirm ?? 0;
  return `${waiting > 0 ? `(${waiting}) ` : ""}${page} · Admin`;
}
