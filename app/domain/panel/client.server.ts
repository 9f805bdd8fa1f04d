import { Agent as HttpAgent, request as httpRequest } from "node:http";
import { Agent as HttpsAgent, request as httpsRequest } from "node:https";
import { PanelAddressRefused, publicOnlyLookup, refuseLiteralAddress } from "./address.server";
import { type PanelFailure, type PanelFailureKind, type PanelFailureReason, classifyPanelError } from "./failures";
import {
  type PanelBalance,
  type PanelOrderStatus,
  type PerOrder,
  type ServicesReport,
  panelErrorOf,
  parseAdd,
  parseBalance,
  parseCancel,
  parseMultiStatus,
  parseRefill,
  parseRefillStatus,
  type RefillStatus,
  readServicesInTurns,
  parseStatus,
} from "./parse";

/**
 * Client for the API SMM panels share (PerfectPanel/JAP "API v2" and SmartPanel's
 * smm-panel-script "API v1", docs/panels.md): one form-encoded POST to the API
 * URL exactly as the panel shows it, always `key` and `action`. The dialect is
 * read from what the panel answers (parse.ts), never configured. Never throws;
 * never puts the API key in a message. Takes everything about the panel as an
 * argument, so one shop can talk to several panels.
 */

export interface PanelConnection {
  /**
   * The panel's API URL as the operator pasted it ("https://panel.example/api/v2",
   * ".../api/v1", ".../api.php"): used as given, never completed or corrected.
   */
  url: string;
  apiKey: string;
  timeoutMs: number;
  /**
   * Whether the panel may be on this machine or a private network (PANEL_ALLOW_PRIVATE_ADDRESSES,
   * or the demo's own simulator). Otherwise such addresses are refused before anything is sent.
   */
  allowPrivateAddresses?: boolean;
  /** The currency the panel bills in, for replies that do not name one (smm-panel-script's balance does). */
  currency?: string;
}

export type { PanelFailure, PanelFailureKind } from "./failures";

export type PanelResult<T> = { ok: true; value: T } | PanelFailure;

export const MAX_STATUS_BATCH = 100;
const MAX_REPLY_BYTES = 8 * 1024 * 1024;

/**
 * Gateway answers that mean the panel's application never ran the request: the
 * gateway could not reach it (502, Cloudflare 521-523, 525, 526, 530) or the
 * server declined it (503: maintenance or overload). Any other 5xx (500, 504,
 * Cloudflare 520 and 524) may come after the application ran it: an order may be placed.
 */
const NOT_RUN_5XX = new Set([502, 503, 521, 522, 523, 525, 526, 530]);

/** The URL the shop posts to: the pasted one, trimmed, without a #fragment; null unless http(s). */
export function apiEndpoint(apiUrl: string): string | null {
  let url: URL;
  try {
    url = new URL(apiUrl.trim());
  } catch {
    return null;
  }
  if (url.protocol !== "http:" && url.protocol !== "https:") return null;
  url.hash = "";
  return url.toString();
}

/** Replaces the API key wherever it appears, and keeps messages short. */
export function redactKey(text: string, apiKey: string): string {
  let safe = text;
  if (apiKey.length >= 4) safe = safe.split(apiKey).join("••••");
  return safe.length > 300 ? `${safe.slice(0, 297)}...` : safe;
}

function failure(
  kind: PanelFailureKind,
  reason: PanelFailureReason,
  message: string,
  extra: Partial<Pick<PanelFailure, "retryAfterMs" | "orderId" | "location">> = {},
): PanelFailure {
  return { ok: false, kind, reason, message, ...extra };
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
  location: string | null;
  retryAfter: string | null;
}

/** A call that failed, and whether its request had reached the panel (a connection was made) by then. */
class CallError extends Error {
  constructor(
    readonly reason: unknown,
    readonly connected: boolean,
  ) {
    super("panel call failed");
  }
}

// Keep-alive would reuse a socket opened under the other address policy, and
// a panel that closes an idle socket as a call reuses it makes an `add` look lost.
const AGENTS = {
  "http:": { any: new HttpAgent({ keepAlive: false }), public: new HttpAgent({ keepAlive: false }) },
  "https:": { any: new HttpsAgent({ keepAlive: false }), public: new HttpsAgent({ keepAlive: false }) },
} as const;

/**
 * Sends one form POST and reads the reply (capped). Rejects with a CallError that
 * says whether the connection (and so the request) had got through.
 */
function post(endpoint: URL, form: string, allowPrivate: boolean, signal: AbortSignal): Promise<PanelReply> {
  return new Promise((resolve, reject) => {
    let connected = false;
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
        const header = (name: string) => {
          const value = response.headers[name];
          return typeof value === "string" ? value : null;
        };
        const done = (text: string | null) =>
          resolve({
            status: response.statusCode ?? 0,
            text,
            location: header("location"),
            retryAfter: header("retry-after"),
          });
        response.on("data", (chunk: Buffer) => {
          size += chunk.length;
          if (size > MAX_REPLY_BYTES) {
            response.destroy();
            done(null);
            return;
          }
          chunks.push(chunk);
        });
        response.on("end", () => done(Buffer.concat(chunks).toString("utf8")));
        response.on("error", (error) => reject(new CallError(error, true)));
      },
    );
    // Once the socket is connected (TLS included) the request is on its way: the panel may act on it.
    request.on("socket", (socket) => {
      const connectedEvent = protocol === "https:" ? "secureConnect" : "connect";
      if (!socket.connecting && (protocol === "http:" || (socket as { encrypted?: boolean }).encrypted))
        connected = true;
      socket.once(connectedEvent, () => (connected = true));
    });
    request.on("error", (error) => reject(new CallError(error, connected)));
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

/** Actions that change something at the panel: a lost answer to one of these may mean it was done. */
const EFFECTFUL = new Set(["add", "refill", "cancel"]);

/** Retry-After in ms: seconds or an HTTP date; undefined when absent or unreadable. */
function retryAfterMs(value: string | null, now = Date.now()): number | undefined {
  if (!value) return undefined;
  if (/^\d{1,7}$/.test(value.trim())) return Number(value.trim()) * 1000;
  const at = Date.parse(value);
  return Number.isNaN(at) ? undefined : Math.max(0, at - now);
}

/** An order id a reply names even when it is not usable as a whole (truncated, after PHP warnings, beside an error). */
function orderIdIn(text: string): string | undefined {
  return /"order"\s*:\s*"?(\d{1,20})\b/.exec(text)?.[1];
}

/**
 * The JSON of a reply. PHP panels with display_errors on print warnings before
 * it ("<br />\n<b>Warning</b>: … on line 12<br />\n{"order":23501}"): the JSON
 * that ends the reply is read then, since the panel did answer.
 */
function replyJson(text: string): { ok: true; json: unknown } | { ok: false } {
  const body = text.replace(/^\uFEFF/, "").trim();
  try {
    return { ok: true, json: JSON.parse(body) };
  } catch {
    const tail = /(?:<br\s*\/?>|\n)\s*([[{][^\n]*)$/i.exec(body)?.[1];
    if (tail) {
      try {
        return { ok: true, json: JSON.parse(tail) };
      } catch {
        // not JSON either
      }
    }
    return { ok: false };
  }
}

/** What a reply's body was, in the operator's words, when it is not a panel's answer. */
type BodyKind = "page" | "text" | "json" | "deep";
const BODY_WORDS: Record<BodyKind, string> = {
  page: "a web page instead of JSON",
  text: "a reply that is not valid JSON",
  json: "JSON that is not a panel's answer",
  deep: "JSON nested too deeply to be a panel's answer",
};

/**
 * How deep a panel's answer may nest. The deepest real one is three levels (a
 * multi-status reply: the ids, each order's fields, an error beside them); a
 * reply nested thousands deep is not an answer, and reading it with the
 * language's recursive tools (JSON.stringify, a recursive walk) would
 * overflow the stack. JSON.parse itself does not recurse.
 */
const MAX_REPLY_DEPTH = 16;

/** Whether a parsed reply nests deeper than `limit`, found without recursion. */
export function nestsDeeperThan(json: unknown, limit: number): boolean {
  const stack: [unknown, number][] = [[json, 0]];
  while (stack.length > 0) {
    const [value, depth] = stack.pop()!;
    if (value === null || typeof value !== "object") continue;
    if (depth >= limit) return true;
    for (const child of Array.isArray(value) ? value : Object.values(value)) {
      if (child !== null && typeof child === "object") stack.push([child, depth + 1]);
    }
  }
  return false;
}

/** What an HTTP status without a usable panel answer means. */
function pageFailure(
  status: number,
  effectful: boolean,
  body: BodyKind,
  text: string,
  reply: PanelReply,
): PanelFailure {
  const what = BODY_WORDS[body];
  const retryAfter = retryAfterMs(reply.retryAfter);
  if (status === 429) {
    return failure("unavailable", "busy", `The SMM panel asks the shop to slow down (HTTP 429)`, {
      retryAfterMs: retryAfter,
    });
  }
  if (NOT_RUN_5XX.has(status)) {
    return failure("unavailable", "down", `The SMM panel is down: it answered with ${what} (HTTP ${status})`, {
      retryAfterMs: retryAfter,
    });
  }
  if (status === 401 || status === 403) {
    return failure("unavailable", "account", `The SMM panel refused the shop's request with ${what} (HTTP ${status})`);
  }
  if (status >= 400 && status < 500) {
    return failure(
      "unavailable",
      "address",
      `The SMM panel URL does not answer as a panel API: ${what} (HTTP ${status})`,
    );
  }
  if (effectful) {
    const orderId = orderIdIn(text);
    return failure(
      "unknown",
      "unknown",
      `The SMM panel answered with ${what} (HTTP ${status})`,
      orderId ? { orderId } : {},
    );
  }
  return status >= 500
    ? failure("unavailable", "down", `The SMM panel failed: it answered with ${what} (HTTP ${status})`)
    : failure("unavailable", "address", `The SMM panel answered with ${what} (HTTP ${status})`);
}

/** One API call: the JSON reply, or a classified failure (failures.ts). Never throws. */
export async function callPanel(
  connection: PanelConnection,
  action: string,
  params: Record<string, string> = {},
): Promise<PanelResult<unknown>> {
  const answer = await call(connection, action, params);
  return answer.ok ? { ok: true, value: answer.value } : answer;
}

/** A reply the panel gave: its JSON, and its text (bounded by the reply cap), for an order id it names. */
type Answer = { ok: true; value: unknown; text: string } | PanelFailure;

async function call(connection: PanelConnection, action: string, params: Record<string, string>): Promise<Answer> {
  const endpoint = apiEndpoint(connection.url);
  if (!endpoint) return failure("unavailable", "address", "The SMM panel URL is not a valid http(s) address");
  const url = new URL(endpoint);
  const allowPrivate = connection.allowPrivateAddresses === true;
  // A name is checked when it resolves; an address written in the URL is never looked up.
  const literal = allowPrivate ? null : refuseLiteralAddress(url.hostname);
  if (literal) return failure("unavailable", "address", literal.message);
  const effectful = EFFECTFUL.has(action);

  const form = new URLSearchParams({ ...params, key: connection.apiKey, action }).toString();
  const signal = AbortSignal.timeout(connection.timeoutMs);

  let reply: PanelReply;
  try {
    reply = await post(url, form, allowPrivate, signal);
  } catch (error) {
    const { reason, connected } = error instanceof CallError ? error : { reason: error, connected: true };
    const refused = refusal(reason);
    if (refused) return failure("unavailable", "address", refused.message);
    const code = errorCode(reason);
    if (!connected) {
      return signal.aborted
        ? failure(
            "unavailable",
            "down",
            `The SMM panel did not accept a connection within ${seconds(connection.timeoutMs)}`,
          )
        : failure("unavailable", "down", `Could not connect to the SMM panel (${code ?? "connection failed"})`);
    }
    const message = signal.aborted
      ? `The SMM panel did not answer within ${seconds(connection.timeoutMs)}`
      : `The connection to the SMM panel broke before it answered (${code ?? "connection lost"})`;
    return failure(effectful ? "unknown" : "unavailable", effectful ? "unknown" : "down", message);
  }

  // Requests are never redirected: a redirected POST would arrive as a GET without the form.
  if (reply.status >= 300 && reply.status < 400) {
    const location = reply.location ? safeLocation(reply.location, url) : null;
    return failure(
      "unavailable",
      "address",
      `The SMM panel URL redirects (HTTP ${reply.status})${location ? ` to ${location}` : ""}; enter the address it redirects to`,
      location ? { location } : {},
    );
  }
  if (reply.text === null) {
    return failure(
      effectful ? "unknown" : "unavailable",
      effectful ? "unknown" : "down",
      "The SMM panel's reply was too large",
    );
  }

  const parsed = replyJson(reply.text);
  if (!parsed.ok)
    return pageFailure(reply.status, effectful, /^\s*</.test(reply.text) ? "page" : "text", reply.text, reply);
  // No API at this address (whatever the body says): nothing was done.
  if ([404, 405, 410].includes(reply.status)) return pageFailure(reply.status, effectful, "json", reply.text, reply);
  const json = parsed.json;
  if (nestsDeeperThan(json, MAX_REPLY_DEPTH)) return pageFailure(reply.status, effectful, "deep", reply.text, reply);
  const errorText = panelErrorOf(json);
  // Read from the reply's text (capped), never from the JSON written out again.
  const named = effectful && json && typeof json === "object" ? orderIdIn(reply.text) : undefined;

  if (reply.status === 429) {
    return failure(
      "unavailable",
      "busy",
      redactKey(errorText ?? "The SMM panel asks the shop to slow down (HTTP 429)", connection.apiKey),
      {
        retryAfterMs: retryAfterMs(reply.retryAfter),
      },
    );
  }
  if (NOT_RUN_5XX.has(reply.status)) {
    const text = errorText ? `${errorText} (HTTP ${reply.status})` : `The SMM panel is down (HTTP ${reply.status})`;
    return failure("unavailable", "down", redactKey(text, connection.apiKey), {
      retryAfterMs: retryAfterMs(reply.retryAfter),
    });
  }
  if (reply.status >= 500) {
    // It failed after receiving the request, perhaps after creating the order: an error text does not undo that.
    const text = `The SMM panel failed (HTTP ${reply.status}${errorText ? `: ${errorText}` : ""})`;
    return effectful
      ? failure("unknown", "unknown", redactKey(text, connection.apiKey), named ? { orderId: named } : {})
      : failure("unavailable", "down", redactKey(text, connection.apiKey));
  }
  if (errorText) {
    // An error beside an order id: it may have been placed after all.
    if (named && effectful) {
      return failure(
        "unknown",
        "unknown",
        redactKey(`The SMM panel answered both an order and an error: ${errorText}`, connection.apiKey),
        { orderId: named },
      );
    }
    const { kind, reason } = classifyPanelError(errorText);
    return failure(kind, reason, redactKey(errorText, connection.apiKey));
  }
  if (reply.status < 200 || reply.status >= 300) return pageFailure(reply.status, effectful, "json", reply.text, reply);
  return { ok: true, value: json, text: reply.text };
}

/** A Location header as an absolute http(s) URL without its query, for the operator to read; null otherwise. */
function safeLocation(location: string, base: URL): string | null {
  try {
    const url = new URL(location, base);
    if (url.protocol !== "http:" && url.protocol !== "https:") return null;
    url.search = "";
    url.hash = "";
    url.username = "";
    url.password = "";
    return url.toString();
  } catch {
    return null;
  }
}

async function callAndParse<T>(
  connection: PanelConnection,
  action: string,
  params: Record<string, string>,
  parse: (json: unknown) => T | null,
): Promise<PanelResult<T>> {
  const reply = await call(connection, action, params);
  if (!reply.ok) return reply;
  const value = readSafely(parse, reply.value);
  if (value !== null) return { ok: true, value };
  const message = `The SMM panel's reply to '${action}' was not in the expected form`;
  if (!EFFECTFUL.has(action)) return failure("unavailable", "address", message);
  const orderId = orderIdIn(reply.text);
  return failure("unknown", "unknown", message, orderId ? { orderId } : {});
}

/** A reader's value; null (not in the expected form) should a reader ever throw on what a panel sent. */
function readSafely<T>(parse: (json: unknown) => T | null, json: unknown): T | null {
  try {
    return parse(json);
  } catch {
    return null;
  }
}

/** The panel's currency where a reply does not name one. */
function inCurrency<T extends { currency: string | null }>(value: T, connection: PanelConnection): T {
  const fallback = connection.currency?.trim().toUpperCase();
  return value.currency === null && fallback ? { ...value, currency: fallback } : value;
}

/**
 * The services list, with what in it could not be used (parse.ts), at most
 * MAX_KEPT_SERVICES of it, read with other work let in between slices of a long one.
 */
export async function getServices(connection: PanelConnection): Promise<PanelResult<ServicesReport>> {
  const reply = await call(connection, "services", {});
  if (!reply.ok) return reply;
  const value = await readServicesInTurns(reply.value).catch(() => null);
  if (value !== null) return { ok: true, value };
  return failure("unavailable", "address", "The SMM panel's reply to 'services' was not in the expected form");
}

export interface AddOrder {
  service: string;
  /** The link exactly as this panel should get it; the caller forms it (fulfilment/panel-link.ts). */
  link: string;
  /** How many; with `runs` and `interval` (minutes), a drip-feed order and `quantity` is each run's. */
  quantity: number;
  runs?: number;
  interval?: number;
  /**
   * Custom Comments services: the comments, one per line, sent instead of the
   * quantity (the panel counts the lines). Both dialects take `comments` so.
   */
  comments?: readonly string[];
}

/** The form fields an order is sent with (also kept on the order, so the operator sees what was sent). */
export function addOrderParams(order: AddOrder): Record<string, string> {
  const params: Record<string, string> = { service: order.service, link: order.link };
  if (order.comments && order.comments.length > 0) {
    params.comments = order.comments.join("\n");
    return params;
  }
  params.quantity = String(order.quantity);
  if (order.runs && order.interval) {
    params.runs = String(order.runs);
    params.interval = String(order.interval);
  }
  return params;
}

/** Places an order; the value is the panel's order id. Check `kind` before ever repeating a failed add. */
export function addOrder(connection: PanelConnection, order: AddOrder): Promise<PanelResult<string>> {
  return callAndParse(connection, "add", addOrderParams(order), parseAdd);
}

export async function getStatus(
  connection: PanelConnection,
  panelOrderId: string,
): Promise<PanelResult<PanelOrderStatus>> {
  const reply = await callAndParse(connection, "status", { order: panelOrderId }, parseStatus);
  return reply.ok ? { ok: true, value: inCurrency(reply.value, connection) } : reply;
}

/** Status of up to 100 orders in one call; each id maps to its status or its own error. */
export async function getStatuses(
  connection: PanelConnection,
  panelOrderIds: readonly string[],
): Promise<PanelResult<Map<string, PerOrder<PanelOrderStatus>>>> {
  if (panelOrderIds.length === 0) return { ok: true, value: new Map() };
  if (panelOrderIds.length > MAX_STATUS_BATCH) {
    return failure("refused", "other", `At most ${MAX_STATUS_BATCH} orders per status call`);
  }
  const reply = await callAndParse(connection, "status", { orders: panelOrderIds.join(",") }, (json) =>
    parseMultiStatus(json, panelOrderIds),
  );
  if (!reply.ok) return reply;
  const value = new Map<string, PerOrder<PanelOrderStatus>>();
  for (const [id, entry] of reply.value) {
    value.set(id, entry.ok ? { ok: true, value: inCurrency(entry.value, connection) } : entry);
  }
  return { ok: true, value };
}

export async function getBalance(connection: PanelConnection): Promise<PanelResult<PanelBalance>> {
  const reply = await callAndParse(connection, "balance", {}, parseBalance);
  return reply.ok ? { ok: true, value: inCurrency(reply.value, connection) } : reply;
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
    return failure("refused", "other", `Cancel 1 to ${MAX_STATUS_BATCH} orders per call`);
  }
  return callAndParse(connection, "cancel", { orders: panelOrderIds.join(",") }, parseCancel);
}
