/**
 * The three alert channels for the alerts bench, as the shop sees them: up
 * (the test doubles of tests/support, each arrival stamped with the time the
 * double got it) or down (an SMTP port nobody listens on, a Telegram API
 * answering 502 to every message, a push service that has gone away).
 */
import { ORDER_ID_ALPHABET, ORDER_ID_LENGTH } from "~/domain/orders/order-id";
import { type PushDouble, startPushDouble } from "../../tests/support/push-double";
import { type SmtpSink, startSmtpSink } from "../../tests/support/smtp-sink";
import { type TelegramDouble, startTelegramDouble } from "../../tests/support/telegram-double";
import { freePort } from "./harness";

export const CHANNELS = ["email", "telegram", "push"] as const;
export type Channel = (typeof CHANNELS)[number];
/** Order id → when each channel's double received its alert (performance.now()). */
export type Arrivals = Record<Channel, Map<string, number>>;

const ORDER_ID = new RegExp(`BK[${ORDER_ID_ALPHABET}]{${ORDER_ID_LENGTH}}`);

export interface Channels {
  /** What the shop process needs in its environment to reach these channels. */
  env: Record<string, string>;
  arrivals: Arrivals;
  /** Switches every channel on in the shop's Settings → Alerts and subscribes one push device. */
  configure(url: string, cookie: string): Promise<void>;
  stop(): Promise<void>;
}

/** Calls `seen` with each item as it is pushed onto `list`: the doubles keep what they receive in plain arrays. */
function onPush<T>(list: T[], seen: (item: T) => void) {
  const push = list.push.bind(list);
  list.push = (...items: T[]) => {
    for (const item of items) seen(item);
    return push(...items);
  };
}

function stamp(map: Map<string, number>, text: string) {
  const id = ORDER_ID.exec(text)?.[0];
  if (id && !map.has(id)) map.set(id, performance.now());
}

async function post(url: string, path: string, cookie: string, body: BodyInit, json = false) {
  const res = await fetch(`${url}${path}`, {
    method: "POST",
    body,
    headers: { cookie, origin: url, ...(json ? { "content-type": "application/json" } : {}) },
  });
  const text = await res.text();
  if (!res.ok) throw new Error(`${path}: ${res.status} ${text.slice(0, 200)}`);
  return text;
}

/** Every channel on in Settings: e-mail to `smtpPort` without TLS, Telegram through the double, one push device. */
async function configureShop(
  url: string,
  cookie: string,
  smtpPort: number,
  telegram: TelegramDouble,
  subscription: object,
) {
  const settings = (fields: Record<string, string>) =>
    post(url, "/admin/settings.data", cookie, new URLSearchParams(fields));
  await settings({
    intent: "alerts-email",
    enabled: "on",
    smtpHost: "127.0.0.1",
    smtpPort: String(smtpPort),
    smtpSecurity: "none",
    mailFrom: "Shop alerts <alerts@shop.example.in>",
    mailTo: "owner@shop.example.in",
  });
  await settings({
    intent: "alerts-telegram",
    enabled: "on",
    telegramToken: telegram.token,
    telegramChatId: "-100123",
  });
  await post(url, "/api/admin/push-subscriptions", cookie, JSON.stringify(subscription), true);
  await settings({ intent: "alerts-push", enabled: "on" });
}

function pushEnv(push: PushDouble, telegram: TelegramDouble) {
  return {
    TELEGRAM_API_BASE: telegram.url,
    NODE_EXTRA_CA_CERTS: push.certFile,
    PUSH_ALLOW_PRIVATE_ADDRESSES: "true",
    MAIL_ALLOW_PRIVATE_ADDRESSES: "true",
  };
}

export async function channelsUp(): Promise<Channels> {
  const [smtp, telegram, push]: [SmtpSink, TelegramDouble, PushDouble] = await Promise.all([
    startSmtpSink(),
    startTelegramDouble(),
    startPushDouble(),
  ]);
  const arrivals: Arrivals = { email: new Map(), telegram: new Map(), push: new Map() };
  onPush(smtp.messages, (mail) => stamp(arrivals.email, mail.subject ?? ""));
  onPush(telegram.calls, (call) => {
    if (call.method === "sendMessage") stamp(arrivals.telegram, String(call.body.text));
  });
  const device = push.device();
  onPush(device.received, (r) => stamp(arrivals.push, r.payload));
  return {
    env: pushEnv(push, telegram),
    arrivals,
    configure: (url, cookie) => configureShop(url, cookie, smtp.port, telegram, device.subscription),
    async stop() {
      await Promise.all([smtp.stop(), telegram.stop(), push.stop()]);
    },
  };
}

export async function channelsDown(): Promise<Channels> {
  const [closedSmtpPort, telegram, push] = await Promise.all([freePort(), startTelegramDouble(), startPushDouble()]);
  const device = push.device();
  let pushStopped = false;
  return {
    env: pushEnv(push, telegram),
    arrivals: { email: new Map(), telegram: new Map(), push: new Map() },
    async configure(url, cookie) {
      await configureShop(url, cookie, closedSmtpPort, telegram, device.subscription);
      // Down from here on: Telegram answers 502 to every message, the push service's port is closed.
      telegram.failNext(Number.MAX_SAFE_INTEGER);
      await push.stop();
      pushStopped = true;
    },
    async stop() {
      await Promise.all([telegram.stop(), pushStopped ? undefined : push.stop()]);
    },
  };
}
