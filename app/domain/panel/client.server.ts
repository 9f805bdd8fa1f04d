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
  "UND_ERR_CONNECT_TIMEOUT",
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

async function readCapped(response: Response): Promise<string | null> {
  if (!response.body) return "";
  const reader = response.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > MAX_REPLY_BYTES) {
      await reader.cancel();
      return null;
    }
    chunks.push(value);
  }
  return Buffer.concat(chunks).toString("utf8");
}

/** One API call: the JSON reply, or a classified failure. */
export async function callPanel(
  connection: PanelConnection,
  action: string,
  params: Record<string, string> = {},
): Promise<PanelResult<unknown>> {
  const endpoint = apiEndpoint(connection.url);
  if (!endpoint) return failure("unreachable", "The SMM panel URL is not a valid http(s) address");
  const body = new URLSearchParams({ ...params, key: connection.apiKey, action });
  const timeout = `The SMM panel did not answer within ${seconds(connection.timeoutMs)}`;
  const signal = AbortSignal.timeout(connection.timeoutMs);

  let response: Response;
  try {
    response = await fetch(endpoint, {
      method: "POST",
      body,
      headers: { accept: "application/json" },
      // A redirected POST would arrive as a GET without the form: say so instead.
      redirect: "manual",
      signal,
    });
  } catch (error) {
    if (signal.aborted) return failure("unknown", timeout);
    const code = errorCode(error);
    if (code && NOT_SENT_CODES.has(code)) {
      return failure("unreachable", `Could not connect to the SMM panel (${code})`);
    }
    return failure(
      "unknown",
      `The connection to the SMM panel broke before it answered (${code ?? "connection lost"})`,
    );
  }

  if (response.status >= 300 && response.status < 400) {
    await response.body?.cancel();
    return failure(
      "rejected",
      `The SMM panel URL redirects (HTTP ${response.status}); enter the address it redirects to`,
    );
  }

  let text: string | null;
  try {
    text = await readCapped(response);
  } catch (error) {
    if (signal.aborted) return failure("unknown", timeout);
    return failure(
      "unknown",
      `The connection to the SMM panel broke while it answered (${errorCode(error) ?? "connection lost"})`,
    );
  }
  if (text === null) return failure("unknown", "The SMM panel's reply was too large");

  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    const page = /^\s*</.test(text);
    return failure(
      "unknown",
      page
        ? `The SMM panel answered with a web page instead of JSON (HTTP ${response.status})`
        : `The SMM panel's reply is not valid JSON (HTTP ${response.status})`,
    );
  }
  const error = panelErrorOf(json);
  if (error) return failure("rejected", redactKey(error, connection.apiKey));
  if (!response.ok) return failure("unknown", `The SMM panel answered HTTP ${response.status}`);
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
  | { service: string; link: string; quantity: number }
  /** Custom Comments services take one comment per line instead of a quantity. */
  | { service: string; link: string; comments: string[] };

/** Places an order; the value is the panel's order id. Check `kind` before ever repeating a failed add. */
export function addOrder(connection: PanelConnection, order: AddOrder): Promise<PanelResult<string>> {
  const params: Record<string, string> = { service: order.service, link: order.link };
  if ("comments" in order) params.comments = order.comments.join("\n");
  else params.quantity = String(order.quantity);
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

export async function cancelOrders(
  connection: PanelConnection,
  panelOrderIds: readonly string[],
): Promise<PanelResult<Map<string, PerOrder<true>>>> {
  if (panelOrderIds.length === 0 || panelOrderIds.length > MAX_STATUS_BATCH) {
    return failure("rejected", `Cancel 1 to ${MAX_STATUS_BATCH} orders per call`);
  }
  return callAndParse(connection, "cancel", { orders: panelOrderIds.join(",") }, parseCancel);
}
