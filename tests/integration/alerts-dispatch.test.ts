import { afterEach, beforeEach, describe, expect, it } from "vitest";
import type { DatabaseHandle } from "~/db/database.server";
import { saveAlertSettings } from "~/domain/operator-alerts/alert-settings.server";
import { alertSettingsSchema } from "~/domain/operator-alerts/alert-settings";
import { sendDueAlerts } from "~/domain/operator-alerts/dispatch.server";
import type { AlertChannel } from "~/domain/operator-alerts/events";
import { DEFAULT_RETRY, type SendResult } from "~/domain/operator-alerts/retry";
import { freshDatabase, testDatabases } from "../support/databases";

/**
 * The alert job's sending rules on the outbox itself, with stand-in senders:
 * a channel that fails is tried once per tick, not once per queued alert, so
 * a dead channel costs the shop almost nothing while alerts pile up; a
 * backlog larger than one batch goes out in one tick.
 */

const NOW = 1_800_000_000_000;

function services(db: DatabaseHandle["db"]) {
  return {
    db,
    settings: {
      get: () => Promise.resolve({ brandName: "Shop", publicBaseUrl: "https://shop.example" } as never),
      clear() {},
    },
    config: {} as never,
    logger: { warn() {}, info() {}, error() {} } as never,
  };
}

describe.each(testDatabases())("sending the outbox on $name", (kind) => {
  let handle: DatabaseHandle & { cleanup(): Promise<void> };
  beforeEach(async () => {
    handle = await freshDatabase(kind);
    const settings = alertSettingsSchema.parse({
      email: { enabled: true, host: "127.0.0.1", from: "a@shop.example", to: "o@shop.example" },
      telegram: { enabled: true, chatId: "1" },
    });
    await saveAlertSettings(handle.db, { settings, telegramToken: "123:abc", smtpPassword: "x" });
  });
  afterEach(async () => handle.cleanup());

  async function queue(channel: AlertChannel, count: number) {
    for (let i = 0; i < count; i++) {
      await handle.db
        .insertInto("alert_outbox")
        .values({
          event_key: `test:${channel}:${i}`,
          channel,
          event: "payment_claimed",
          order_id: `BK${String(i).padStart(10, "0")}`,
          facts: JSON.stringify({ orderId: null, path: "/admin", title: `Alert ${i}`, lines: [] }),
          status: "pending",
          next_attempt_at: NOW,
          claimed_at: null,
          last_error: null,
          created_at: NOW,
          sent_at: null,
        })
        .execute();
    }
  }
  const standIns = (answers: Partial<Record<AlertChannel, SendResult>>, calls: Record<string, number>) => () =>
    Promise.resolve(
      Object.fromEntries(
        Object.entries(answers).map(([channel, answer]) => [
          channel,
          {
            send: () => {
              calls[channel] = (calls[channel] ?? 0) + 1;
              return Promise.resolve(answer);
            },
          },
        ]),
      ) as never,
    );
  const rowsOf = (channel: AlertChannel) =>
    handle.db.selectFrom("alert_outbox").selectAll().where("channel", "=", channel).orderBy("id").execute();

  it("tries a failing channel once per tick, leaving its other alerts untouched, while the others go out", async () => {
    await queue("email", 5);
    await queue("telegram", 5);
    const calls: Record<string, number> = {};
    const senders = standIns({ email: { kind: "retry", error: "SMTP down" }, telegram: { kind: "ok" } }, calls);

    expect(await sendDueAlerts(services(handle.db), DEFAULT_RETRY, { clock: () => NOW, senders })).toBe(5);
    expect(calls).toEqual({ email: 1, telegram: 5 });
    const email = await rowsOf("email");
    expect(email.map((r) => [r.status, r.attempts])).toEqual([
      ["pending", 1],
      ["pending", 0],
      ["pending", 0],
      ["pending", 0],
      ["pending", 0],
    ]);
    expect(email[0]!.last_error).toBe("SMTP down");
    expect((await rowsOf("telegram")).every((r) => r.status === "sent")).toBe(true);

    // The next tick probes the next alert (the first waits out its backoff); once the channel answers, all go.
    const later = NOW + 1_000;
    await sendDueAlerts(services(handle.db), DEFAULT_RETRY, { clock: () => later, senders });
    expect(calls.email).toBe(2);
    const healed = standIns({ email: { kind: "ok" } }, calls);
    await sendDueAlerts(services(handle.db), DEFAULT_RETRY, { clock: () => later + 1_000, senders: healed });
    expect((await rowsOf("email")).map((r) => r.status)).toEqual(["pending", "pending", "sent", "sent", "sent"]);
  });

  it("sends a backlog larger than one batch in one tick", async () => {
    await queue("telegram", 45);
    const calls: Record<string, number> = {};
    const senders = standIns({ telegram: { kind: "ok" } }, calls);
    expect(await sendDueAlerts(services(handle.db), DEFAULT_RETRY, { clock: () => NOW, senders })).toBe(45);
    expect((await rowsOf("telegram")).every((r) => r.status === "sent")).toBe(true);
  });
});
