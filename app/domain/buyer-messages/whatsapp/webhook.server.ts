import { createHash, createHmac, timingSafeEqual } from "node:crypto";
import { z } from "zod";
import type { AppServices } from "~/context";
import type { DB } from "~/db/database.server";
import { insertOutboxRows } from "~/domain/operator-alerts/outbox.server";
import type { AlertOutboxRow } from "~/domain/operator-alerts/table";
import { createRateLimiter } from "~/lib/server/rate-limit";
import { AppError } from "~/lib/app-error";
import { parseJsonText } from "~/lib/server/parse.server";
import { type BuyerFacts, type ChatCommandFacts, WHATSAPP_COMMAND_CHANNEL } from "../events";
import { buyerMessageConfig } from "../settings.server";
import { outboxRowOf } from "./graph.server";

/**
 * The shop's WhatsApp webhook, `GET`/`POST /api/whatsapp/webhook` (docs/
 * buyer-messages.md, docs/security.md): a door anyone on the internet can
 * knock on, so it believes nothing it has not checked.
 *
 * - GET is Meta's verification: `hub.mode=subscribe`, `hub.verify_token`
 *   equal to the shop's (constant time), and `hub.challenge` echoed back.
 * - POST carries `X-Hub-Signature-256: sha256=<hex>`, the HMAC-SHA256 of the
 *   raw body with the Meta app's App Secret, checked before a byte of the body
 *   is parsed. Meta signs the body as it sends it, with non-ASCII characters
 *   escaped as `\uXXXX` in lower-case hex (whatsapp-api-js issue #290,
 *   Messenger Platform "Validate payloads"): the raw bytes are what is signed.
 *   A body re-encoded on the way (a proxy that unescaped it) is also checked
 *   in the escaped form.
 * - Each incoming message is queued once (the outbox's unique key is its
 *   `wamid`: Meta's retries and replays queue nothing more), and answered by
 *   the outbox job (commands.server.ts); a message older than Meta's 7 days of
 *   retries is a replay and is dropped. Each number gets a few messages a
 *   minute read; more are dropped. Status callbacks (sent, delivered, read,
 *   failed) are recorded on the message they name.
 *
 * Payload shapes: Meta's webhook reference (messages, status messages), and
 * whatsapp-api-js's fixtures (test/payloads/v25/*.json) and types
 * (src/types.ts `PostData`, `ServerMessage`, `ServerStatusPayload`).
 */

type Services = Pick<AppServices, "db" | "config" | "logger">;

/** Meta's deliveries are a few KB; a body over this is refused before it is read (413). */
export const MAX_WEBHOOK_BODY_BYTES = 64 * 1024;

/** Meta retries an undelivered webhook for up to 7 days; an older message can only be a replay. */
const OLDEST_MESSAGE_MS = 7 * 24 * 3600_000;

/** Messages one number gets read per minute (per instance); more are dropped, unanswered. */
export const MESSAGES_PER_NUMBER_PER_MINUTE = 10;
const perNumber = createRateLimiter(MESSAGES_PER_NUMBER_PER_MINUTE);

/** Equal secrets, compared in constant time (over their hashes, so lengths do not leak either). */
function sameSecret(given: string | null, secret: string): boolean {
  if (!secret || !given) return false;
  const digest = (text: string) => createHash("sha256").update(text).digest();
  return timingSafeEqual(digest(given), digest(secret));
}

/** GET: Meta checks the callback URL; the challenge comes back only for the shop's own verify token. */
export async function verifySubscription(
  services: Services,
  query: URLSearchParams,
): Promise<{ ok: true; challenge: string } | { ok: false }> {
  const config = await buyerMessageConfig(services.db, services.config);
  const challenge = query.get("hub.challenge") ?? "";
  if (
    query.get("hub.mode") !== "subscribe" ||
    !sameSecret(query.get("hub.verify_token"), config.whatsapp.verifyToken) ||
    !/^[\x21-\x7e]{1,200}$/.test(challenge)
  ) {
    return { ok: false };
  }
  return { ok: true, challenge };
}

/** Meta's escaping: every character outside ASCII as \uXXXX, lower-case hex (UTF-16 code units). */
export function escapeNonAscii(text: string): string {
  return text.replace(/[^\0-~]/g, (ch) => `\\u${ch.charCodeAt(0).toString(16).padStart(4, "0")}`);
}

/** `sha256=<hex>` of the raw body with the App Secret (or of its escaped form, when it holds non-ASCII). */
export function signatureMatches(rawBody: Buffer, header: string | null, appSecret: string): boolean {
  if (!appSecret || !header) return false;
  const match = /^sha256=([0-9a-fA-F]{64})$/.exec(header.trim());
  if (!match) return false;
  const given = Buffer.from(match[1]!.toLowerCase(), "hex");
  const hmac = (bytes: Buffer | string) => createHmac("sha256", appSecret).update(bytes).digest();
  if (timingSafeEqual(hmac(rawBody), given)) return true;
  const text = rawBody.toString("utf8");
  return /[^\0-~]/.test(text) && timingSafeEqual(hmac(escapeNonAscii(text)), given);
}

const error = z.object({
  code: z.number().optional(),
  title: z.string().optional(),
  message: z.string().optional(),
  error_data: z.object({ details: z.string().optional() }).optional(),
});

const incoming = z.object({
  /** Omitted for a user who turned on WhatsApp usernames (only a BSUID then): such a sender owns no order here. */
  from: z.string().optional(),
  id: z.string().min(1).max(300),
  timestamp: z.string().regex(/^\d{1,12}$/),
  type: z.string().max(40),
  group_id: z.string().optional(),
  text: z.object({ body: z.string() }).optional(),
  button: z.object({ text: z.string(), payload: z.string().optional() }).optional(),
  interactive: z
    .object({
      button_reply: z.object({ title: z.string() }).optional(),
      list_reply: z.object({ title: z.string() }).optional(),
    })
    .optional(),
});

const status = z.object({
  id: z.string().min(1).max(300),
  status: z.string().max(40),
  timestamp: z.string().regex(/^\d{1,12}$/),
  errors: z.array(error).optional(),
  biz_opaque_callback_data: z.string().max(512).optional(),
});

const payloadSchema = z.object({
  object: z.string(),
  entry: z
    .array(
      z.object({
        changes: z
          .array(
            z.object({
              field: z.string(),
              value: z.object({
                metadata: z.object({ phone_number_id: z.string() }).optional(),
                messages: z.array(z.unknown()).max(1000).optional(),
                statuses: z.array(z.unknown()).max(1000).optional(),
              }),
            }),
          )
          .max(100),
      }),
    )
    .max(100),
});

export interface WebhookOutcome {
  success: true;
  /** Messages queued to be answered (a duplicate or a replay is not). */
  messages: number;
  /** Status callbacks that named one of the shop's messages. */
  statuses: number;
  ignored: number;
}

export async function receiveWhatsAppWebhook(
  services: Services,
  request: { rawBody: Buffer; signature: string | null },
  now = Date.now(),
): Promise<WebhookOutcome> {
  const config = await buyerMessageConfig(services.db, services.config);
  if (!config.whatsapp.appSecret) {
    throw new AppError("UNAVAILABLE", "WhatsApp is not set up: save the App Secret in Settings → Buyer messages");
  }
  // Nothing in the body is read before its signature is checked.
  if (!signatureMatches(request.rawBody, request.signature, config.whatsapp.appSecret)) {
    services.logger.warn("whatsapp webhook refused: missing or wrong X-Hub-Signature-256");
    throw new AppError("UNAUTHORIZED", "The signature (X-Hub-Signature-256) does not match this body");
  }
  const payload = parseJsonText(request.rawBody.toString("utf8"), payloadSchema);
  const outcome: WebhookOutcome = { success: true, messages: 0, statuses: 0, ignored: 0 };
  if (payload.object !== "whatsapp_business_account") return outcome;

  for (const entry of payload.entry) {
    for (const change of entry.changes) {
      // Another number of the same Meta app, or another field (calls, templates' status): not the shop's chat.
      if (change.field !== "messages" || change.value.metadata?.phone_number_id !== config.whatsapp.phoneNumberId) {
        outcome.ignored++;
        continue;
      }
      for (const raw of change.value.statuses ?? []) {
        const read = status.safeParse(raw);
        if (read.success && (await recordStatus(services.db, read.data, now))) outcome.statuses++;
        else outcome.ignored++;
      }
      for (const raw of change.value.messages ?? []) {
        const read = incoming.safeParse(raw);
        if (read.success && (await queueIncoming(services, read.data, now))) outcome.messages++;
        else outcome.ignored++;
      }
    }
  }
  return outcome;
}

async function queueIncoming(services: Services, message: z.output<typeof incoming>, now: number): Promise<boolean> {
  const sentAt = Number(message.timestamp) * 1000;
  if (!message.from || message.group_id || now - sentAt > OLDEST_MESSAGE_MS) return false;
  const from = message.from.replace(/\D/g, "").slice(0, 20);
  if (!from) return false;
  if (!perNumber.take(`wa:${from}`)) {
    services.logger.warn({ messageId: message.id }, "whatsapp: too many messages from one number; not answered");
    return false;
  }
  const text =
    message.text?.body ??
    message.button?.text ??
    message.interactive?.button_reply?.title ??
    message.interactive?.list_reply?.title ??
    "";
  const facts: ChatCommandFacts = {
    messageId: message.id,
    from,
    text: text.slice(0, 1000),
    type: message.type,
    receivedAt: Math.min(sentAt, now),
  };
  const queued = await insertOutboxRows(
    services.db,
    [
      {
        eventKey: `wa-in:${message.id}`,
        channel: WHATSAPP_COMMAND_CHANNEL,
        event: "chat_command",
        orderId: null,
        facts: JSON.stringify(facts),
      },
    ],
    now,
  );
  return queued > 0;
}

/** How far a message got: a later report never moves it back ("read" may come without "delivered"). */
const RANK: Record<string, number> = { sent: 1, failed: 1.5, delivered: 2, read: 3, played: 3 };

/**
 * A status callback: recorded on the shop's message it names (by its wamid),
 * when it says more than what is recorded. A text refused after it was sent
 * because the 24-hour window had closed (131047) goes again as the event's
 * template to a buyer who opted in (a row of its own, once).
 */
async function recordStatus(db: DB, callback: z.output<typeof status>, now: number): Promise<boolean> {
  const rank = RANK[callback.status];
  if (rank === undefined) return false;
  const row =
    (await db.selectFrom("alert_outbox").selectAll().where("provider_id", "=", callback.id).executeTakeFirst()) ??
    (await sentWithoutAnswer(db, callback, now));
  if (!row) return false;
  if (row.delivery && (RANK[row.delivery] ?? 0) >= rank) return true;
  const failure = callback.status === "failed" ? callback.errors?.[0] : undefined;
  const failureText = failure
    ? `WhatsApp (${failure.code ?? "?"}): ${failure.title ?? failure.message ?? "failed"}${failure.error_data?.details ? `: ${failure.error_data.details}` : ""}`
    : null;
  await db
    .updateTable("alert_outbox")
    .set({
      delivery: callback.status,
      delivery_at: Math.min(Number(callback.timestamp) * 1000, now),
      ...(failureText ? { last_error: failureText.slice(0, 500) } : {}),
    })
    .where("id", "=", row.id)
    .execute();
  if (failure?.code === 131047 && row.event !== "chat_reply") await templateFallback(db, row, now);
  return true;
}

/**
 * A message Meta took whose answer the shop never read (the request timed out or its connection dropped after
 * Meta had it, or the worker died mid-send): its status callback names the outbox row it was sent for
 * (`biz_opaque_callback_data`), and the row is marked sent with Meta's message id, so no worker sends it
 * again. A row already holding a message id keeps it (the worker's answer came first).
 */
async function sentWithoutAnswer(
  db: DB,
  callback: z.output<typeof status>,
  now: number,
): Promise<AlertOutboxRow | undefined> {
  const id = outboxRowOf(callback.biz_opaque_callback_data);
  if (id === null) return undefined;
  const sentAt = Math.min(Number(callback.timestamp) * 1000, now);
  await db
    .updateTable("alert_outbox")
    .set({ status: "sent", provider_id: callback.id, sent_at: sentAt, claimed_at: null, last_error: null })
    .where("id", "=", id)
    .where("channel", "=", "buyer_whatsapp")
    .where("provider_id", "is", null)
    .execute();
  return db
    .selectFrom("alert_outbox")
    .selectAll()
    .where("id", "=", id)
    .where("provider_id", "=", callback.id)
    .executeTakeFirst();
}

async function templateFallback(
  db: DB,
  row: { event_key: string; order_id: string | null; facts: string; event: string },
  now: number,
): Promise<void> {
  const facts = JSON.parse(row.facts) as BuyerFacts;
  if (facts.templateOnly || !row.order_id) return;
  const order = await db
    .selectFrom("orders")
    .select("whatsapp_opt_in_at")
    .where("order_id", "=", row.order_id)
    .executeTakeFirst();
  if (!order || order.whatsapp_opt_in_at === null) return;
  await insertOutboxRows(
    db,
    [
      {
        eventKey: `${row.event_key}:template`,
        channel: "buyer_whatsapp",
        event: row.event,
        orderId: row.order_id,
        facts: JSON.stringify({ ...facts, templateOnly: true }),
      },
    ],
    now,
  );
}
