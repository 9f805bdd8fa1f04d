/**
 * The own API of "SMS Gateway for Android" (capcom6/android-sms-gateway,
 * Apache-2.0), through which the shop registers its webhook on the phone
 * instead of the operator typing a `curl`. As documented in the app's
 * `app/src/main/assets/api/swagger.json` and README ("Webhooks"), and as its
 * Local server answers (`modules/localserver/WebService.kt`, `routes/*.kt`):
 *
 * - the Local server on the phone, `http://<phone>:8080`, or the Cloud server,
 *   `https://api.sms-gate.app/3rdparty/v1`; Basic auth with the user and
 *   password the app's Home tab shows for that server;
 * - `GET /webhooks` → 200 `[{ id, url, event, source }]`;
 * - `POST /webhooks` `{ id, url, event }` → 201 the webhook; a webhook with the
 *   same id is replaced, so posting one id twice registers it once;
 * - `PATCH /settings` `{ webhooks: { signing_key } }` → 200: the key the app
 *   signs each webhook with (`X-Signature`, `X-Timestamp`); Local server only
 *   ("Must not be used with Cloud Server");
 * - refusals: 401 for a wrong user or password (Ktor's Basic auth, an empty
 *   body), 400 `{ message }` (the Local server's "url must start with https://
 *   or http://127.0.0.1"), 403 and 500 `{ code, message, data }` (ErrorResponse).
 *
 * Every call has a timeout and follows no redirect; a refusal comes back as a
 * value naming what went wrong, never thrown.
 */

export const GATEWAY_TIMEOUT_MS = 10_000;
export const CLOUD_SERVER_URL = "https://api.sms-gate.app/3rdparty/v1";

export interface GatewayAccess {
  /** The server's address as the app shows it: `http://192.168.1.5:8080`, or the Cloud server's. */
  address: string;
  username: string;
  password: string;
}

export interface GatewayWebhook {
  id: string;
  url: string;
  event: string;
}

export type GatewayFailure =
  | { kind: "unreachable"; message: string }
  | { kind: "unauthorized"; message: string }
  | { kind: "refused"; status: number; message: string }
  | { kind: "not-gateway"; status: number; message: string };

export type GatewayReply<T> = { ok: true; value: T } | ({ ok: false } & GatewayFailure);

/** The Cloud server (or a private server on its API): webhooks and settings live there, the signing key on the phone. */
export function isCloudServer(address: string): boolean {
  try {
    return /\/3rdparty\/v1\/?$/.test(new URL(address).pathname);
  } catch {
    return false;
  }
}

async function call(
  access: GatewayAccess,
  method: "GET" | "POST" | "PATCH" | "DELETE",
  path: string,
  body?: unknown,
): Promise<GatewayReply<unknown>> {
  const url = `${access.address.trim().replace(/\/+$/, "")}${path}`;
  let res: Response;
  try {
    res = await fetch(url, {
      method,
      headers: {
        authorization: `Basic ${Buffer.from(`${access.username}:${access.password}`).toString("base64")}`,
        accept: "application/json",
        ...(body === undefined ? {} : { "content-type": "application/json" }),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
      signal: AbortSignal.timeout(GATEWAY_TIMEOUT_MS),
      redirect: "error",
    });
  } catch {
    return { ok: false, kind: "unreachable", message: "No answer from the app at that address" };
  }
  const text = await res.text().catch(() => "");
  let json: unknown = null;
  try {
    json = text ? JSON.parse(text) : null;
  } catch {
    json = undefined;
  }
  if (res.status === 401) return { ok: false, kind: "unauthorized", message: "Wrong username or password" };
  if (!res.ok) {
    const said = (json as { message?: unknown } | null)?.message;
    if (typeof said === "string" && said.trim()) {
      return { ok: false, kind: "refused", status: res.status, message: said.trim().slice(0, 200) };
    }
    return { ok: false, kind: "not-gateway", status: res.status, message: `HTTP ${res.status}` };
  }
  if (json === undefined) {
    return { ok: false, kind: "not-gateway", status: res.status, message: "The answer is not JSON" };
  }
  return { ok: true, value: json };
}

function readWebhook(value: unknown): GatewayWebhook | null {
  const w = value as Partial<Record<keyof GatewayWebhook, unknown>> | null;
  if (!w || typeof w.url !== "string" || typeof w.event !== "string") return null;
  return { id: typeof w.id === "string" ? w.id : "", url: w.url, event: w.event };
}

export async function listWebhooks(access: GatewayAccess): Promise<GatewayReply<GatewayWebhook[]>> {
  const reply = await call(access, "GET", "/webhooks");
  if (!reply.ok) return reply;
  if (!Array.isArray(reply.value)) {
    return { ok: false, kind: "not-gateway", status: 200, message: "The answer is not a list of webhooks" };
  }
  return { ok: true, value: reply.value.map(readWebhook).filter((w): w is GatewayWebhook => w !== null) };
}

export async function registerWebhook(
  access: GatewayAccess,
  webhook: GatewayWebhook,
): Promise<GatewayReply<GatewayWebhook>> {
  const reply = await call(access, "POST", "/webhooks", webhook);
  if (!reply.ok) return reply;
  const saved = readWebhook(reply.value);
  if (!saved) return { ok: false, kind: "not-gateway", status: 201, message: "The answer is not a webhook" };
  return { ok: true, value: saved };
}

/** The key the app signs webhooks with (Local server only). */
export async function setSigningKey(access: GatewayAccess, key: string): Promise<GatewayReply<null>> {
  const reply = await call(access, "PATCH", "/settings", { webhooks: { signing_key: key } });
  return reply.ok ? { ok: true, value: null } : reply;
}

/** Removes a webhook; one already gone is no failure (the app answers 204 either way). */
export async function deleteWebhook(access: GatewayAccess, id: string): Promise<GatewayReply<null>> {
  const reply = await call(access, "DELETE", `/webhooks/${encodeURIComponent(id)}`);
  return reply.ok ? { ok: true, value: null } : reply;
}
