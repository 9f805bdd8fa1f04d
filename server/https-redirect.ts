import type { IncomingMessage, ServerResponse } from "node:http";
import type { TLSSocket } from "node:tls";
import { isLocalBaseUrl } from "~/domain/settings/unsafe-defaults";
import { securityHeadersFor } from "./security";

/** The proxy's probes reach the health check, and a monitor on this machine the readiness check, over plain HTTP. */
const EXEMPT_PATHS = new Set(["/healthz", "/readyz"]);

/** A host name or IPv4 address, or a bracketed IPv6 address; anything else is not a place to send a browser. */
const HOSTNAME = /^(?:[A-Za-z0-9-]+(?:\.[A-Za-z0-9-]+)*\.?|\[[0-9A-Fa-f:.]+\])$/;

export interface HttpsRedirectOptions {
  /** The shop's public address as every page uses it (PUBLIC_BASE_URL, else the Public Base URL setting). */
  publicBaseUrl: () => Promise<string>;
  /** PUBLIC_BASE_URL is set: its address is the shop's, even a local one. */
  publicBaseUrlFromEnv: boolean;
  /** HTTPS_REDIRECT_HOSTS: the Host names a request may be sent back to while no public address is set. */
  allowedHosts: readonly string[];
}

const NOT_CONFIGURED =
  "This shop answers over HTTPS only, at its public address. Its operator has not set that address yet " +
  "(PUBLIC_BASE_URL, or the Public Base URL setting), nor listed this host in HTTPS_REDIRECT_HOSTS.";

/**
 * Behind a TLS-terminating proxy (TRUST_PROXY ≥ 1): answers a request that
 * reached the proxy over plain HTTP with 308 to the same path and query over
 * HTTPS, so nobody (buyer or operator) keeps using the shop unencrypted. 308
 * keeps the method and body, so a form posted to http:// is not turned into a
 * GET. Runs before the order-status fast path and Express, so no route answers
 * over HTTP. Returns true when it took the request (it answers it shortly).
 *
 * The redirect goes to the shop's own public host (PUBLIC_BASE_URL, or the
 * Public Base URL setting once it is not the local default), never to one the
 * client names: `X-Forwarded-Host` is never read, and the request's `Host` is
 * used only while no public address is set, and only when it is in
 * HTTPS_REDIRECT_HOSTS; otherwise 400 says what to set. The answer is
 * `no-store`, so no browser or shared cache keeps a redirect that depends on
 * the settings. The scheme is the proxy's `X-Forwarded-Proto`, read as Express
 * reads it with trusted proxies: a proxy that does not send it makes every
 * request look like plain HTTP, a redirect loop that shows the
 * misconfiguration at once rather than a shop silently served unencrypted.
 */
export function createHttpsRedirect(options: HttpsRedirectOptions) {
  const allowed = new Set(options.allowedHosts.map((host) => host.toLowerCase().replace(/\.$/, "")));
  return (req: IncomingMessage, res: ServerResponse): boolean => {
    if (forwardedProtocol(req) === "https") return false;
    const url = req.url ?? "/";
    const query = url.indexOf("?");
    if (EXEMPT_PATHS.has(query === -1 ? url : url.slice(0, query))) return false;
    void redirect(req, res, url, options, allowed);
    return true;
  };
}

async function redirect(
  req: IncomingMessage,
  res: ServerResponse,
  url: string,
  options: HttpsRedirectOptions,
  allowed: ReadonlySet<string>,
): Promise<void> {
  if (!url.startsWith("/")) return send(res, 400, {}, "Bad request");
  let base: string;
  try {
    base = await options.publicBaseUrl();
  } catch {
    return send(res, 503, { "Retry-After": "5" }, "The shop cannot answer right now; try again in a moment.");
  }
  const target = httpsOrigin(base, options.publicBaseUrlFromEnv) ?? listedHost(req, allowed);
  if (!target) return send(res, 400, {}, NOT_CONFIGURED);
  send(res, 308, { Location: `${target}${url}` }, "");
}

/** `https://host[:port]` of the configured public address, or null while it is the local default. */
function httpsOrigin(base: string, fromEnv: boolean): string | null {
  if (!fromEnv && isLocalBaseUrl(base)) return null;
  let parsed: URL;
  try {
    parsed = new URL(base.trim());
  } catch {
    return null;
  }
  // A port given for https is where HTTPS listens; one given for http is plain HTTP's, not HTTPS's.
  return parsed.protocol === "https:" ? `https://${parsed.host}` : `https://${parsed.hostname}`;
}

/** `https://host` for the request's own Host header when HTTPS_REDIRECT_HOSTS lists it, else null. */
function listedHost(req: IncomingMessage, allowed: ReadonlySet<string>): string | null {
  const name = hostOf(firstValue(req.headers.host))?.toLowerCase().replace(/\.$/, "");
  return name && allowed.has(name) ? `https://${name}` : null;
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
    "Content-Type": "text/plain; charset=utf-8",
    "Content-Length": Buffer.byteLength(body),
    "Cache-Control": "no-store",
    // Asked over plain HTTP: no HSTS (browsers ignore it there).
    ...Object.fromEntries(securityHeadersFor({ kind: "data", secure: false })),
  });
  res.end(body);
}
