import type { Generated } from "kysely";

/** A problem the health check found and still finds; gone when it clears. */
export interface HealthProblemTable {
  check_key: string;
  since: number;
  detail: string;
}

/** One start of a shop process (0053): a crash loop shows as many starts whose previous process crashed. */
export interface ProcessStartTable {
  id: Generated<number>;
  /** host:port of the process: the starts of one instance follow each other. */
  instance: string;
  pid: number;
  /** The release folder it runs from, when it runs from one (npm run upgrade). */
  release: string | null;
  started_at: number;
  /** When it stopped cleanly; null while it runs or when it died. */
  stopped_at: number | null;
  /** How the process before it on this instance ended, in words. */
  previous_end: string | null;
  /** 1 when that process crashed (an uncaught error, killed, out of memory), 0 when it stopped cleanly. */
  previous_crashed: number;
}
