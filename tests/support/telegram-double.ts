import { type IncomingMessage, type Server, type ServerResponse, createServer } from "node:http";
import type { AddressInfo } from "node:net";

/**
 * A local stand-in for Telegram's Bot API (https://core.telegram.org/bots/api):
 * `POST /bot<token>/<method>` with a JSON body, answered `{ ok: true, result }`
 * or `{ ok: false, error_code, description }`, as Telegram documents. It
 * records every call, refuses any token but its own with 401 as Telegram
 * does, and can be told to fail (502) for a while.
 */

export interface TelegramCall {
  method: string;
  token: string;
  body: Record<string, unknown>;
  /** When it arrived (ms), to check the shop's backoff between retries. */
  at: number;
}

export interface TelegramDouble {
  url: string;
  token: string;
  calls: TelegramCall[];
  /** Answer the next `count` sendMessage calls with 502 Bad Gateway. */
  failNext(count: number): void;
  callsOf(method: string): TelegramCall[];
  /** The secret the shop gave setWebhook most recently. */
  webhookSecret(): string | null;
  stop(): Promise<void>;
}

export const DOUBLE_TOKEN = "123456789:AAHdqTcvCH1vGWJxfSeofSAs0K5PALDsaw";

export async function startTelegramDouble(token = DOUBLE_TOKEN): Promise<TelegramDouble> {
  const calls: TelegramCall[] = [];
  let failing = 0;
  let messageId = 0;

  const reply = (res: ServerResponse, status: number, body: unknown) => {
    res.writeHead(status, { "content-type": "application/json" }).end(JSON.stringify(body));
  };

  const handle = async (req: IncomingMessage, res: ServerResponse) => {
    let raw = "";
    for await (const chunk of req) raw += String(chunk);
    const match = /^\/bot([^/]+)\/(\w+)$/.exec(req.url ?? "");
    if (!match || req.method !== "POST")
      return reply(res, 404, { ok: false, error_code: 404, description: "Not Found" });
    const [, given, method] = match as unknown as [string, string, string];
    let body: Record<string, unknown> = {};
    try {
      body = raw ? (JSON.parse(raw) as Record<string, unknown>) : {};
    } catch {
      return reply(res, 400, { ok: false, error_code: 400, description: "Bad Request: can't parse JSON" });
    }
    calls.push({ method, token: given, body, at: Date.now() });
    if (given !== token) return reply(res, 401, { ok: false, error_code: 401, description: "Unauthorized" });
    switch (method) {
      case "sendMessage":
        if (failing > 0) {
          failing--;
          return reply(res, 502, { ok: false, error_code: 502, description: "Bad Gateway" });
        }
        return reply(res, 200, {
          ok: true,
          result: { message_id: ++messageId, chat: { id: Number(body.chat_id) }, date: 0, text: body.text },
        });
      case "setWebhook":
      case "answerCallbackQuery":
        return reply(res, 200, { ok: true, result: true });
      default:
        return reply(res, 404, { ok: false, error_code: 404, description: "Not Found: method not found" });
    }
  };

  const server: Server = createServer((req, res) => void handle(req, res));
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    token,
    calls,
    failNext(count) {
      failing = count;
    },
    callsOf: (method) => calls.filter((c) => c.method === method && c.token === token),
    webhookSecret() {
      const last = calls.filter((c) => c.method === "setWebhook").at(-1);
      return typeof last?.body.secret_token === "string" ? last.body.secret_token : null;
    },
    stop: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** A press of the alert's "Confirm payment" button, as Telegram posts it to the shop's webhook. */
export function pressConfirm(
  shopUrl: string,
  {
    orderId,
    chatId,
    secret,
    fromId = 111,
    callbackId = String(Math.floor(Math.random() * 1e12)),
  }: { orderId: string; chatId: string; secret: string | null; fromId?: number; callbackId?: string },
): Promise<Response> {
  const update = {
    update_id: Math.floor(Math.random() * 1e9),
    callback_query: {
      id: callbackId,
      from: { id: fromId, is_bot: false, first_name: "Ravi", username: "ravi_ops" },
      message: { message_id: 1, date: 0, chat: { id: Number(chatId), type: "private" } },
      chat_instance: "1",
      data: `confirm:${orderId}`,
    },
  };
  return fetch(`${shopUrl}/api/alerts/telegram`, {
    method: "POST",
    headers: { "content-type": "application/json", ...(secret ? { "x-telegram-bot-api-secret-token": secret } : {}) },
    body: JSON.stringify(update),
  });
}
