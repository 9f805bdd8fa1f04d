import { IST_OFFSET_MS } from "~/lib/ist-time";

const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;

export interface RetentionRule {
  /** The newest backup of each of this many most recent hours (that have one) is kept. */
  hourly: number;
  /** The newest backup of each of this many most recent IST days (that have one) is kept. */
  daily: number;
}

/**
 * Which whole-database backups a retention rule lets go: everything that is
 * neither the newest of one of the `hourly` latest hours nor the newest of one
 * of the `daily` latest days (IST, the operator's calendar). The newest backup
 * is always kept, whatever the rule. Backups are `{ name, createdAt }`, in any order.
 */
export function backupsToDelete<B extends { name: string; createdAt: number }>(backups: B[], rule: RetentionRule): B[] {
  const newestFirst = [...backups].sort((a, b) => b.createdAt - a.createdAt);
  const keep = new Set<string>();
  const pick = (bucketOf: (ms: number) => number, count: number) => {
    const seen = new Set<number>();
    for (const backup of newestFirst) {
      const bucket = bucketOf(backup.createdAt);
      if (seen.has(bucket)) continue;
      if (seen.size >= count) break;
      seen.add(bucket);
      keep.add(backup.name);
    }
  };
  pick((ms) => Math.floor(ms / HOUR_MS), rule.hourly);
  pick((ms) => Math.floor((ms + IST_OFFSET_MS) / DAY_MS), rule.daily);
  if (newestFirst[0]) keep.add(newestFirst[0].name);
  return newestFirst.filter((b) => !keep.has(b.name));
}
