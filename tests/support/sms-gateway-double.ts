import { createHmac, randomBytes } from "node:crypto";
import { type IncomingMessage, type Server, type ServerResponse, createServer } from "node:http";
import type { AddressInfo } from "node:net";

/**
 * A local stand-in for the API of "SMS Gateway for Android"
 * (capcom6/android-sms-gateway), as its sources and docs say it answers:
 *
 * - the Local server (`modules/localserver/WebService.kt`): Basic auth
 *   ("auth-basic", realm "Access to SMS Gateway"), a wrong user or password
 *   answered 401 with an empty body and `WWW-Authenticate`; an
 *   IllegalArgumentException as 400 `{ "message": … }` (its StatusPages);
 * - `GET /webhooks` (`routes/WebhooksRoutes.kt`): the Local source's
 *   webhooks, `[{ id, deviceId: null, url, event, source: "Local" }]`;
 * - `POST /webhooks`: `WebHooksService.replace`: the url must be https://, or
 *   http:// to 127.0.0.1 ("url must start with https:// or http://127.0.0.1"),
 *   the event one of `WebHookEvent` ("Unsupported event"), a missing id is a
 *   new 21-character nanoid, an existing id is replaced; 201 with the webhook;
 * - `DELETE /webhooks/{id}` → 204, whether or not it was there;
 * - `PATCH /settings` (`routes/SettingsRoutes.kt`) with
 *   `{ webhooks: { signing_key } }` (`WebhooksSettings.kt`) → 200 the settings;
 * - the Cloud server (swagger.json's server `https://api.sms-gate.app/3rdparty/v1`):
 *   the same webhooks under `/3rdparty/v1`, its errors as ErrorResponse
 *   `{ code, message, data }`, no signing key (it stays on the phone).
 *
 * `receive` plays the phone getting an SMS: each `sms:received` webhook gets
 * the event as `SendWebhookWorker` posts it (`WebHookEventDTO`: id, webhookId,
 * event, deviceId, payload as `SmsEventPayload.SmsReceived`), signed by
 * `PayloadSingingPlugin`: `X-Signature` = hex HMAC-SHA256(signing key, body +
 * `X-Timestamp`), `X-Timestamp` in Unix seconds.
 */

export interface DoubleWebhook {
  id: string;
  deviceId: null;
  url: string;
  event: string;
  source: "Local" | "Cloud";
}

export interface SmsGatewayDouble {
  /** The address the app shows: `http://127.0.0.1:<port>` (Local) or `…/3rdparty/v1` (Cloud). */
  address: string;
  username: string;
  password: string;
  webhooks: DoubleWebhook[];
  /** Every request the double took, method and path. */
  calls: { method: string; path: string }[];
  signingKey(): string;
  /** The phone receives an SMS: each sms:received webhook is sent it, signed. Answers each webhook's status. */
  receive(message: string, phoneNumber: string): Promise<number[]>;
  stop(): Promise<void>;
}

const EVENTS = [
  "sms:received",
  "sms:sent",
  "sms:delivered",
  "sms:failed",
  "system:ping",
  "sms:data-received",
  "mms:received",
  "mms:downloaded",
  "app:started",
  "sms:cancelled",
];
const DEVICE_ID = "PyDmBQZZXYmyxMwED8Fzy";

function nanoid(size = 21): string {
  const alphabet = "_-0123456789abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ";
  return [...randomBytes(size)].map((b) => alphabet[b & 63]).join("");
}

export async function startSmsGatewayDouble({
  mode = "local",
  username = "sms",
  password = "Xw9k2pQm",
  insecure = false,
}: {
  mode?: "local" | "cloud";
  username?: string;
  password?: string;
  /** The app's "Insecure" build variant (README, "Build Variants"): it takes any http:// address too. */
  insecure?: boolean;
} = {}): Promise<SmsGatewayDouble> {
  const webhooks: DoubleWebhook[] = [];
  const calls: { method: string; path: string }[] = [];
  // WebhooksSettings: an 8-character key made on first use until one is set.
  let signingKey = nanoid(8);
  const prefix = mode === "cloud" ? "/3rdparty/v1" : "";

  const json = (res: ServerResponse, status: number, body: unknown) =>
    res.writeHead(status, { "content-type": "application/json; charset=UTF-8" }).end(JSON.stringify(body));
  const refuse = (res: ServerResponse, status: number, message: string) =>
    json(res, status, mode === "cloud" ? { code: 0, message, data: null } : { message });

  const handle = async (req: IncomingMessage, res: ServerResponse) => {
    let raw = "";
    for await (const chunk of req) raw += String(chunk);
    const path = (req.url ?? "").split("?")[0]!;
    calls.push({ method: req.method ?? "", path });
    const expected = `Basic ${Buffer.from(`${username}:${password}`).toString("base64")}`;
    if (req.headers.authorization !== expected) {
      return res.writeHead(401, { "www-authenticate": 'Basic realm="Access to SMS Gateway", charset=UTF-8' }).end();
    }
    if (!path.startsWith(prefix)) return refuse(res, 404, "Not Found");
    const route = path.slice(prefix.length);
    let body: Record<string, unknown> = {};
    if (raw) {
      try {
        body = JSON.parse(raw) as Record<string, unknown>;
      } catch {
        return refuse(res, 400, "Failed to convert request body to class WebHookDTO");
      }
    }
    const source = mode === "cloud" ? "Cloud" : "Local";
    if (route === "/webhooks" && req.method === "GET") return json(res, 200, webhooks);
    if (route === "/webhooks" && req.method === "POST") {
      const url = typeof body.url === "string" ? body.url : "";
      let valid = false;
      try {
        const u = new URL(url);
        valid = u.protocol === "https:" || (u.protocol === "http:" && (insecure || u.hostname === "127.0.0.1"));
      } catch {
        valid = false;
      }
      if (!valid) return refuse(res, 400, "url must start with https:// or http://127.0.0.1");
      if (typeof body.event !== "string" || !EVENTS.includes(body.event)) return refuse(res, 400, "Unsupported event");
      const id = typeof body.id === "string" && body.id ? body.id : nanoid();
      const hook: DoubleWebhook = { id, deviceId: null, url, event: body.event, source };
      const at = webhooks.findIndex((w) => w.id === id);
      if (at >= 0) webhooks[at] = hook;
      else webhooks.push(hook);
      return json(res, 201, hook);
    }
    const del = /^\/webhooks\/([^/]+)$/.exec(route);
    if (del && req.method === "DELETE") {
      const at = webhooks.findIndex((w) => w.id === decodeURIComponent(del[1]!));
      if (at >= 0) webhooks.splice(at, 1);
      return res.writeHead(204).end();
    }
    if (route === "/settings" && req.method === "PATCH") {
      const hooks = body.webhooks as { signing_key?: unknown } | undefined;
      if (mode === "cloud" && hooks?.signing_key !== undefined) {
        return refuse(res, 400, "Invalid request: signing_key must not be used with Cloud Server");
      }
      if (typeof hooks?.signing_key === "string") signingKey = hooks.signing_key;
      return json(res, 200, { webhooks: { internet_required: true, retry_count: 15 } });
    }
    return refuse(res, 404, "Not Found");
  };

  const server: Server = createServer((req, res) => void handle(req, res));
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    address: `http://127.0.0.1:${port}${prefix}`,
    username,
    password,
    webhooks,
    calls,
    signingKey: () => signingKey,
    async receive(message, phoneNumber) {
      const statuses: number[] = [];
      for (const hook of webhooks.filter((w) => w.event === "sms:received")) {
        const messageId = nanoid(10);
        const payload = JSON.stringify({
          id: nanoid(),
          webhookId: hook.id,
          event: "sms:received",
          deviceId: DEVICE_ID,
          payload: {
            messageId,
            message,
            phoneNumber,
            simNumber: 1,
            receivedAt: new Date().toISOString().replace("Z", "+00:00"),
          },
        });
        const timestamp = String(Math.floor(Date.now() / 1000));
        const signature = createHmac("sha256", signingKey)
          .update(payload + timestamp)
          .digest("hex");
        const res = await fetch(hook.url, {
          method: "POST",
          headers: { "content-type": "application/json", "x-timestamp": timestamp, "x-signature": signature },
          body: payload,
        });
        statuses.push(res.status);
      }
      return statuses;
    },
    stop: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
