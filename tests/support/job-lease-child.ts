/**
 * An instance's job runner in a process of its own, for tests/integration/job-leases.test.ts to kill with
 * SIGKILL mid-round: it runs the job `JOB_NAME` on the database in DATABASE_URL through the shop's
 * startRepeatingJob (server/jobs/repeating-job.ts), does the first pending work item of its round, prints
 * "mid-round", and then hangs, holding (and renewing) the job's lease, until it is killed.
 */
import { openDatabase } from "~/db/database.server";
import { startRepeatingJob } from "../../server/jobs/repeating-job";
import { doNextItem } from "./job-lease-work";

const url = process.env.DATABASE_URL!;
const { db } = openDatabase({ kind: "postgres", url, poolSize: 2 });
const say = (line: string) => void process.stdout.write(`${line}\n`);
const logger = { error: (_: unknown, m: string) => say(m), warn: (_: unknown, m: string) => say(m) };
const config = {
  JOBS_ENABLED: true,
  SHUTDOWN_TIMEOUT_MS: 1_000,
  JOB_LEASE_TTL_MS: Number(process.env.JOB_LEASE_TTL_MS),
};

startRepeatingJob(
  { db, config, logger } as never,
  process.env.JOB_NAME!,
  Number(process.env.JOB_INTERVAL_MS),
  async () => {
    await doNextItem(db, "child");
    say("mid-round");
    await new Promise(() => undefined); // blocked mid-round for ever
  },
);
// The job's timer does not hold the process open (a shop's server does): this stands in for it.
setInterval(() => undefined, 60_000);
say("started");
