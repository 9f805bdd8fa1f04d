import { createHash } from "node:crypto";
import type { ImapFlow } from "imapflow";
import type { DNSResolver } from "mailauth";
import type { AppServices } from "~/context";
import { jobLease } from "~/domain/jobs/job-leases.server";
import { customTemplates } from "../payment-settings.server";
import { MAX_ALERT_MAIL_BYTES, describeImapError, imapClient } from "./imap-client.server";
import type { MailboxSettings } from "./mailbox-config";
import { activeMailbox, onMailboxSaved } from "./mailbox-store.server";
import { readAlertMail } from "./read-alert.server";

/**
 * Reads the alert mailbox for as long as the instance runs. It waits for new
 * mail (IDLE, which imapflow runs whenever the mailbox is open and idle, on
 * servers that offer it) or for the poll interval, whichever comes first;
 * each wake re-reads the settings and reconnects when they changed (a save
 * in this instance wakes it at once), so it never runs on stale settings.
 * Errors close the connection and it reconnects with a growing pause: at
 * most a minute while the server is unreachable, so Health shows it back
 * within two minutes (issue 52); longer after a refused login, which only a
 * save of new settings mends (and a save wakes it at once).
 *
 * A message is flagged \Seen (and $BoostKaroDone where the server keeps
 * keywords) only after its credit is recorded; the credit's own dedupe key
 * (the UTR, else the Message-ID) makes a message read twice (after a crash
 * between recording and flagging, or by a second instance) count once. With
 * a lease name, one instance reads each round (the others stay connected).
 */

export const DONE_KEYWORD = "$BoostKaroDone";
const BATCH = 50;

export interface ReaderOptions {
  pollMs: number;
  resolver?: DNSResolver;
  /** Longest pause between reconnects while the server is unreachable or failing. */
  maxBackoffMs?: number;
  /** Longest pause after the server refused the login (a new password is saved, which wakes the reader). */
  maxLoginBackoffMs?: number;
  /** The reader's timer (a test's clock): calls `fn` after `ms`, returns what cancels it. */
  setTimer?: (fn: () => void, ms: number) => () => void;
  /** Told after each round that read the mailbox (null) or failed to (what went wrong, without the password). */
  onRound?: (error: Error | null) => void;
  /**
   * With several instances, each round reads the mailbox on one of them (the job lease of this name,
   * app/domain/jobs/job-leases.server.ts); the others stay connected and skip it. Unset: every round reads.
   */
  leaseName?: string;
}

export interface MailboxReader {
  stop(): Promise<void>;
}

type Services = Pick<AppServices, "db" | "settings" | "config" | "logger">;

function fingerprint(active: { settings: MailboxSettings; password: string } | null): string {
  return createHash("sha256").update(JSON.stringify(active)).digest("hex");
}

export function startMailboxReader(
  services: Services,
  {
    pollMs,
    resolver,
    maxBackoffMs = 60_000,
    maxLoginBackoffMs = 5 * 60_000,
    onRound = () => undefined,
    setTimer = (fn, ms) => {
      const timer = setTimeout(fn, ms);
      return () => clearTimeout(timer);
    },
    leaseName,
  }: ReaderOptions,
) {
  const { logger } = services;
  const lease = leaseName ? jobLease(services.db, leaseName, pollMs, services.config.JOB_LEASE_TTL_MS) : null;
  let stopped = false;
  let client: ImapFlow | null = null;
  let wake: (() => void) | null = null;
  // New mail announced while a round was reading: the next pause ends at once instead of waiting a poll.
  let pending = false;
  const nudge = () => {
    if (wake) wake();
    else pending = true;
  };
  const unsubscribe = onMailboxSaved(nudge);

  const pause = (ms: number) =>
    new Promise<void>((resolve) => {
      if (pending || stopped) {
        pending = false;
        resolve();
        return;
      }
      const cancel = setTimer(done, ms);
      function done() {
        cancel();
        wake = null;
        resolve();
      }
      wake = done;
    });

  async function readNew(imap: ImapFlow, settings: MailboxSettings): Promise<void> {
    const keywords =
      imap.mailbox && (imap.mailbox.permanentFlags?.has("\\*") || imap.mailbox.permanentFlags?.has(DONE_KEYWORD));
    const flags = keywords ? ["\\Seen", DONE_KEYWORD] : ["\\Seen"];
    for (;;) {
      // With keywords, what we did is ours alone: the operator reading a message in a mail app does not hide it from us.
      const found = await imap.search(keywords ? { unKeyword: DONE_KEYWORD } : { seen: false }, { uid: true });
      const uids = (found || []).slice(0, BATCH);
      if (uids.length === 0 || stopped) return;
      const custom = (await customTemplates(services.db)).templates;
      for (const uid of uids) {
        if (stopped) return;
        const meta = await imap.fetchOne(String(uid), { size: true }, { uid: true });
        if (meta && (meta.size ?? 0) <= MAX_ALERT_MAIL_BYTES) {
          const message = await imap.fetchOne(String(uid), { source: true }, { uid: true });
          if (message && message.source) {
            const outcome = await readAlertMail(services, message.source, { settings, custom, resolver });
            logger.info({ uid, ...outcome }, "bank e-mail alert read");
          }
        } else if (meta) logger.info({ uid, bytes: meta.size }, "mail too large for an alert: not read");
        await imap.messageFlagsAdd(String(uid), flags, { uid: true });
      }
      if (uids.length < BATCH) return;
    }
  }

  async function session(active: { settings: MailboxSettings; password: string }): Promise<void> {
    const { settings, password } = active;
    const imap = await imapClient(settings, password, services.config.MAIL_ALLOW_PRIVATE_ADDRESSES);
    client = imap;
    const closed = new Promise<void>((resolve) => imap.once("close", () => resolve()));
    imap.on("error", (error: unknown) =>
      logger.warn({ reason: describeImapError(error, password) }, "mailbox connection error"),
    );
    imap.on("exists", nudge);
    // A dropped connection ends this session's poll pause, and only that: a close that woke (or was left
    // "pending" for) the reconnect pause would cut it short, dialling an unreachable server in a tight loop.
    let polling = false;
    void closed.then(() => {
      if (polling) wake?.();
    });
    try {
      await imap.connect();
      await imap.mailboxOpen(settings.folder);
      logger.info(
        { host: settings.host, folder: settings.folder, idle: imap.capabilities.has("IDLE") },
        "reading bank e-mail alerts",
      );
      const mine = fingerprint(active);
      while (!stopped) {
        const held = lease ? await lease.take(false, () => stopped) : null;
        if (!lease || held) {
          try {
            await readNew(imap, settings);
          } finally {
            await held?.end();
          }
          onRound(null);
        }
        if (imap.usable) {
          polling = true;
          await pause(pollMs).finally(() => (polling = false));
        }
        if (stopped) break;
        if (!imap.usable) throw new Error("The IMAP server closed the connection");
        if (fingerprint(await activeMailbox(services.db)) !== mine) {
          logger.info("mailbox settings changed: reconnecting");
          break;
        }
      }
    } finally {
      client = null;
      await imap.logout().catch(() => imap.close());
    }
  }

  const running = (async () => {
    let failures = 0;
    while (!stopped) {
      let active: Awaited<ReturnType<typeof activeMailbox>> = null;
      try {
        active = await activeMailbox(services.db);
        if (!active) {
          await pause(pollMs);
          continue;
        }
        await session(active);
        failures = 0;
      } catch (error) {
        if (stopped) break;
        failures++;
        const refused = (error as { authenticationFailed?: boolean } | null)?.authenticationFailed === true;
        const delay = Math.min(refused ? maxLoginBackoffMs : maxBackoffMs, 1_000 * 2 ** Math.min(failures, 12));
        const reason = describeImapError(error, active?.password ?? "");
        logger.warn({ reason, retryInMs: delay }, "bank e-mail alerts: reading the mailbox failed");
        onRound(new Error(reason));
        if (!stopped) await pause(delay);
      }
    }
  })();

  const reader: MailboxReader = {
    async stop() {
      stopped = true;
      unsubscribe();
      nudge();
      client?.close();
      await running;
    },
  };
  return reader;
}
