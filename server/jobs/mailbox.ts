import type { AppServices } from "~/context";
import { recordJobRun } from "~/domain/jobs/job-runs.server";
import { JOBS } from "~/domain/jobs/jobs";
import { startMailboxReader } from "~/domain/payments/mail/mailbox-reader.server";
import { testDkimResolver } from "~/domain/payments/mail/test-dkim-keys.server";
import type { RunningJob } from "./repeating-job";

/**
 * The bank e-mail alert reader: one per instance. It connects only while the
 * mailbox is set up and on in Settings (it looks again every
 * MAIL_POLL_INTERVAL_MS, and at once when this instance saves the settings).
 */
export function startMailboxJob(services: AppServices): RunningJob {
  const reader = startMailboxReader(services, {
    pollMs: services.config.MAIL_POLL_INTERVAL_MS,
    resolver: testDkimResolver(services.config),
    leaseName: JOBS.mailbox.name,
    // Each round read (or failed to read) the mailbox: the Health page's "mailbox reader" line.
    onRound: (error) =>
      void recordJobRun(services.db, {
        name: JOBS.mailbox.name,
        intervalMs: services.config.MAIL_POLL_INTERVAL_MS,
        error,
      }).catch((err: unknown) => services.logger.warn({ err }, "the mailbox reader's state could not be recorded")),
  });
  return {
    async stop() {
      // A credit being recorded finishes; a reader stuck on the network does not hold the shutdown.
      await Promise.race([
        reader.stop(),
        new Promise((done) => setTimeout(done, services.config.SHUTDOWN_TIMEOUT_MS).unref()),
      ]);
    },
  };
}
