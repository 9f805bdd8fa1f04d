// Types for node-runtime.mjs (plain JavaScript, so server.js can load it on any Node).
export interface NodeReleases {
  source: string;
  recorded: string;
  majors: Record<string, { lts?: string; end: string; codename?: string }>;
}
export function nodeReleases(): NodeReleases;
export function pinnedNodeVersion(pkg?: { optionalDependencies?: Record<string, string> }): string;
export function majorOf(version: string): number;
export function runtimeRefusal(facts: { version: string; execPath: string; pinned: string }): string | null;
export function endOfLifeWarning(facts: {
  version: string;
  today: string;
  releases: Pick<NodeReleases, "recorded" | "majors">;
}): string | null;
export function isoDay(date?: Date): string;
/** The V8 flags the shop's process starts with, wherever it runs. */
export const SHOP_NODE_FLAGS: string[];
