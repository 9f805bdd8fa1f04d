import { SEND_TIMEOUT_MS } from "./channel";

/**
 * Telegram's Bot API: `POST <base>/bot<token>/<method>` with a JSON body,
 * answered `{ ok: true, result }` or `{ ok: false, error_code, description }`.
 * The token is part of the address, so addresses are never logged.
 */

export type TelegramReply =
  { ok: true; result: unknown } | { ok: false; status: number | null; description: string; retryAfter: number | null };

export async function callTelegram(
  apiBase: string,
  token: string,
  method: string,
  body: Record<string, unknown>,
): Promise<TelegramReply> {
  let res: Response;
  try {
    res = await fetch(`${apiBase.replace(/\/+$/, "")}/bot${token}/${method}`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify(body),
      signal: AbortSignal.timeout(SEND_TIMEOUT_MS),
      redirect: "error",
    });
  } catch {
    return { ok: false, status: null, description: "Could not reach Telegram", retryAfter: null };
  }
  const json = (await res.json().catch(() => null)) as {
    ok?: unknown;
    result?: unknown;
    description?: unknown;
    parameters?: { retry_after?: unknown };
  } | null;
  if (res.ok && json?.ok === true) return { ok: true, result: json.result };
  const description = typeof json?.description === "string" ? json.description.slice(0, 200) : `HTTP ${res.status}`;
  const retryAfter = typeof json?.parameters?.retry_after === "number" ? json.parameters.retry_after : null;
  return { ok: false, status: res.status, description, retryAfter };
}

/** A token as BotFather gives it: `123456789:AA…`. */
export const TELEGRAM_TOKEN_PATTERN = /^\d{3,20}:[A-Za-z0-9_-]{20,100}$/;
