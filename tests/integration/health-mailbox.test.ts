import pino from "pino";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { raiseHealthAlerts } from "~/domain/health/health-alerts.server";
import { shopHealth } from "~/domain/health/health.server";
import { recordJobRun } from "~/domain/jobs/job-runs.server";
import { HEALTH_TICK_MS, JOBS } from "~/domain/jobs/jobs";
import { DEFAULT_MAILBOX } from "~/domain/payments/mail/mailbox-config";
import { type MailboxReader, startMailboxReader } from "~/domain/payments/mail/mailbox-reader.server";
import { saveMailbox } from "~/domain/payments/mail/mailbox-store.server";
import { createSettingsCache } from "~/domain/settings/settings.server";
import { loadConfig } from "~/lib/server/config.server";
import { withPushAlerts } from "../support/backups";
import { freshDatabase, testDatabases } from "../support/databases";
import { type Dovecot, startDovecot } from "../support/dovecot";

/**
 * The bank e-mail reader on Health (issue 52, point 4), against a real IMAP
 * server (Dovecot) on loopback, at the production poll of one minute: the
 * mailbox going away is red within two minutes and alerted once; when it
 * answers again the reader is back within a minute (its reconnect pause stops
 * growing there), green with one "Resolved" alert. A refused login is red
 * too, and a saved new password mends it at once. The reader dials a server
 * that is gone every 2, 4, 8 … 60 s (it once did so in a tight loop).
 *
 * The reader runs on the test's clock: its pauses are timers the test fires,
 * and Health is read at the health job's ticks; only the IMAP traffic is real
 * (the test waits for it to finish, never for time to pass).
 */

const T0 = Date.UTC(2026, 0, 10, 0, 30);
const MINUTE = 60_000;
const POLL_MS = MINUTE;
const MAILBOX = `job:${JOBS.mailbox.name}`;

/** A clock the test moves: the reader's pauses wait on it. */
function testClock(start: number) {
  let now = start;
  const timers = new Set<{ at: number; fn: () => void }>();
  return {
    now: () => now,
    setTimer: (fn: () => void, ms: number) => {
      const timer = { at: now + ms, fn };
      timers.add(timer);
      return () => void timers.delete(timer);
    },
    /** When the next timer is due (Infinity: none set). */
    next: () => Math.min(...[...timers].map((t) => t.at)),
    waiting: () => timers.size > 0,
    moveTo(at: number) {
      now = at;
      for (const timer of [...timers]) {
        if (timer.at <= at) {
          timers.delete(timer);
          timer.fn();
        }
      }
    },
  };
}

describe.each(testDatabases())("the bank e-mail reader on Health, on $name", (kind) => {
  let dovecot: Dovecot;
  let handle: Awaited<ReturnType<typeof freshDatabase>> | undefined;
  let reader: MailboxReader | undefined;
  beforeAll(async () => {
    dovecot = await startDovecot();
  });
  afterAll(async () => {
    await dovecot?.stop();
  });
  afterEach(async () => {
    await reader?.stop();
    await handle?.cleanup();
  });

  async function mailboxShop() {
    handle = await freshDatabase(kind);
    await withPushAlerts(handle);
    const services = {
      db: handle.db,
      dialect: handle.dialect,
      settings: createSettingsCache(handle.db, 0),
      // The test's Dovecot is on this machine, without TLS.
      config: loadConfig({
        NODE_ENV: "test",
        MAIL_ALLOW_PRIVATE_ADDRESSES: "true",
        MAIL_POLL_INTERVAL_MS: String(POLL_MS),
      }),
      logger: pino({ level: process.env.DEBUG_MAILBOX ? "debug" : "silent" }),
    };
    const settings = {
      ...DEFAULT_MAILBOX,
      enabled: true,
      host: dovecot.host,
      port: dovecot.port,
      tls: false,
      username: dovecot.user,
    };
    await saveMailbox(services.db, settings, dovecot.password, T0);
    const clock = testClock(T0);
    const rounds: Array<Error | null> = [];
    const writes: Promise<void>[] = [];
    // As server/jobs/mailbox.ts records each round, at the test's time.
    reader = startMailboxReader(services, {
      pollMs: POLL_MS,
      setTimer: clock.setTimer,
      onRound(error) {
        rounds.push(error);
        writes.push(recordJobRun(services.db, { name: JOBS.mailbox.name, intervalMs: POLL_MS, error }, clock.now()));
      },
    });
    /** Until the reader has done its IMAP traffic and waits on the clock again, with its rounds recorded. */
    const settled = async () => {
      await vi.waitFor(
        () => {
          if (!clock.waiting()) throw new Error("the reader is still talking to the server");
        },
        { timeout: 60_000, interval: 5 },
      );
      await Promise.all(writes);
    };
    let nextTick = T0;
    /** The health job's ticks (every 30 s) until `done` says so or `limit`; the reader's timers fire on the way. */
    async function runUntil(done: (status: string) => boolean, limit: number): Promise<number | null> {
      while (nextTick <= limit) {
        if (clock.next() <= nextTick) {
          clock.moveTo(clock.next());
          await settled();
          continue;
        }
        clock.moveTo(nextTick);
        const report = await shopHealth(services, { now: nextTick, upSince: T0 });
        await raiseHealthAlerts(services.db, report, nextTick);
        const at = nextTick;
        nextTick += HEALTH_TICK_MS;
        if (done(report.checks.find((c) => c.key === MAILBOX)!.status)) return at;
      }
      return null;
    }
    const check = async () =>
      (await shopHealth(services, { now: clock.now(), upSince: T0 })).checks.find((c) => c.key === MAILBOX)!;
    const alerts = async () =>
      (
        await services.db
          .selectFrom("alert_outbox")
          .select("facts")
          .where("event", "=", "shop_health")
          .where("event_key", "like", `health:${MAILBOX}:%`)
          .orderBy("id")
          .execute()
      ).map((a) => (JSON.parse(a.facts) as { title: string }).title);
    return { services, settings, clock, rounds, settled, runUntil, check, alerts };
  }

  it("is red within two minutes of the mailbox going away, alerted once, and green within two of its return", async () => {
    const shop = await mailboxShop();
    await shop.settled();
    expect(shop.rounds).toEqual([null]);
    expect(await shop.runUntil(() => false, T0 + 2 * MINUTE)).toBeNull();
    expect((await shop.check()).status).toBe("ok");

    // The mail server goes away (its connection drops, nothing listens).
    const port = dovecot.port;
    await dovecot.stop();
    const down = shop.clock.now();
    await vi.waitFor(() => expect(shop.rounds.at(-1)).toBeInstanceOf(Error), { timeout: 60_000 });
    await shop.settled();
    const red = await shop.runUntil((s) => s === "failing", down + 3 * MINUTE);
    expect(red).not.toBeNull();
    expect(red! - down).toBeLessThanOrEqual(2 * MINUTE);
    expect((await shop.check()).summary).toMatch(
      /^Failing for \d+ (s|min): The IMAP server (closed|refused) the connection/,
    );

    // Five minutes of outage: one alert, and the reader keeps trying, at most a minute apart.
    await shop.runUntil(() => false, down + 5 * MINUTE);
    expect((await shop.check()).status).toBe("failing");
    expect(shop.clock.next() - shop.clock.now()).toBeLessThanOrEqual(MINUTE);
    // Pauses that grow (2, 4, 8 … 60 s), not a server dialled in a tight loop.
    expect(shop.rounds.filter((r) => r !== null).length).toBeLessThanOrEqual(12);
    expect(await shop.alerts()).toEqual(["Needs attention: Bank e-mail alert reader"]);

    // Back on the same address: green within two minutes, and said to be resolved, once.
    dovecot = await startDovecot({ port });
    const back = shop.clock.now();
    const green = await shop.runUntil((s) => s === "ok", back + 3 * MINUTE);
    expect(green).not.toBeNull();
    expect(green! - back).toBeLessThanOrEqual(2 * MINUTE);
    expect(shop.rounds.at(-1)).toBeNull();
    await shop.runUntil(() => false, green! + MINUTE);
    expect(await shop.alerts()).toEqual([
      "Needs attention: Bank e-mail alert reader",
      "Resolved: Bank e-mail alert reader",
    ]);
  }, 120_000);

  it("is red within two minutes of a refused login, and green at once when the operator saves the right password", async () => {
    const shop = await mailboxShop();
    await shop.settled();
    await shop.runUntil(() => false, T0 + MINUTE);

    // The password changed at the provider; the one saved is refused.
    await saveMailbox(shop.services.db, shop.settings, "an-old-password", shop.clock.now());
    const refused = shop.clock.now();
    await vi.waitFor(() => expect(shop.rounds.at(-1)).toBeInstanceOf(Error), { timeout: 60_000 });
    await shop.settled();
    expect(shop.rounds.at(-1)!.message).toContain("refused the user name or password");
    // A minute later (Dovecot slows each refused login down, so the test moves the clock in one step):
    // one more refused try, and red, within two minutes of the first.
    shop.clock.moveTo(refused + MINUTE);
    await shop.settled();
    expect((await shop.check()).status).toBe("failing");
    expect(shop.rounds.filter((r) => r !== null).length).toBeLessThanOrEqual(2);

    // The operator saves the right one: the save wakes the reader (its pause is not waited out), green at once.
    await saveMailbox(shop.services.db, shop.settings, dovecot.password, shop.clock.now());
    await vi.waitFor(() => expect(shop.rounds.at(-1)).toBeNull(), { timeout: 60_000 });
    await shop.settled();
    expect((await shop.check()).status).toBe("ok");
  }, 120_000);
});
