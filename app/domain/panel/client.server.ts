import { Agent as HttpAgent, request as httpRequest } from "node:http";
import { Agent as HttpsAgent, request as httpsRequest } from "node:https";
import { PanelAddressRefused, publicOnlyLookup, refuseLiteralAddress } from "./address.server";
import {
  type PanelBalance,
  type PanelOrderStatus,
  type PanelService,
  type PerOrder,
  panelErrorOf,
  parseAdd,
  parseBalance,
  parseCancel,
  parseMultiStatus,
  parseRefill,
  parseRefillStatus,
  type RefillStatus,
  parseServices,
  parseStatus,
} from "./parse";

/**
 * Client for the "API v2" that Perfect Panel-style SMM panels share:
 * `POST {baseUrl}/api/v2`, form-encoded, always `key` and `action`.
 * Never throws; never puts the API key in a message.
 */

export interface PanelConnection {
  /** Panel base URL ("https://panel.example") or its full API address (".../api/v2"). */
  url: string;
  apiKey: string;
  timeoutMs: number;
  /**
   * Whether the panel may be on this machine or a private network (PANEL_ALLOW_PRIVATE_ADDRESSES,
   * or the demo's own simulator). Otherwise such addresses are refused before anything is sent.
   */
  allowPrivateAddresses?: boolean;
}

/**
 * Why a call failed, which decides whether an `add` may be repeated:
 * - rejected: the panel answered with an error, so nothing was done;
 * - unreachable: the request never reached the panel, so nothing was done;
 * - unknown: the request was sent but no usable answer came back, so it may have been done.
 */
export type PanelFailureKind = "rejected" | "unreachable" | "unknown";

export type PanelResult<T> = { ok: true; value: T } | { ok: false; kind: PanelFailureKind; message: string };

export const MAX_STATUS_BATCH = 100;
const MAX_REPLY_BYTES = 8 * 1024 * 1024;

/** Connection failures that happen before any byte of the request is sent. */
const NOT_SENT_CODES = new Set([
  "ECONNREFUSED",
  "ENOTFOUND",
  "EAI_AGAIN",
  "EHOSTUNREACH",
  "ENETUNREACH",
  "EADDRNOTAVAIL",
  "ERR_TLS_CERT_ALTNAME_INVALID",
  "CERT_HAS_EXPIRED",
  "DEPTH_ZERO_SELF_SIGNED_CERT",
  "SELF_SIGNED_CERT_IN_CHAIN",
  "UNABLE_TO_VERIFY_LEAF_SIGNATURE",
]);

/** "https://panel.example/" → "https://panel.example/api/v2"; null unless http(s). */
export function apiEndpoint(baseUrl: string): string | null {
  let url: URL;
  try {
    url = new URL(baseUrl.trim());
  } catch {
    return null;
  }
  if (url.protocol !== "http:" && url.protocol !== "https:") return null;
  url.search = "";
  url.hash = "";
  const path = url.pathname.replace(/\/+$/, "");
  url.pathname = /\/api\/v2$/i.test(path) ? path : `${path}/api/v2`;
  return url.toString();
}

/** Replaces the API key wherever it appears, and keeps messages short. */
export function redactKey(text: string, apiKey: string): string {
  let safe = text;
  if (apiKey.length >= 4) safe = safe.split(apiKey).join("••••");
  return safe.length > 300 ? `${safe.slice(0, 297)}...` : safe;
}

function failure(kind: PanelFailureKind, message: string): { ok: false; kind: PanelFailureKind; message: string } {
  return { ok: false, kind, message };
}

function errorCode(error: unknown): string | undefined {
  let current: unknown = error;
  for (let depth = 0; depth < 4 && current && typeof current === "object"; depth++) {
    const code = (current as { code?: unknown }).code;
    if (typeof code === "string") return code;
    current = (current as { cause?: unknown }).cause;
  }
  return undefined;
}

function seconds(ms: number): string {
  return ms % 1000 === 0 ? `${ms / 1000} s` : `${(ms / 1000).toFixed(1)} s`;
}

interface PanelReply {
  status: number;
  /** The body as text, or null when it was larger than the cap. */
  text: string | null;
}

// Keep-alive would reuse a socket opened under the other address policy, and
// a panel that closes an idle socket as a call reuses it makes an `add` look lost.
const AGENTS = {
  "http:": { any: new HttpAgent({ keepAlive: false }), public: new HttpAgent({ keepAlive: false }) },
  "https:": { any: new HttpsAgent({ keepAlive: false }), public: new HttpsAgent({ keepAlive: false }) },
} as const;

/** Sends one form POST and reads the reply (capped). Rejects with the socket's error, the abort or a refusal. */
function post(endpoint: URL, form: string, allowPrivate: boolean, signal: AbortSignal): Promise<PanelReply> {
  return new Promise((resolve, reject) => {
    const protocol = endpoint.protocol as "http:" | "https:";
    const send = protocol === "https:" ? httpsRequest : httpRequest;
    const request = send(
      endpoint,
      {
        method: "POST",
        headers: {
          accept: "application/json",
          "content-type": "application/x-www-form-urlencoded;charset=UTF-8",
          "content-length": Buffer.byteLength(form),
        },
        agent: AGENTS[protocol][allowPrivate ? "any" : "public"],
        // Every address the name resolves to is checked, and the socket connects only to those.
        lookup: allowPrivate ? undefined : publicOnlyLookup,
        signal,
      },
      (response) => {
        const chunks: Buffer[] = [];
        let size = 0;
        response.on("data", (chunk: Buffer) => {
          size += chunk.length;
          if (size > MAX_REPLY_BYTES) {
            response.destroy();
            resolve({ status: response.statusCode ?? 0, text: null });
            return;
          }
          chunks.push(chunk);
        });
        response.on("end", () =>
          resolve({ status: response.statusCode ?? 0, text: Buffer.concat(chunks).toString("utf8") }),
        );
        response.on("error", reject);
      },
    );
    request.on("error", reject);
    request.end(form);
  });
}

/** Whether the error says the request was never sent (refused before connecting). */
function refusal(error: unknown): PanelAddressRefused | null {
  let current: unknown = error;
  for (let depth = 0; depth < 4 && current && typeof current === "object"; depth++) {
    if (current instanceof PanelAddressRefused) return current;
    current = (current as { cause?: unknown }).cause;
  }
  return null;
}

/** One API call: the JSON reply, or a classified failure. */
export async function callPanel(
  connection: PanelConnection,
  action: string,
  params: Record<string, string> = {},
): Promise<PanelResult<unknown>> {
  const endpoint = apiEndpoint(connection.url);
  if (!endpoint) return failure("unreachable", "The SMM panel URL is not a valid http(s) address");
  const url = new URL(endpoint);
  const allowPrivate = connection.allowPrivateAddresses === true;
  // A name is checked when it resolves; an address written in the URL is never looked up.
  const literal = allowPrivate ? null : refuseLiteralAddress(url.hostname);
  if (literal) return failure("unreachable", literal.message);

  const form = new URLSearchParams({ ...params, key: connection.apiKey, action }).toString();
  const timeout = `The SMM panel did not answer within ${seconds(connection.timeoutMs)}`;
  const signal = AbortSignal.timeout(connection.timeoutMs);

  let reply: PanelReply;
  try {
    reply = await post(url, form, allowPrivate, signal);
  } catch (error) {
    if (signal.aborted) return failure("unknown", timeout);
    const refused = refusal(error);
    if (refused) return failure("unreachable", refused.message);
    const code = errorCode(error);
    if (code && NOT_SENT_CODES.has(code)) {
      return failure("unreachable", `Could not connect to the SMM panel (${code})`);
    }
    return failure(
      "unknown",
      `The connection to the SMM panel broke before it answered (${code ?? "connection lost"})`,
    );
  }

  // Requests are never redirected: a redirected POST would arrive as a GET without the form.
  if (reply.status >= 300 && reply.status < 400) {
    return failure("rejected", `The SMM panel URL redirects (HTTP ${reply.status}); enter the address it redirects to`);
  }
  if (reply.text === null) return failure("unknown", "The SMM panel's reply was too large");

  let json: unknown;
  try {
    json = JSON.parse(reply.text);
  } catch {
    const page = /^\s*</.test(reply.text);
    return failure(
      "unknown",
      page
        ? `The SMM panel answered with a web page instead of JSON (HTTP ${reply.status})`
        : `The SMM panel's reply is not valid JSON (HTTP ${reply.status})`,
    );
  }
  const error = panelErrorOf(json);
  if (error) return failure("rejected", redactKey(error, connection.apiKey));
  if (reply.status < 200 || reply.status >= 300)
    return failure("unknown", `The SMM panel answered HTTP ${reply.status}`);
  return { ok: true, value: json };
}

async function callAndParse<T>(
  connection: PanelConnection,
  action: string,
  params: Record<string, string>,
  parse: (json: unknown) => T | null,
): Promise<PanelResult<T>> {
  const reply = await callPanel(connection, action, params);
  if (!reply.ok) return reply;
  const value = parse(reply.value);
  return value === null
    ? failure("unknown", `The SMM panel's reply to '${action}' was not in the expected form`)
    : { ok: true, value };
}

export function getServices(connection: PanelConnection): Promise<PanelResult<PanelService[]>> {
  return callAndParse(connection, "services", {}, parseServices);
}

export type AddOrder =
  /** With `runs` and `interval` (minutes), a drip-feed order: `quantity` is then what each run delivers. */
  | { service: string; link: string; quantity: number; runs?: number; interval?: number }
  /** Custom Comments services take one comment per line instead of a quantity. */
  | { service: string; link: string; comments: string[] };

/** Places an order; the value is the panel's order id. Check `kind` before ever repeating a failed add. */
export function addOrder(connection: PanelConnection, order: AddOrder): Promise<PanelResult<string>> {
  const params: Record<string, string> = { service: order.service, link: order.link };
  if ("comments" in order) params.comments = order.comments.join("\n");
  else {
    params.quantity = String(order.quantity);
    if (order.runs && order.interval) {
      params.runs = String(order.runs);
      params.interval = String(order.interval);
    }
  }
  return callAndParse(connection, "add", params, parseAdd);
}

export function getStatus(connection: PanelConnection, panelOrderId: string): Promise<PanelResult<PanelOrderStatus>> {
  return callAndParse(connection, "status", { order: panelOrderId }, parseStatus);
}

/** Status of up to 100 orders in one call; each id maps to its status or its own error. */
export async function getStatuses(
  connection: PanelConnection,
  panelOrderIds: readonly string[],
): Promise<PanelResult<Map<string, PerOrder<PanelOrderStatus>>>> {
  if (panelOrderIds.length === 0) return { ok: true, value: new Map() };
  if (panelOrderIds.length > MAX_STATUS_BATCH) {
    return failure("rejected", `At most ${MAX_STATUS_BATCH} orders per status call`);
  }
  return callAndParse(connection, "status", { orders: panelOrderIds.join(",") }, (json) =>
    parseMultiStatus(json, panelOrderIds),
  );
}

export function getBalance(connection: PanelConnection): Promise<PanelResult<PanelBalance>> {
  return callAndParse(connection, "balance", {}, parseBalance);
}

/** Asks for a refill; the value is the panel's refill id. */
export function requestRefill(connection: PanelConnection, panelOrderId: string): Promise<PanelResult<string>> {
  return callAndParse(connection, "refill", { order: panelOrderId }, parseRefill);
}

export function getRefillStatus(connection: PanelConnection, refillId: string): Promise<PanelResult<RefillStatus>> {
  return callAndParse(connection, "refill_status", { refill: refillId }, parseRefillStatus);
}

export async function cancelOrders(
  connection: PanelConnection,
  panelOrderIds: readonly string[],
): Promise<PanelResult<Map<string, PerOrder<true>>>> {
  if (panelOrderIds.length === 0 || panelOrderIds.length > MAX_STATUS_BATCH) {
    return failure("rejected", `Cancel 1 to ${MAX_STATUS_BATCH} orders per call`);
  }
  return callAndParse(connection, "cancel", { orders: panelOrderIds.join(",") }, parseCancel);
}
