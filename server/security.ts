import { randomBytes } from "node:crypto";
import type { NextFunction, Request, Response } from "express";
import { isStorefrontPath } from "~/lib/admin-path";

export interface SecurityOptions {
  /** Vite's dev server injects inline scripts and a websocket; production never does. */
  development: boolean;
}

/**
 * Razorpay's Checkout.js, loaded only when a buyer clicks "Pay with Razorpay",
 * and the payment form it opens in a frame. Allowed on storefront documents
 * (a checkout is reached by client-side navigation from any of them), never
 * on the admin's.
 */
export const GATEWAY_SCRIPT_ORIGINS = "https://checkout.razorpay.com";
export const GATEWAY_FRAME_ORIGINS = "https://api.razorpay.com https://checkout.razorpay.com";
/** The frame that may use the browser's Payment Request API (UPI intent, Google Pay) for the buyer. */
const GATEWAY_PAYMENT_FRAME = "https://api.razorpay.com";

/**
 * A page rendered per response names its inline scripts by a fresh nonce; a
 * page rendered once and served from memory (server/page-cache.ts) by the
 * SHA-256 hashes of the very scripts it holds, so it needs no nonce.
 */
export type InlineScripts = string | { hashes: readonly string[] };

export function contentSecurityPolicy(
  scripts: InlineScripts,
  { development }: SecurityOptions,
  { gateway = false }: { gateway?: boolean } = {},
): string {
  const allowed =
    typeof scripts === "string" ? `'nonce-${scripts}'` : scripts.hashes.map((hash) => `'sha256-${hash}'`).join(" ");
  // A static page has no inline script at all: then only the shop's own files (and the gateway's) run.
  const scriptSrc = ["'self'", allowed, development && "'unsafe-inline'", gateway && GATEWAY_SCRIPT_ORIGINS]
    .filter(Boolean)
    .join(" ");
  return [
    "default-src 'self'",
    `script-src ${scriptSrc}`,
    ...(gateway ? [`frame-src ${GATEWAY_FRAME_ORIGINS}`] : []),
    // Inline style attributes (positioning in dialogs and carousels) are harmless; inline scripts are not.
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob:",
    "font-src 'self'",
    `connect-src 'self'${development ? " ws: wss:" : ""}`,
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join("; ");
}

/**
 * What is being answered, for its security headers. `document`: an HTML page
 * (or anything React Router answers), whose inline scripts run by nonce or by
 * hash; the path decides whether it is the storefront's (the gateway may load
 * there) or the admin's. `data`: JSON, a redirect, an empty answer: it runs
 * no script and loads nothing, so its policy allows nothing.
 */
export type Answer =
  | { kind: "document"; path: string; scripts: InlineScripts; secure: boolean; development?: boolean }
  | { kind: "data"; secure: boolean };

/**
 * Every security header of an answer, whichever part of the front door sends
 * it (server/front-door.ts): Express's pages, the page cache, the hot JSON
 * routes, the redirects. The one place they are decided.
 */
export function securityHeadersFor(answer: Answer): SecurityHeaders {
  if (answer.kind === "data") return answer.secure ? DATA_OVER_HTTPS : DATA_OVER_HTTP;
  // Decided as the admin's walls decide it (app/lib/admin-path.ts): `/Admin`, `%61dmin` are the admin too.
  const gateway = isStorefrontPath(answer.path);
  return [
    [
      "Content-Security-Policy",
      contentSecurityPolicy(answer.scripts, { development: answer.development ?? false }, { gateway }),
    ],
    ...browserPolicy({ gateway, secure: answer.secure }),
  ];
}

/** Sets a fresh CSP nonce on res.locals.nonce and the security headers on every answer Express sends. */
export function securityHeaders(options: SecurityOptions) {
  return (req: Request, res: Response, next: NextFunction) => {
    const nonce = randomBytes(16).toString("base64");
    res.locals.nonce = nonce;
    // Only over HTTPS (req.secure honours TRUST_PROXY), or browsers would pin plain-HTTP demos.
    const headers = securityHeadersFor({
      kind: "document",
      path: req.path,
      scripts: nonce,
      secure: req.secure,
      development: options.development,
    });
    for (const [name, value] of headers) res.setHeader(name, value);
    next();
  };
}

/** Every header but the CSP. */
function browserPolicy({ gateway, secure }: { gateway: boolean; secure: boolean }): [string, string][] {
  const headers: [string, string][] = [
    ["X-Content-Type-Options", "nosniff"],
    ["Referrer-Policy", "strict-origin-when-cross-origin"],
    ["X-Frame-Options", "DENY"],
    // A gateway's payment form may open a popup (netbanking, a card's 3-D Secure page) that reports back
    // to its opener: storefront pages keep that link, the admin's stay fully isolated.
    ["Cross-Origin-Opener-Policy", gateway ? "same-origin-allow-popups" : "same-origin"],
    [
      "Permissions-Policy",
      `camera=(), microphone=(), geolocation=(), payment=(${gateway ? `self "${GATEWAY_PAYMENT_FRAME}"` : ""})`,
    ],
  ];
  if (secure) headers.push(["Strict-Transport-Security", "max-age=31536000; includeSubDomains"]);
  return headers;
}

/** Name, value pairs; shared between answers, so never changed by a caller. */
export type SecurityHeaders = ReadonlyArray<readonly [string, string]>;

/** A data answer's headers, made once: the hot routes send them thousands of times a second. */
const dataHeaders = (secure: boolean): SecurityHeaders => [
  ["Content-Security-Policy", "default-src 'none'; frame-ancestors 'none'"],
  ...browserPolicy({ gateway: false, secure }),
];
const DATA_OVER_HTTPS = dataHeaders(true);
const DATA_OVER_HTTP = dataHeaders(false);
