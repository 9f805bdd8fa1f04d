import { describe, expect, it } from "vitest";
import type { AppServices } from "~/context";
import { raiseHealthAlerts } from "~/domain/health/health-alerts.server";
import { shopHealth } from "~/domain/health/health.server";
import { forgetJobRunWrites, recordJobRun } from "~/domain/jobs/job-runs.server";
import { JOBS } from "~/domain/jobs/jobs";
import { forgetPanelHealth } from "~/domain/health/panel-check.server";
import { findOrder } from "~/domain/orders/orders.repository.server";
import { retryWaitingOrders } from "~/domain/fulfilment/placement-jobs.server";
import { sendToPanel } from "~/domain/fulfilment/placement.server";
import { testDatabases } from "../support/databases";
import { makeOrder } from "../support/orders";
import { panelShops } from "../support/panel-shop";

/**
 * Health tells the truth within two minutes (issue 52, point 4), on both
 * databases, with the clocks driven (each check is given the time it should
 * see, as the health job's ticks would): a panel that stops answering is red
 * and alerted, and "resolved" when it answers again; a job that stopped is
 * red; a paid order that waited through a long panel outage is sent within two
 * minutes of the panel's return, the panel asked once per wait meanwhile.
 */

const SECOND = 1_000;
const MINUTE = 60 * SECOND;
const TICK = 30 * SECOND;
const AUTO = { kind: "system", job: "auto-send" } as const;

describe.each(testDatabases())("health within two minutes on $name", (kind) => {
  const shop = panelShops(kind);
  let services: AppServices;

  /** One tick of the health job at `now`: the panel is asked, the report read, the alerts raised. */
  async function healthTick(now: number) {
    const report = await shopHealth(services, { now, upSince: now - 60 * MINUTE, refreshPanel: true });
    await raiseHealthAlerts(services.db, report, now);
    return report;
  }
  const status = (report: Awaited<ReturnType<typeof healthTick>>, key: string) =>
    report.checks.find((c) => c.key === key)?.status;
  // The panel's alerts (this bare test shop's jobs never ran: their lines are red too).
  const alertTitles = async () =>
    (
      await services.db
        .selectFrom("alert_outbox")
        .select("facts")
        .where("event", "=", "shop_health")
        .orderBy("id")
        .execute()
    )
      .map((a) => (JSON.parse(a.facts) as { title: string }).title)
      .filter((title) => title.endsWith("SMM panel"));

  it("turns a panel that stops answering red within two minutes, alerts once, and says when it is resolved", async () => {
    const { services: s, panel } = await shop("perfectpanel", { alerts: true });
    services = s;
    forgetPanelHealth(services.db);
    const t0 = Date.now();
    expect(status(await healthTick(t0), "panel")).toBe("ok");

    await panel.pause();
    const down = t0 + 1_000;
    let red: number | null = null;
    for (let now = down + TICK; now <= down + 3 * MINUTE && red === null; now += TICK) {
      if (status(await healthTick(now), "panel") === "failing") red = now;
    }
    expect(red).not.toBeNull();
    // Worst case: one tick (30 s) to the first failed check, one more to the second.
    expect(red! - down).toBeLessThanOrEqual(2 * MINUTE);
    await healthTick(red! + TICK);
    expect(await alertTitles()).toEqual(["Needs attention: SMM panel"]);

    await panel.resume();
    const report = await healthTick(red! + 2 * TICK);
    expect(status(report, "panel")).toBe("ok");
    expect(await alertTitles()).toEqual(["Needs attention: SMM panel", "Resolved: SMM panel"]);
  });

  it("turns a job that stopped red within two minutes of its last run", async () => {
    const { services: s } = await shop("perfectpanel");
    services = s;
    forgetJobRunWrites(services.db);
    const t0 = Date.now();
    await recordJobRun(services.db, { name: JOBS.payments.name, intervalMs: 5 * SECOND, error: null }, t0);
    const at = async (ms: number) =>
      (await shopHealth(services, { now: t0 + ms, upSince: t0 - MINUTE })).checks.find(
        (c) => c.key === `job:${JOBS.payments.name}`,
      )?.status;
    expect(await at(30 * SECOND)).toBe("ok");
    expect(await at(2 * MINUTE)).toBe("failing");
    // A failing job: amber at its first failure, red at its second (here 20 s later).
    await recordJobRun(
      services.db,
      { name: JOBS.payments.name, intervalMs: 5 * SECOND, error: "boom" },
      t0 + 10 * SECOND,
    );
    expect(await at(15 * SECOND)).toBe("warn");
    expect(await at(31 * SECOND)).toBe("failing");
  });

  it("sends a paid order that waited through a 30-minute outage within two minutes of the panel's return", async () => {
    const { services: s, panel } = await shop("perfectpanel", {
      config: { PANEL_TIMEOUT_MS: 400, PANEL_RETRY_BASE_MS: 30_000 },
    });
    services = s;
    const t0 = Date.now();
    const orders = await Promise.all(
      ["priya.bakes", "ravi.runs", "meera.sings"].map((target) =>
        makeOrder(services.db, { status: "paid", paid_at: t0, paid_by: "owner", target }),
      ),
    );
    await panel.pause();
    for (const o of orders) await sendToPanel(services, o.order_id, { actor: AUTO, now: () => t0 });
    // The payment job every 5 s for 30 minutes of outage.
    const callsBefore = panel.calls.length;
    let now = t0;
    for (; now < t0 + 30 * MINUTE; now += 5 * SECOND) await retryWaitingOrders(services, now);
    // Asked once per wait (at most every 90 s ±20%), not once per order per round.
    const asked = panel.calls.length - callsBefore;
    expect(asked).toBeLessThanOrEqual(30);
    expect((await findOrder(services.db, orders[0]!.order_id))?.status).toBe("waiting_panel");

    await panel.resume();
    const back = now;
    let sent = 0;
    for (; sent < orders.length && now <= back + 3 * MINUTE; now += 5 * SECOND) {
      sent += await retryWaitingOrders(services, now);
    }
    expect(sent).toBe(orders.length);
    expect(now - back).toBeLessThanOrEqual(2 * MINUTE);
    expect(panel.count("add")).toBe(orders.length);
  });
});
