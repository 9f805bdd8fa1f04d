import type { AppServices } from "~/context";
import { transaction } from "~/db/database.server";
import type { DB } from "~/db/database.server";
import { insertOutboxRows } from "~/domain/operator-alerts/outbox.server";
import type { SendResult } from "~/domain/operator-alerts/retry";
import type { AlertOutboxRow } from "~/domain/operator-alerts/table";
import type { RequestClient } from "~/domain/audit/audit.server";
import { trackedOrder } from "~/domain/orders/order-tracking.server";
import type { OrderRow } from "~/domain/orders/table";
import { claimPayment } from "~/domain/payments/payment.server";
import { cancelBeforeDelivery } from "~/domain/self-service/cancel.server";
import { requestOrderRefill } from "~/domain/self-service/refill.server";
import { giveRefundUpiId } from "~/domain/self-service/refund-upi.server";
import { isAppError } from "~/lib/app-error";
import { messageKey } from "~/domain/buyer-messages/catalogue";
import { formatCount, formatInr } from "~/lib/money";
import enOrder from "~/locales/en/order";
import hiErrors from "~/locales/hi/errors";
import hiOrder from "~/locales/hi/order";
import { type ChatCommand, readCommand, replyLocale } from "./commands";
import { type BuyerLocale, type ChatCommandFacts, type ChatReplyFacts, buyerLocale } from "./events";
import { stopBuyer, startBuyer } from "./privacy.server";
import type { BuyerMessageConfig } from "./settings.server";
import { chatText } from "./words";
import { linkOrder, noteInbound, phoneOfWaId } from "./whatsapp/chats.server";

/**
 * The chat's self-service (docs/buyer-messages.md): a buyer's WhatsApp
 * message, queued by the webhook as an outbox row of its own, is read and
 * answered here, keyed on the sender's number owning the order. Each command
 * does exactly what the same action on /track does, through the same
 * functions (the same rules, the same entries in the order's history, "buyer"
 * as the one who asked); the answer is queued as a reply in the chat. A
 * number that owns no order is answered politely and learns nothing.
 */

type Services = Pick<AppServices, "db" | "settings" | "config" | "logger">;

/** How the order's history names a request that came by chat. */
const CHAT_CLIENT: RequestClient = { ip: "", userAgent: "WhatsApp chat" };

/** Orders of one number looked at, newest first: enough to pick from. */
const ORDERS_LOOKED_AT = 10;

interface Answer {
  text: string;
  /** The order the answer is about (listed on its admin page); null for a stranger or a general answer. */
  orderId: string | null;
}

export async function runChatCommand(
  services: Services,
  _config: BuyerMessageConfig,
  row: AlertOutboxRow,
  now: number,
): Promise<SendResult> {
  const facts = JSON.parse(row.facts) as Partial<ChatCommandFacts>;
  // Already answered by a worker that stopped before it said so: the reply's key keeps it to one.
  if (!facts.from || !facts.messageId) return { kind: "ok" };
  const answer = await answerFor(services, facts as ChatCommandFacts, now);
  await transaction(services.db, async (trx) => {
    const reply: ChatReplyFacts = { event: "chat_reply", to: facts.from!, text: answer.text };
    await insertOutboxRows(
      trx,
      [
        {
          eventKey: `reply:${facts.messageId}`,
          channel: "buyer_whatsapp",
          event: "chat_reply",
          orderId: answer.orderId,
          facts: JSON.stringify(reply),
        },
      ],
      now,
    );
    // The number and the words are kept only until the answer is queued.
    await trx
      .updateTable("alert_outbox")
      .set({ facts: JSON.stringify({ messageId: facts.messageId }), order_id: answer.orderId })
      .where("id", "=", row.id)
      .execute();
  });
  return { kind: "ok" };
}

export async function answerFor(services: Services, facts: ChatCommandFacts, now: number): Promise<Answer> {
  const { db } = services;
  const phone = phoneOfWaId(facts.from);
  const orders = phone ? await ordersOfPhone(db, phone) : [];
  const textLocale = replyLocale(facts.text);
  const site = await services.settings.get();
  const trackUrl = (locale: BuyerLocale, orderId?: string) =>
    `${site.publicBaseUrl.replace(/\/+$/, "")}${locale === "hi" ? "/hi/track" : "/track"}${orderId ? `?order=${orderId}` : ""}`;

  if (orders.length === 0) {
    return { text: chatText(textLocale, "stranger", { trackUrl: trackUrl(textLocale) }), orderId: null };
  }
  await noteInbound(db, facts.from, facts.receivedAt);
  const latest = orders[0]!;
  const locale = replyLocale(facts.text, buyerLocale(latest.locale));
  if (facts.type !== "text" && facts.type !== "button" && facts.type !== "interactive") {
    return { text: chatText(locale, "unsupported"), orderId: null };
  }
  const command = readCommand(facts.text);
  const named = command.orderId ? orders.find((o) => o.order_id === command.orderId) : undefined;
  // An order id this number does not own: the same polite answer as to a stranger, nothing about the order.
  if (command.orderId && !named) {
    return { text: chatText(locale, "stranger", { trackUrl: trackUrl(locale) }), orderId: null };
  }
  const context: Context = { services, orders, named, latest, locale, now, trackUrl };
  return answerCommand(context, command, facts.from);
}

interface Context {
  services: Services;
  orders: OrderRow[];
  named: OrderRow | undefined;
  latest: OrderRow;
  locale: BuyerLocale;
  now: number;
  trackUrl: (locale: BuyerLocale, orderId?: string) => string;
}

async function answerCommand(c: Context, command: ChatCommand, waId: string): Promise<Answer> {
  const { services, locale, now } = c;
  const { db } = services;
  const say = (
    key: Parameters<typeof chatText>[1],
    values: Record<string, string> = {},
    orderId: string | null = null,
  ) => ({
    text: chatText(locale, key, values),
    orderId,
  });
  switch (command.kind) {
    case "help":
      return say("help", { orderId: (c.named ?? c.latest).order_id });
    case "stop":
      await stopBuyer(db, waId, now);
      return say("stopped");
    case "start":
      await startBuyer(db, waId, now);
      return say("started");
    case "link": {
      const order = c.named!;
      await linkOrder(db, order.order_id, now);
      return {
        text: `${chatText(locale, "linked", { orderId: order.order_id })}\n${statusLine(order, locale)}`,
        orderId: order.order_id,
      };
    }
    case "status": {
      const order = c.named ?? c.latest;
      await linkOrder(db, order.order_id, now);
      const others = c.named ? [] : c.orders.slice(1, 6).map((o) => o.order_id);
      const more = others.length > 0 ? `\n${chatText(locale, "others", { list: others.join(", ") })}` : "";
      return { text: `${statusLine(order, locale)}${more}`, orderId: order.order_id };
    }
    case "refill":
      return act(c, "refill", async (order) => {
        await requestOrderRefill(services, order.order_id, { kind: "buyer", client: CHAT_CLIENT }, now);
        return chatText(locale, "refillRequested", { orderId: order.order_id });
      });
    case "cancel":
      return act(c, "cancel", async (order) => {
        const cancelled = await cancelBeforeDelivery(
          services,
          order.order_id,
          { kind: "buyer", client: CHAT_CLIENT },
          now,
        );
        return chatText(locale, "cancelled", {
          orderId: order.order_id,
          refund: formatInr(cancelled.refund_due_paise ?? 0, locale),
        });
      });
    case "refund": {
      if (!command.upiId) return say("refundUpiInvalid");
      const order = c.named ?? c.orders.find((o) => o.status === "refund_due") ?? c.latest;
      if (order.status !== "refund_due") return say("refundNotDue", { orderId: order.order_id }, order.order_id);
      try {
        const saved = await giveRefundUpiId(
          db,
          order.order_id,
          command.upiId,
          { kind: "buyer", client: CHAT_CLIENT },
          now,
        );
        return say(
          "refundSaved",
          { orderId: order.order_id, refund: formatInr(saved.refundPaise, locale), upiId: saved.upiId },
          order.order_id,
        );
      } catch (error) {
        return { text: refusalText(error, locale), orderId: order.order_id };
      }
    }
    case "utr": {
      const order =
        c.named ?? c.orders.find((o) => o.status === "awaiting_payment" || o.status === "expired") ?? c.latest;
      try {
        await claimPayment(db, order.order_id, command.utr, {
          graceSeconds: services.config.PAYMENT_GRACE_SECONDS,
          client: CHAT_CLIENT,
          now,
        });
        return say("utrSaved", { orderId: order.order_id }, order.order_id);
      } catch (error) {
        return { text: refusalText(error, locale), orderId: order.order_id };
      }
    }
    case "unknown":
      return {
        text: `${chatText(locale, "unknown")}\n\n${chatText(locale, "help", { orderId: c.latest.order_id })}`,
        orderId: null,
      };
  }
}

/**
 * A refill or a cancel for the order named, else the latest; refused as
 * /track refuses it, in the buyer's words. With several orders and none
 * named, a refusal also lists the others to pick from.
 */
async function act(c: Context, name: "refill" | "cancel", run: (order: OrderRow) => Promise<string>): Promise<Answer> {
  const order = c.named ?? c.latest;
  try {
    return { text: await run(order), orderId: order.order_id };
  } catch (error) {
    const refusal = refusalText(error, c.locale);
    const others = c.named ? [] : c.orders.slice(1, 6).map((o) => o.order_id);
    const pick =
      others.length > 0
        ? `\n${chatText(c.locale, "pick", { list: [order.order_id, ...others].join(", "), example: `${name.toUpperCase()} ${others[0]}` })}`
        : "";
    return { text: `${order.order_id}: ${refusal}${pick}`, orderId: order.order_id };
  }
}

/** A refusal the shop's rules gave (an AppError), in the buyer's language; anything else is thrown on. */
function refusalText(error: unknown, locale: BuyerLocale): string {
  if (!isAppError(error)) throw error;
  if (locale === "en") return error.message;
  const key = messageKey(error.message);
  if (!key) return hiErrors.byCode[error.code as keyof typeof hiErrors.byCode] ?? hiErrors.api.generic;
  const [group, name] = key.replace(/^errors:/, "").split(".") as [string, string];
  const texts = (hiErrors as unknown as Record<string, Record<string, string>>)[group];
  return texts?.[name] ?? error.message;
}

/** "Order X (plan): <stage>. Delivered so far: n of m." */
function statusLine(order: OrderRow, locale: BuyerLocale): string {
  const tracked = trackedOrder(order);
  const stage = (locale === "hi" ? hiOrder : enOrder).stage[tracked.view.stage];
  const line = chatText(locale, "status", { orderId: order.order_id, plan: order.plan_name, stage });
  const { delivered } = tracked.view;
  if (delivered === null || tracked.view.stage !== "delivering") return line;
  return `${line} ${chatText(locale, "progress", {
    delivered: formatCount(delivered, locale),
    quantity: formatCount(order.quantity, locale),
  })}`;
}

/** The number's orders, newest first (the erased ones have no phone and are not found). */
function ordersOfPhone(db: DB, phone: string): Promise<OrderRow[]> {
  return db
    .selectFrom("orders")
    .selectAll()
    .where("customer_phone", "=", phone)
    .orderBy("created_at", "desc")
    .orderBy("id", "desc")
    .limit(ORDERS_LOOKED_AT)
    .execute();
}
