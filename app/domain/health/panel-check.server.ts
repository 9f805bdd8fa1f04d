import type { AppServices } from "~/context";
import type { DB } from "~/db/database.server";
import { alertSettings } from "~/domain/operator-alerts/alert-settings.server";
import { getPanelBalance } from "~/domain/panel/info.server";

/**
 * The SMM panel's reachability and balance for the Health page, asked at
 * most every CHECK_EVERY_MS (20 s: every tick of the health job, so a broken panel is red within a
 * minute or two, issue 52) per instance (an uptime monitor polling the
 * readiness endpoint must not turn into a stream of panel calls). A page
 * that finds the answer old starts a new check and shows the last one.
 */

const CHECK_EVERY_MS = 20_000;

export type PanelHealth =
  | { state: "off"; message: string; checkedAt: number | null }
  | { state: "unknown"; message: string; checkedAt: null }
  | { state: "failing"; message: string; checkedAt: number; failingSince: number; failingForMs: number }
  | { state: "ok"; balance: string; currency: string; low: boolean; checkedAt: number };

type Services = Pick<AppServices, "db" | "settings" | "config" | "demoPanelUrl">;

interface Cached {
  result: PanelHealth;
  failingSince: number | null;
  running: Promise<void> | null;
}
const cache = new WeakMap<DB, Cached>();

async function check(services: Services, entry: Cached, now: number): Promise<void> {
  const balance = await getPanelBalance(services).catch((error: unknown) => ({
    ok: false as const,
    code: "UPSTREAM_FAILED" as const,
    message: error instanceof Error ? error.message : String(error),
  }));
  if (!balance.ok && balance.code === "NOT_CONFIGURED") {
    entry.failingSince = null;
    entry.result = { state: "off", message: balance.message, checkedAt: now };
  } else if (!balance.ok) {
    entry.failingSince ??= now;
    entry.result = {
      state: "failing",
      message: balance.message,
      checkedAt: now,
      failingSince: entry.failingSince,
      failingForMs: now - entry.failingSince,
    };
  } else {
    entry.failingSince = null;
    const threshold = (await alertSettings(services.db)).settings.balanceThresholdPaise;
    entry.result = {
      state: "ok",
      balance: balance.balance,
      currency: balance.currency,
      low: threshold !== null && balance.balancePaise !== null && balance.balancePaise < threshold,
      checkedAt: now,
    };
  }
}

/**
 * The last known state. `refresh` (the health job) waits for a check when
 * the last one is old; otherwise an old answer starts one in the background.
 */
export async function panelHealth(
  services: Services,
  { now = Date.now(), refresh = false } = {},
): Promise<PanelHealth> {
  let entry = cache.get(services.db);
  if (!entry) {
    entry = {
      result: { state: "unknown", message: "Not checked yet", checkedAt: null },
      failingSince: null,
      running: null,
    };
    cache.set(services.db, entry);
  }
  const checkedAt = entry.result.checkedAt;
  if ((checkedAt === null || now - checkedAt >= CHECK_EVERY_MS) && !entry.running) {
    const current = entry;
    current.running = check(services, current, now)
      .catch(() => undefined)
      .finally(() => (current.running = null));
  }
  if (refresh && entry.running) await entry.running;
  const result = entry.result;
  // How long it has been failing, as of now.
  return result.state === "failing" ? { ...result, failingForMs: now - result.failingSince } : result;
}

/** Forgets the last check (tests, and a save of the panel settings). */
export function forgetPanelHealth(db: DB): void {
  cache.delete(db);
}
