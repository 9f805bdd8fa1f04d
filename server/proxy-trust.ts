import type { IncomingMessage } from "node:http";
import type { TLSSocket } from "node:tls";
import proxyaddr from "proxy-addr";

/**
 * What the shop believes about a request that may have come through reverse
 * proxies (TRUST_PROXY: how many hops in front of it are its own). Express's
 * `req.ip` and `req.secure` are these same calls on Express's compiled trust
 * of a hop count; the handlers that answer ahead of Express (the page cache,
 * the hot routes) and the Express layer itself use these, so every layer
 * believes the same address and transport.
 */
export interface ProxyTrust {
  /** The client's address: the socket's, or the nearest untrusted one in X-Forwarded-For. */
  clientIp(req: IncomingMessage): string;
  /** Reached over HTTPS: a TLS socket, or a trusted proxy's X-Forwarded-Proto of `https`. */
  isSecure(req: IncomingMessage): boolean;
}

export function proxyTrust(trustProxy: number): ProxyTrust {
  // How Express compiles `trust proxy` set to a number (express/lib/utils.js, compileTrust).
  const trust = (_address: string, hop: number) => hop < trustProxy;
  return {
    clientIp(req) {
      // A socket already closed has no address: proxy-addr then gives undefined, whatever its types say.
      const address: string | undefined = proxyaddr(req, trust);
      return address ?? "";
    },
    isSecure(req) {
      if ((req.socket as TLSSocket).encrypted) return true;
      if (!trust(req.socket.remoteAddress ?? "", 0)) return false;
      const header = req.headers["x-forwarded-proto"];
      const value = (Array.isArray(header) ? header[0] : header) ?? "";
      return value.split(",")[0]!.trim() === "https";
    },
  };
}
