import type { AppServices } from "~/context";
import { getDashboard } from "~/domain/dashboard/dashboard.server";
import { IST_OFFSET_MS, DAY_MS, istDate } from "~/lib/ist-time";
import { getPanelBalance } from "~/domain/panel/info.server";
import { formatInr } from "~/lib/money";
import { channelsFor } from "./alert-settings";
import { alertSettings } from "./alert-settings.server";
import { queueAlert } from "./queue.server";

/**
 * Alerts no single change causes: the daily summary (once per IST day, at or
 * after the chosen time) and a low panel balance (looked at now and then;
 * once per IST day). Both are queued like every other alert, under a key
 * naming the day, so several instances queue each once.
 */

/** Minutes after 00:00 IST. */
export function istMinuteOfDay(ms: number): number {
  return Math.floor(((((ms + IST_OFFSET_MS) % DAY_MS) + DAY_MS) % DAY_MS) / 60_000);
}

export function summaryDue(dailySummaryTime: string, now: number): boolean {
  const [hh, mm] = dailySummaryTime.split(":").map(Number) as [number, number];
  return istMinuteOfDay(now) >= hh * 60 + mm;
}

export async function queueDailySummary(services: Pick<AppServices, "db">, now = Date.now()): Promise<boolean> {
  const { db } = services;
  const { settings, secrets } = await alertSettings(db);
  if (channelsFor("daily_summary", settings, secrets).length === 0 || !summaryDue(settings.dailySummaryTime, now)) {
    return false;
  }
  const day = istDate(now);
  const eventKey = `daily_summary:${day}`;
  const queued = await db.selectFrom("alert_outbox").select("id").where("event_key", "=", eventKey).executeTakeFirst();
  if (queued) return false;
  const today = await getDashboard(db, { timeRange: "today", status: "all" }, now);
  const toConfirm = await db
    .selectFrom("orders")
    .select((eb) => eb.fn.countAll<number>().as("n"))
    .where("status", "=", "payment_claimed")
    .executeTakeFirstOrThrow();
  const facts = {
    title: `Summary for ${day}: ${today.totalOrders} paid orders, ₹${today.totalRevenue.toLocaleString("en-IN")}`,
    lines: [
      `Delivered: ${today.successOrders}`,
      `Payments to confirm now: ${Number(toConfirm.n)}`,
      `Refunds due now: ${today.refundsDue} (₹${today.refundsDueAmount.toLocaleString("en-IN")})`,
    ],
    orderId: null,
    path: "/admin/dashboard",
  };
  return (await queueAlert(db, { event: "daily_summary", eventKey, facts }, now)) > 0;
}

/**
 * "off" when there was nothing to ask (no threshold, no channel, already told today): the panel
 * was not called. Otherwise whether the balance was low and the alert queued.
 */
export async function queueLowBalance(
  services: Pick<AppServices, "db" | "settings" | "config" | "demoPanelUrl">,
  now = Date.now(),
): Promise<"off" | "queued" | "fine"> {
  const { db } = services;
  const { settings, secrets } = await alertSettings(db);
  const threshold = settings.balanceThresholdPaise;
  if (threshold === null || channelsFor("low_balance", settings, secrets).length === 0) return "off";
  const eventKey = `low_balance:${istDate(now)}`;
  const queued = await db.selectFrom("alert_outbox").select("id").where("event_key", "=", eventKey).executeTakeFirst();
  if (queued) return "off";
  const balance = await getPanelBalance(services);
  if (!balance.ok || balance.balancePaise === null || balance.balancePaise >= threshold) return "fine";
  const facts = {
    title: `Panel balance is low: ${formatInr(balance.balancePaise)} (alert below ${formatInr(threshold)})`,
    lines: [`The panel says ${balance.balance} ${balance.currency}. Top it up so paid orders keep going out.`],
    orderId: null,
    path: "/admin/settings",
  };
  await queueAlert(db, { event: "low_balance", eventKey, facts }, now);
  return "queued";
}
