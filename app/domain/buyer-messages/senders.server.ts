import type { AppServices } from "~/context";
import type { DB } from "~/db/database.server";
import { alertSettings } from "~/domain/operator-alerts/alert-settings.server";
import { emailSender } from "~/domain/operator-alerts/channels/email.server";
import { pushSender } from "~/domain/operator-alerts/channels/push.server";
import type { OutboxLane, RowSender } from "~/domain/operator-alerts/dispatch.server";
import { adminLink } from "~/domain/operator-alerts/format";
import { queueAlert } from "~/domain/operator-alerts/queue.server";
import type { ChannelResult, SendResult } from "~/domain/operator-alerts/retry";
import { vapidSubject } from "~/domain/operator-alerts/senders.server";
import type { AlertOutboxRow } from "~/domain/operator-alerts/table";
import { vapidKeys } from "~/domain/operator-alerts/vapid.server";
import { findOrder } from "~/domain/orders/orders.repository.server";
import type { OrderRow } from "~/domain/orders/table";
import { istDate } from "~/lib/ist-time";
import { runChatCommand } from "./commands.server";
import {
  BUYER_LANE_CHANNELS,
  type BuyerFacts,
  type ChatReplyFacts,
  WHATSAPP_COMMAND_CHANNEL,
  isMoneyEvent,
} from "./events";
import { orderDevices } from "./push.server";
import { quietUntil } from "./quiet-hours";
import { type BuyerMessageConfig, buyerMessageConfig, whatsappCanSend } from "./settings.server";
import { templateParameters } from "./templates";
import { chatOf, waIdOf, windowOpen } from "./whatsapp/chats.server";
import {
  type GraphReply,
  type GraphTarget,
  graphErrorKind,
  graphErrorText,
  forOutboxRow,
  sendWhatsApp,
  templateMessage,
  textMessage,
} from "./whatsapp/graph.server";
import { type SendTimeValues, wordEmail, wordEvent, wordPush } from "./words";

type Services = Pick<AppServices, "db" | "settings" | "config" | "logger">;

/** Updates one buyer gets on one channel in an hour at most; more wait their turn (chat replies are not counted). */
export const BUYER_MESSAGES_PER_HOUR = 6;
const HOUR = 3_600_000;

/** The order's /track page in the buyer's language, with its id filled in. */
export function trackPath(facts: Pick<BuyerFacts, "locale" | "orderId">): string {
  return `${facts.locale === "hi" ? "/hi/track" : "/track"}?order=${encodeURIComponent(facts.orderId)}`;
}

/**
 * The buyer's share of the outbox (drainOutbox): their updates on WhatsApp,
 * by e-mail and as browser notifications, the chat's replies, and the chat's
 * incoming commands. Read once per batch: the settings, the keys, the shop's
 * address and name.
 */
export function buyerMessageLane(services: Services, { clock = Date.now }: { clock?: () => number } = {}): OutboxLane {
  return {
    name: "buyer message",
    channels: BUYER_LANE_CHANNELS,
    // A chat message read now is answered in the same tick.
    queuesMore: true,
    async senders() {
      const { db } = services;
      const [config, site, smtp] = await Promise.all([
        buyerMessageConfig(db, services.config),
        services.settings.get(),
        alertSettings(db),
      ]);
      const base = site.publicBaseUrl;
      const sendTime = (facts: BuyerFacts): SendTimeValues => ({
        trackUrl: adminLink(base, trackPath(facts)),
        brand: site.brandName,
        minutes: String(site.deliveryStartMinutes),
      });
      const graph: GraphTarget = {
        graphUrl: config.whatsapp.graphUrl,
        phoneNumberId: config.whatsapp.phoneNumberId,
        accessToken: config.whatsapp.accessToken,
      };
      const senders: Partial<Record<string, RowSender>> = {};

      senders.buyer_whatsapp = async (row) => {
        if (!whatsappCanSend(config)) {
          return { kind: "permanent", error: "WhatsApp is not set up (Settings → Buyer messages)" };
        }
        const facts = JSON.parse(row.facts) as BuyerFacts | ChatReplyFacts;
        if (facts.event === "chat_reply") return sendReply(services, graph, row, facts);
        return updateGate(db, row, facts, config, clock(), async (order) => {
          const waId = waIdOf(order.customer_phone!);
          return sendUpdateOnWhatsApp(services, graph, config, row, order, waId, facts, sendTime(facts), clock());
        });
      };

      if (config.emailUpdates && smtp.settings.email.host && smtp.settings.email.from) {
        const allowPrivate = services.config.MAIL_ALLOW_PRIVATE_ADDRESSES;
        senders.buyer_email = async (row) => {
          const facts = JSON.parse(row.facts) as BuyerFacts;
          return updateGate(db, row, facts, config, clock(), async (order) => {
            if (!order.customer_email) return { kind: "permanent", error: "The buyer's e-mail was erased" };
            const sender = emailSender(
              { ...smtp.settings.email, to: order.customer_email },
              smtp.secrets.smtpPassword,
              allowPrivate,
            );
            const mail = wordEmail(facts, sendTime(facts));
            const link = adminLink(base, trackPath(facts));
            return sender.send({ ...mail, link, orderId: facts.orderId, confirmable: false, key: row.event_key });
          });
        };
      }

      const keys = await vapidKeys(db);
      senders.buyer_push = async (row) => {
        const facts = JSON.parse(row.facts) as BuyerFacts;
        return updateGate(db, row, facts, config, clock(), async (order) => {
          const sender = pushSender(
            db,
            { keys, subject: vapidSubject(site), allowPrivate: services.config.PUSH_ALLOW_PRIVATE_ADDRESSES },
            orderDevices(db, order.order_id),
          );
          const shown = wordPush(facts, sendTime(facts), trackPath(facts));
          const result = await sender.send({
            subject: shown.title,
            text: shown.body,
            link: shown.url,
            orderId: facts.orderId,
            confirmable: false,
            key: row.event_key,
          });
          // No browser left: it was turned off (or the push service forgot it) after the update was queued.
          return result.kind === "permanent" && /No device/.test(result.error)
            ? { kind: "permanent", error: "No browser wants this order's notifications any more" }
            : result;
        });
      };

      senders[WHATSAPP_COMMAND_CHANNEL] = (row) => runChatCommand(services, config, row, clock());
      return senders;
    },
  };
}

/**
 * What every update passes before it is sent: the order and its buyer still
 * there, no STOP, not in quiet hours (unless about money), and not over the
 * buyer's hourly share on this channel.
 */
async function updateGate(
  db: DB,
  row: AlertOutboxRow,
  facts: BuyerFacts,
  config: BuyerMessageConfig,
  now: number,
  send: (order: OrderRow) => Promise<SendResult>,
): Promise<SendResult> {
  const order = row.order_id ? await findOrder(db, row.order_id) : undefined;
  if (!order) return { kind: "permanent", error: "The order no longer exists" };
  if (!order.customer_phone && !order.customer_email) {
    return { kind: "permanent", error: "The buyer's details were erased (retention period or request)" };
  }
  const waId = order.customer_phone ? waIdOf(order.customer_phone) : null;
  if (waId && (await chatOf(db, waId))?.stopped_at != null) {
    return { kind: "permanent", error: "The buyer wrote STOP: no messages until START" };
  }
  if (!isMoneyEvent(facts.event)) {
    const until = quietUntil(now, config.quietHours);
    if (until !== null) return { kind: "later", until, reason: "Quiet hours (IST): sent when they end" };
  }
  const busyUntil = await rateLimitedUntil(db, row, order, now);
  if (busyUntil !== null) {
    return { kind: "later", until: busyUntil, reason: `The buyer's ${BUYER_MESSAGES_PER_HOUR} an hour were sent` };
  }
  return send(order);
}

/** When the buyer may get another update on this channel; null: now. Counted over every order of their phone. */
async function rateLimitedUntil(db: DB, row: AlertOutboxRow, order: OrderRow, now: number): Promise<number | null> {
  let query = db
    .selectFrom("alert_outbox")
    .select("alert_outbox.sent_at")
    .where("alert_outbox.channel", "=", row.channel)
    .where("alert_outbox.status", "=", "sent")
    .where("alert_outbox.event", "!=", "chat_reply")
    .where("alert_outbox.sent_at", ">", now - HOUR);
  query = order.customer_phone
    ? query
        .innerJoin("orders", "orders.order_id", "alert_outbox.order_id")
        .where("orders.customer_phone", "=", order.customer_phone)
    : query.where("alert_outbox.order_id", "=", order.order_id);
  const sent = await query.orderBy("alert_outbox.sent_at").limit(BUYER_MESSAGES_PER_HOUR).execute();
  if (sent.length < BUYER_MESSAGES_PER_HOUR) return null;
  return (sent[0]!.sent_at ?? now) + HOUR;
}

/**
 * An update on WhatsApp: as text inside the 24-hour window (the buyer wrote
 * in the last 24 hours), else as the event's approved template to a buyer who
 * opted in at checkout. Text refused with 131047 (the window closed meanwhile)
 * goes again as the template; without an opt-in it is given up, and the
 * buyer hears on their other channels.
 */
async function sendUpdateOnWhatsApp(
  services: Services,
  graph: GraphTarget,
  config: BuyerMessageConfig,
  row: AlertOutboxRow,
  order: OrderRow,
  waId: string,
  facts: BuyerFacts,
  sendTime: SendTimeValues,
  now: number,
): Promise<ChannelResult> {
  const chat = await chatOf(services.db, waId);
  if (!facts.templateOnly && windowOpen(chat, now)) {
    const { title, body } = wordEvent(facts, sendTime);
    const reply = await sendWhatsApp(graph, forOutboxRow(textMessage(waId, `*${title}*\n${body}`), row.id));
    if (reply.ok || graphErrorKind(reply) !== "reengage") return whatsappResult(services, reply, now);
  }
  if (order.whatsapp_opt_in_at === null) {
    return {
      kind: "permanent",
      error: "Outside the 24-hour window, and the buyer did not opt in to WhatsApp updates at checkout",
    };
  }
  const name = config.whatsapp.templates[facts.event];
  if (!name) return { kind: "permanent", error: `No WhatsApp template is set for “${facts.event}”` };
  const parameters = templateParameters(facts.event, { ...facts.values, ...sendTime });
  const reply = await sendWhatsApp(
    graph,
    forOutboxRow(templateMessage(waId, name, config.whatsapp.languages[facts.locale], parameters), row.id),
  );
  return whatsappResult(services, reply, now);
}

/**
 * A reply in the chat (the buyer just wrote, so the window is open); its number and words are taken out once
 * it went (they may hold a UPI id), leaving the record that a reply was sent.
 */
async function sendReply(
  services: Services,
  graph: GraphTarget,
  row: AlertOutboxRow,
  facts: ChatReplyFacts,
): Promise<ChannelResult> {
  const reply = await sendWhatsApp(graph, forOutboxRow(textMessage(facts.to, facts.text), row.id));
  const result = await whatsappResult(services, reply, Date.now());
  if (result.kind !== "retry") {
    await services.db
      .updateTable("alert_outbox")
      .set({ facts: JSON.stringify({ event: "chat_reply" }) })
      .where("id", "=", row.id)
      .execute();
  }
  return result;
}

/**
 * Meta's answer as the outbox reads it: sent (with its wamid, for the status
 * callbacks), retried (rate limits, Meta's own trouble), or given up; a wrong
 * token, a missing permission, a locked account or a refused template also
 * tells the operator, once a day per error code.
 */
async function whatsappResult(services: Services, reply: GraphReply, now: number): Promise<ChannelResult> {
  if (reply.ok) return { kind: "ok", providerId: reply.messageId };
  const error = graphErrorText(reply);
  switch (graphErrorKind(reply)) {
    case "retry":
      return { kind: "retry", error };
    case "operator":
      await queueAlert(
        services.db,
        {
          event: "shop_health",
          eventKey: `whatsapp:${reply.code ?? reply.status ?? "error"}:${istDate(now)}`,
          facts: {
            title: "WhatsApp refuses the shop's messages to buyers",
            lines: [
              error,
              "Check the access token, the phone number ID and the templates in Settings → Buyer messages.",
            ],
            orderId: null,
            path: "/admin/settings#buyer-messages-settings",
          },
        },
        now,
      ).catch((err: unknown) => services.logger.error({ err }, "the WhatsApp alert could not be queued"));
      return { kind: "permanent", error };
    default:
      return { kind: "permanent", error };
  }
}
