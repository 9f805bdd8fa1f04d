/** One background job's latest run, shared by every instance (written at most once a minute while nothing changes). */
export interface JobRunTable {
  name: string;
  /** How often the job means to run: a run older than a few of these is stale. */
  interval_ms: number;
  last_run_at: number;
  last_ok_at: number | null;
  last_error: string | null;
  last_error_at: number | null;
  /** When the current run of failures began; null while the job succeeds. */
  failing_since: number | null;
}
