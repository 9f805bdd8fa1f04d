// Types for kept-current.mjs (plain JavaScript: `npm test` runs it with node, no build).
export interface Advisory {
  id: string;
  package: string;
  vulnerable: string;
  severity?: string;
  title?: string;
  url?: string;
}
export interface AdvisoryRecord {
  recorded: string;
  advisories: Advisory[];
  accepted?: { id: string; package: string; version: string; reason: string }[];
}
export interface LockedPackage {
  name: string;
  version: string;
  path: string;
}
export const MAX_ADVISORY_AGE_DAYS: number;
export function lockedPackages(lock: {
  packages?: Record<string, { version?: string; link?: boolean }>;
}): LockedPackage[];
export function advisoryFindings(
  lock: { packages?: Record<string, { version?: string; link?: boolean }> },
  record: AdvisoryRecord,
  extra?: LockedPackage[],
): (LockedPackage & { advisory: Advisory })[];
export function runningNode(version: string): LockedPackage;
export function unreadableAdvisories(record: AdvisoryRecord): string[];
export function runtimeProblems(facts: {
  version: string;
  pinned: string;
  today: string;
  releases: { recorded: string; majors: Record<string, { end: string }> };
}): string[];
export function staleAdvisories(record: AdvisoryRecord, today: string): string | null;
export function advisoriesFromAudit(report: unknown): Advisory[];
export function mergeAdvisories(record: AdvisoryRecord, added: Advisory[], today: string): AdvisoryRecord;
export function releasesFromSchedule(
  schedule: Record<string, { lts?: string; end: string; codename?: string }>,
  options: { source: string; today: string },
): {
  source: string;
  recorded: string;
  note: string;
  majors: Record<string, { lts?: string; end: string; codename?: string }>;
};
