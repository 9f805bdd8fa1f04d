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

/** Which instance runs a background job's round, shared by every instance (app/domain/jobs/job-leases.server.ts). */
export interface JobLeaseTable {
  name: string;
  /** The job runner that took it last (host, process and a random part). */
  holder: string;
  /** Until when the last round counts as this round: no other holder starts one before. */
  round_until: number;
  /** While a round runs, renewed; a holder that died stops renewing and the lease lapses here. */
  expires_at: number;
}
