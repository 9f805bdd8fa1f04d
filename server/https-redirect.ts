import type { IncomingMessage, ServerResponse } from "node:http";
import type { TLSSocket } from "node:tls";

/** The proxy's probes reach the health check, and a monitor on this machine the readiness check, over plain HTTP. */
const EXEMPT_PATHS = new Set(["/healthz", "/readyz"]);

/** A host name or IPv4 address, or a bracketed IPv6 address; anything else is not a place to send a browser. */
const HOSTNAME = /^(?:[A-Za-z0-9-]+(?:\.[A-Za-z0-9-]+)*\.?|\[[0-9A-Fa-f:.]+\])$/;

/**
 * Behind a TLS-terminating proxy (TRUST_PROXY ≥ 1): answers a request that
 * reached the proxy over plain HTTP with 308 to the same host, path and query
 * over HTTPS, so nobody (buyer or operator) keeps using the shop unencrypted.
 * 308 keeps the method and body, so a form posted to http:// is not turned
 * into a GET. Runs before the order-status fast path and Express, so no route
 * answers over HTTP. Returns true when it answered.
 *
 * The scheme and host are the proxy's `X-Forwarded-Proto` and
 * `X-Forwarded-Host` (else `Host`), read as Express reads them with one or
 * more trusted proxies. A proxy that does not send `X-Forwarded-Proto` makes
 * every request look like plain HTTP: a redirect loop that shows the
 * misconfiguration at once rather than a shop silently served unencrypted.
 */
export function createHttpsRedirect() {
  return (req: IncomingMessage, res: ServerResponse): boolean => {
    if (forwardedProtocol(req) === "https") return false;
    const url = req.url ?? "/";
    const query = url.indexOf("?");
    if (EXEMPT_PATHS.has(query === -1 ? url : url.slice(0, query))) return false;

    const hostname = hostOf(firstValue(req.headers["x-forwarded-host"]) || firstValue(req.headers.host));
    if (!hostname || !url.startsWith("/")) {
      send(res, 400, { "Content-Type": "text/plain; charset=utf-8" }, "Bad request");
      return true;
    }
    send(res, 308, { Location: `https://${hostname}${url}`, "Content-Type": "text/plain; charset=utf-8" }, "");
    return true;
  };
}

/** As Express's req.protocol with trusted proxies, so this agrees with HSTS and the Secure cookie. */
function forwardedProtocol(req: IncomingMessage): string {
  return firstValue(req.headers["x-forwarded-proto"]) || ((req.socket as TLSSocket).encrypted ? "https" : "http");
}

/** A proxy header's first value (the one the outermost trusted proxy wrote), as Express reads it. */
function firstValue(header: string | string[] | undefined): string {
  const value = (Array.isArray(header) ? header[0] : header) ?? "";
  return value.split(",")[0]!.trim();
}

/** The Host header without its port: HTTPS is served on its standard port. */
function hostOf(host: string): string | null {
  const name = host.startsWith("[") ? host.slice(0, host.indexOf("]") + 1) : host.split(":")[0]!;
  return name.length <= 253 && HOSTNAME.test(name) ? name : null;
}

function send(res: ServerResponse, status: number, headers: Record<string, string>, body: string) {
  res.writeHead(status, {
    ...headers,
    "Content-Length": Buffer.byteLength(body),
    "X-Content-Type-Options": "nosniff",
    "Content-Security-Policy": "default-src 'none'; frame-ancestors 'none'",
    "Referrer-Policy": "strict-origin-when-cross-origin",
  });
  res.end(body);
}
