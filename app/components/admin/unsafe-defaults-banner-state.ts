/**
 * Whether the "Not ready for real buyers" banner is folded, as the operator
 * left it: a cookie `open` or `closed:<the items' ids>`. Folded over other
 * items than today's (a new default appeared), it is open again. With no
 * choice yet it is folded on a phone and open elsewhere.
 */
export const BANNER_COOKIE = "admin_banner";

export function bannerCookieValue(open: boolean, ids: string[]): string {
  // Dots between the ids: a comma is not a cookie character (RFC 6265).
  return open ? "open" : `closed:${[...ids].sort().join(".")}`;
}

/** "Mobi" in the User-Agent is how browsers say phone (MDN); Chromium's client hint says it too. */
function onPhone(request: Request): boolean {
  if (request.headers.get("sec-ch-ua-mobile") === "?1") return true;
  return /Mobi|Android/.test(request.headers.get("user-agent") ?? "");
}

export function bannerOpen(request: Request, ids: string[]): boolean {
  const cookie = (request.headers.get("cookie") ?? "")
    .split(";")
    .map((part) => part.trim())
    .find((part) => part.startsWith(`${BANNER_COOKIE}=`))
    ?.slice(BANNER_COOKIE.length + 1);
  if (cookie === "open") return true;
  if (cookie?.startsWith("closed:")) return cookie !== bannerCookieValue(false, ids);
  return !onPhone(request);
}
