const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

/**
 * True when a state-changing request was sent by a page of another site, so a
 * signed-in admin's cookie cannot be ridden (CSRF). Browsers send Sec-Fetch-Site
 * and Origin on such requests; tools without them carry no admin cookie anyway.
 */
export function isCrossSiteWrite(
  method: string,
  headers: { get(name: string): string | null | undefined },
  ownOrigin: string,
): boolean {
  if (SAFE_METHODS.has(method.toUpperCase())) return false;
  const site = headers.get("sec-fetch-site");
  if (site && site !== "same-origin" && site !== "none") return true;
  const origin = headers.get("origin");
  if (origin && origin !== ownOrigin) return true;
  return false;
}

/**
 * Header through which the Express layer hands the router the client address it
 * resolved (TRUST_PROXY aware); it overwrites anything a client sent.
 */
export const CLIENT_IP_HEADER = "x-shop-client-ip";
