import type { IncomingMessage, ServerResponse } from "node:http";
import { localeFromCookie, localizedPath } from "~/lib/i18n/locale";
import type { ProxyTrust } from "./proxy-trust";
import { securityHeadersFor } from "./security";

/**
 * A buyer who chose Hindi (the `lang=hi` cookie the language switch writes)
 * and opens the English home page is sent to /hi. It runs before the public
 * page cache, which keys pages by address and ignores cookies: each address
 * stays one page for everyone, and only this redirect depends on the cookie
 * (hence its `Vary: Cookie`). Only the home page: a link to an English page
 * deeper in is followed as given. Returns true when it answered.
 */
export function rememberedLanguageRedirect(
  req: IncomingMessage,
  res: ServerResponse,
  trust: Pick<ProxyTrust, "isSecure">,
): boolean {
  if (req.method !== "GET" && req.method !== "HEAD") return false;
  const url = req.url ?? "";
  const query = url.indexOf("?");
  if ((query === -1 ? url : url.slice(0, query)) !== "/") return false;
  if (localeFromCookie(req.headers.cookie) !== "hi") return false;
  res.writeHead(302, {
    Location: localizedPath(url, "hi"),
    Vary: "Cookie",
    "Cache-Control": "private, no-cache",
    "Content-Length": "0",
    ...Object.fromEntries(securityHeadersFor({ kind: "data", secure: trust.isSecure(req) })),
  });
  res.end();
  return true;
}
