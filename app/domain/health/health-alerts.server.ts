import type { DB } from "~/db/database.server";
import { queueAlert } from "~/domain/operator-alerts/queue.server";
import { formatAge } from "./format";
import type { HealthReport } from "./health.server";

/**
 * Turns the red checks of a health report into operator alerts, once per
 * episode: a problem is remembered from the first time it is seen, and its
 * alert's key names that moment, so checking every minute queues nothing new
 * until the problem has cleared and come back. A problem that cleared is
 * said to be resolved, once (issue 52). Returns the keys of the problems
 * raised this time.
 */
export async function raiseHealthAlerts(db: DB, report: HealthReport, now = Date.now()): Promise<string[]> {
  const failing = report.checks.filter((c) => c.status === "failing");
  const known = new Map((await db.selectFrom("health_problems").selectAll().execute()).map((p) => [p.check_key, p]));
  const cleared = [...known.keys()].filter((key) => !failing.some((c) => c.key === key));
  if (cleared.length > 0) {
    const deleted = await db
      .deleteFrom("health_problems")
      .where("check_key", "in", cleared)
      .returning("check_key")
      .execute();
    // Whoever removed the problem (one instance of several) says it is resolved, once.
    for (const { check_key } of deleted) {
      const problem = known.get(check_key)!;
      const check = report.checks.find((c) => c.key === check_key);
      await queueAlert(
        db,
        {
          event: "shop_health",
          eventKey: `health:${check_key}:${problem.since}:resolved`,
          facts: {
            title: `Resolved: ${check?.label ?? check_key}`,
            lines: [
              `Failing for ${formatAge(now - problem.since)}; now: ${check ? check.summary : "no longer checked"}`,
              `It was: ${problem.detail}`,
            ],
            orderId: null,
            path: "/admin/health",
          },
        },
        now,
      );
    }
  }

  const raised: string[] = [];
  for (const check of failing) {
    let since = known.get(check.key)?.since;
    if (since === undefined) {
      since = now;
      await db
        .insertInto("health_problems")
        .values({ check_key: check.key, since, detail: check.summary.slice(0, 500) })
        .onConflict((oc) => oc.column("check_key").doNothing())
        .execute();
      // Another instance may have seen it first: its moment names the episode.
      since =
        (await db.selectFrom("health_problems").select("since").where("check_key", "=", check.key).executeTakeFirst())
          ?.since ?? since;
    }
    const queued = await queueAlert(
      db,
      {
        event: "shop_health",
        eventKey: `health:${check.key}:${since}`,
        facts: {
          title: `Needs attention: ${check.label}`,
          lines: [check.summary],
          orderId: null,
          path: "/admin/health",
        },
      },
      now,
    );
    if (queued > 0) raised.push(check.key);
  }
  return raised;
}
