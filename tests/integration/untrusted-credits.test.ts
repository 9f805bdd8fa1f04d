import { afterEach, beforeEach, describe, expect, it } from "vitest";
import type { DatabaseHandle } from "~/db/database.server";
import { saveAlertSettings } from "~/domain/operator-alerts/alert-settings.server";
import { parseAlertSettings } from "~/domain/operator-alerts/alert-settings";
import { type Credit, UNTRUSTED_BURST_GAP_MS, UNTRUSTED_KEPT, recordCredit } from "~/domain/payments/matching.server";
import { UNMATCHED_PAGE_SIZE, loadUnmatchedPage } from "~/domain/payments/unmatched-view.server";
import { freshDatabase, testDatabases } from "../support/databases";

/**
 * Security round 4, finding 3: 205 unsigned "Rs X credited" mails to the alert
 * address filled the Payments page (the newest 200) and hid a real buyer's
 * unmatched payment, each with its own operator alert. Now a stranger's credits
 * have their own list, capped and expiring, with one alert per burst; the
 * operator pages and searches the rest, so a trusted credit never falls off.
 */

const MINUTE = 60_000;
const DAY = 86_400_000;
const GRACE = { graceSeconds: 600 };

/** A real bank's alert that matched no order (no order asks for ₹499 here). */
function trusted(n: number, at: number): Credit {
  return {
    source: "email",
    reporter: "email:hdfcbank.net",
    amountPaise: 49_900,
    utr: String(412_345_678_900 + n),
    at,
    messageId: `<real-${n}@hdfcbank.net>`,
    evidence: {
      text: `Rs. 499.00 credited to a/c XX1234 by VPA buyer${n}@okicici (UPI Ref No ${412_345_678_900 + n})`,
    },
  };
}

/** What the mail reader keeps of an unsigned alert: no amount, no UTR, its own key space. */
function stranger(n: number, at: number): Credit {
  return {
    source: "email",
    amountPaise: null,
    at,
    messageId: `untrusted:<flood-${n}@example.net>:Rs 500 credited`,
    evidence: { from: "alerts@hdfcbank.net.example.net", text: `Rs 500 credited to your account (${n})` },
    unreadable: "untrusted_sender",
  };
}

describe.each(testDatabases())("credits from senders the shop does not trust on $name", (kind) => {
  let h: DatabaseHandle & { cleanup(): Promise<void> };
  beforeEach(async () => {
    h = await freshDatabase(kind);
    // Web Push needs nothing but being switched on to queue an alert.
    await saveAlertSettings(h.db, { settings: { ...parseAlertSettings("{}"), push: { enabled: true } } });
  });
  afterEach(async () => h.cleanup());

  const alertKeys = async () =>
    (await h.db.selectFrom("alert_outbox").select("event_key").where("event", "=", "unmatched_credit").execute()).map(
      (r) => r.event_key,
    );

  it("keeps a flood of 205 apart and capped, with one alert; the real payment stays in sight", async () => {
    const t0 = Date.now();
    const real = await recordCredit(h.db, trusted(1, t0), { ...GRACE, now: t0 });
    expect(real).toMatchObject({ kind: "unmatched", reason: "no_match" });
    for (let i = 0; i < 205; i++) {
      const at = t0 + (i + 1) * 1_000;
      expect(await recordCredit(h.db, stranger(i, at), { ...GRACE, now: at })).toMatchObject({
        reason: "untrusted_sender",
      });
    }

    const page = await loadUnmatchedPage(h.db, 600);
    expect(page.unmatched.map((c) => c.utr)).toEqual([real.credit.utr]);
    expect(page.total).toBe(1);
    expect(page.untrusted.count).toBe(UNTRUSTED_KEPT.count);
    expect(page.untrusted.credits.length).toBeLessThanOrEqual(50);
    expect(page.untrusted.credits[0]!.text).toContain("(204)");

    // One alert for the real credit, one for the whole burst.
    const keys = await alertKeys();
    expect(keys.filter((k) => k.startsWith("untrusted_credits:"))).toHaveLength(1);
    expect(keys).toContain(`unmatched_credit:${real.credit.id}`);
    expect(keys).toHaveLength(2);

    // After an hour without one, a new burst alerts again.
    const later = t0 + 206_000 + UNTRUSTED_BURST_GAP_MS + MINUTE;
    await recordCredit(h.db, stranger(1_000, later), { ...GRACE, now: later });
    expect((await alertKeys()).filter((k) => k.startsWith("untrusted_credits:"))).toHaveLength(2);

    // A week on, the stranger's alerts are gone; the real one waits until the operator answers it.
    const week = t0 + (UNTRUSTED_KEPT.days + 1) * DAY;
    await recordCredit(h.db, stranger(2_000, week), { ...GRACE, now: week });
    const after = await loadUnmatchedPage(h.db, 600);
    expect(after.untrusted.count).toBe(1);
    expect(after.unmatched.map((c) => c.id)).toEqual([real.credit.id]);
  });

  it("pages and searches unmatched credits by UTR, amount, payer, order and the alert's words", async () => {
    const t0 = Date.now();
    const count = UNMATCHED_PAGE_SIZE + 5;
    for (let i = 0; i < count; i++) await recordCredit(h.db, trusted(i, t0 + i), { ...GRACE, now: t0 + i });
    await recordCredit(h.db, stranger(1, t0 + count), { ...GRACE, now: t0 + count });

    const first = await loadUnmatchedPage(h.db, 600, { page: 1, q: "" });
    expect(first).toMatchObject({ total: count, pageCount: 2 });
    expect(first.unmatched).toHaveLength(UNMATCHED_PAGE_SIZE);
    const second = await loadUnmatchedPage(h.db, 600, { page: 2, q: "" });
    // The oldest is on the last page, never dropped.
    expect(second.unmatched.map((c) => c.utr)).toContain(String(412_345_678_900));
    expect(second.unmatched).toHaveLength(5);

    const byUtr = await loadUnmatchedPage(h.db, 600, { page: 1, q: " 412345678907 " });
    expect(byUtr.unmatched.map((c) => c.utr)).toEqual(["412345678907"]);
    expect((await loadUnmatchedPage(h.db, 600, { page: 1, q: "BUYER3@OKICICI" })).unmatched.map((c) => c.utr)).toEqual([
      "412345678903",
    ]);
    expect((await loadUnmatchedPage(h.db, 600, { page: 1, q: "₹499" })).total).toBe(count);
    expect((await loadUnmatchedPage(h.db, 600, { page: 1, q: "Rs 499.00" })).total).toBe(count);
    expect((await loadUnmatchedPage(h.db, 600, { page: 1, q: "100%_" })).total).toBe(0);
    // The search finds the stranger's alerts in their own list too.
    const flood = await loadUnmatchedPage(h.db, 600, { page: 1, q: "rs 500 credited" });
    expect(flood.total).toBe(0);
    expect(flood.untrusted.count).toBe(1);
  });
});
