import { randomInt } from "node:crypto";
import type { AppServices } from "~/context";
import { type DB, transaction } from "~/db/database.server";
import { isUniqueViolation } from "~/db/unique-violation";
import { type Actor, auditBy, recordAudit } from "~/domain/audit/audit.server";
import { AppError } from "~/lib/app-error";
import { findAccount } from "~/domain/receiving-accounts/accounts.repository.server";
import { insertCredit } from "../credits.repository.server";
import { type Credit, type CreditOutcome, dedupeKey } from "../matching.server";
import { appAlertConfig, smsSecretStatus } from "../payment-settings.server";
import { mailboxSettings } from "../mail/mailbox-store.server";
import { qrSvgDataUri } from "../qr.server";
import { buildPersonalLink, buildUpiLink } from "../upi";
import { type CheckEvent, type CheckReading, type CheckStage, checkStages } from "./stages";
import type { PaymentCheckRow } from "./table";

/**
 * The "pay ₹1 to yourself" check of Settings (issue 44, point 7). The
 * operator picks one of the shop's receiving accounts and pays it a unique
 * small amount (₹1.01 to ₹1.99) from any UPI app; every alert that reaches
 * the shop meanwhile is noted with what became of it, and the alert carrying
 * exactly that amount, tied to that account by the same rules an order's
 * payment passes, confirms the check. A check is never an order: nothing of
 * it reaches the dashboard, the orders or their exports; its credit is kept
 * under Payments with the status "check".
 */

export const CHECK_MINUTES = 15;

export const CHECK_MESSAGES = {
  started: (amount: string, upi: string) => `Pay exactly ${amount} to ${upi} from any UPI app`,
  cancelled: "Check cancelled",
  accountMissing: "Choose one of your receiving accounts",
  notWaiting: "That check is no longer waiting",
} as const;

/** What the Settings card shows of the latest check. */
export interface CheckView {
  id: number;
  status: PaymentCheckRow["status"];
  amountPaise: number;
  upiId: string;
  startedAt: number;
  expiresAt: number;
  /** The QR and link to pay it, while it waits. */
  qrDataUri: string | null;
  upiLink: string | null;
  stages: CheckStage[];
}

function eventsOf(row: PaymentCheckRow): CheckEvent[] {
  try {
    const parsed: unknown = JSON.parse(row.events);
    return Array.isArray(parsed) ? (parsed as CheckEvent[]) : [];
  } catch {
    return [];
  }
}

/** The check waiting for its payment now, if any (one indexed read: every alert asks). */
async function waitingCheck(db: DB, now: number): Promise<PaymentCheckRow | undefined> {
  return db
    .selectFrom("payment_checks")
    .selectAll()
    .where("status", "=", "waiting")
    .where("expires_at", ">=", now)
    .orderBy("id", "desc")
    .executeTakeFirst();
}

/** Starts a check on this account: any check still waiting is cancelled (one at a time). */
export async function startCheck(
  services: Pick<AppServices, "db" | "settings">,
  actor: Actor,
  accountId: number,
  now = Date.now(),
): Promise<CheckView> {
  const { db } = services;
  const row = await transaction(db, async (trx) => {
    const account = await findAccount(trx, accountId);
    if (!account) throw new AppError("NOT_FOUND", CHECK_MESSAGES.accountMissing, { field: "accountId" });
    await trx
      .updateTable("payment_checks")
      .set({ status: "cancelled", finished_at: now })
      .where("status", "=", "waiting")
      .execute();
    // ₹1.01 to ₹1.99: a plan's unique amounts are never this small.
    const amount = 101 + randomInt(99);
    const started = await trx
      .insertInto("payment_checks")
      .values({
        account_id: account.id,
        upi_id: account.upi_id,
        amount_paise: amount,
        status: "waiting",
        started_by: auditBy(actor).actor,
        started_at: now,
        expires_at: now + CHECK_MINUTES * 60_000,
        finished_at: null,
        credit_id: null,
        events: "[]",
      })
      .returningAll()
      .executeTakeFirstOrThrow();
    await recordAudit(
      trx,
      {
        ...auditBy(actor),
        action: "payment_check.start",
        targetType: "receiving_account",
        targetId: account.id,
        details: { upiId: account.upi_id, amountPaise: started.amount_paise },
      },
      now,
    );
    return started;
  });
  return viewOf(services, row, now);
}

export async function cancelCheck(db: DB, actor: Actor, id: number, now = Date.now()): Promise<void> {
  const result = await db
    .updateTable("payment_checks")
    .set({ status: "cancelled", finished_at: now })
    .where("id", "=", id)
    .where("status", "=", "waiting")
    .executeTakeFirst();
  if (Number(result.numUpdatedRows) === 0) throw new AppError("INVALID_TRANSITION", CHECK_MESSAGES.notWaiting);
  await recordAudit(
    db,
    { ...auditBy(actor), action: "payment_check.cancel", targetType: "payment_check", targetId: id },
    now,
  );
}

/** The latest check as the card shows it (a waiting one past its time is failed first); null before the first. */
export async function latestCheck(
  services: Pick<AppServices, "db" | "settings">,
  now = Date.now(),
): Promise<CheckView | null> {
  const { db } = services;
  let row = await db.selectFrom("payment_checks").selectAll().orderBy("id", "desc").executeTakeFirst();
  if (!row) return null;
  if (row.status === "waiting" && row.expires_at < now) {
    await db
      .updateTable("payment_checks")
      .set({ status: "failed", finished_at: now })
      .where("id", "=", row.id)
      .where("status", "=", "waiting")
      .execute();
    row = { ...row, status: "failed", finished_at: now };
  }
  return viewOf(services, row, now);
}

async function viewOf(
  services: Pick<AppServices, "db" | "settings">,
  row: PaymentCheckRow,
  now: number,
): Promise<CheckView> {
  const [sms, mailbox, site, account, appAlerts] = await Promise.all([
    smsSecretStatus(services.db),
    mailboxSettings(services.db),
    services.settings.get(),
    findAccount(services.db, row.account_id),
    appAlertConfig(services.db),
  ]);
  const waiting = row.status === "waiting" && row.expires_at >= now;
  const link = {
    payeeVpa: row.upi_id,
    payeeName: site.merchantName,
    amountPaise: row.amount_paise,
    note: "Payment check",
  };
  const upiLink = !waiting
    ? null
    : account?.kind === "personal"
      ? buildPersonalLink(link)
      : buildUpiLink({ ...link, reference: `CHECK${row.id}` });
  return {
    id: row.id,
    status: row.status,
    amountPaise: row.amount_paise,
    upiId: row.upi_id,
    startedAt: row.started_at,
    expiresAt: row.expires_at,
    upiLink,
    qrDataUri: upiLink ? await qrSvgDataUri(upiLink) : null,
    stages: checkStages(
      {
        status: row.status,
        amountPaise: row.amount_paise,
        upiId: row.upi_id,
        expiresAt: row.expires_at,
        events: eventsOf(row),
        sources: {
          sms: sms.configured,
          email: mailbox.enabled,
          app: appAlerts.secret !== null && appAlerts.apps.length > 0,
        },
      },
      now,
    ),
  };
}

/** Adds what became of one alert to the waiting check's record (nothing when no check waits). */
async function note(db: DB, event: CheckEvent, now: number): Promise<void> {
  await transaction(db, async (trx) => {
    const check = await waitingCheck(trx, now);
    if (!check) return;
    const events = [...eventsOf(check), event].slice(-20);
    await trx
      .updateTable("payment_checks")
      .set({ events: JSON.stringify(events) })
      .where("id", "=", check.id)
      .execute();
  });
}

/**
 * An alert that reached the shop but was not read as a credit (the SMS endpoint and the mailbox call it
 * for what they do not keep): the waiting check says so, with the reader's reason.
 */
export async function noteUnreadAlert(
  db: DB,
  alert: { source: string; sender: string | null; reason: string; detail: string },
  now = Date.now(),
): Promise<void> {
  if (!(await waitingCheck(db, now))) return;
  await note(db, { at: now, kind: "not_read", ...alert, sender: alert.sender?.slice(0, 100) ?? null }, now);
}

function readingOf(credit: Credit): CheckReading {
  const payee = credit.payee;
  const account = [payee?.account ? `A/c XX${payee.account}` : null, payee?.upiId ?? null].filter(Boolean).join(" · ");
  const utr = credit.utr ?? (typeof credit.evidence.utr === "string" ? credit.evidence.utr : null);
  return { amountPaise: credit.amountPaise, utr, account: account || null };
}

function senderOf(credit: Credit): string | null {
  const from = credit.evidence.from;
  return typeof from === "string" ? from.slice(0, 100) : (credit.reporter ?? null);
}

/**
 * A credit an alert source hands over while a check waits, once tied to the shop's accounts: when it is
 * the check's payment (exactly its amount, on its account), it is kept as the check's (status "check"),
 * the check is confirmed, and no order is looked at. Null when it is not (it goes on to the orders).
 */
export async function payCheck(db: DB, credit: Credit, now = Date.now()): Promise<CreditOutcome | null> {
  if (credit.source === "gateway" || credit.unreadable || credit.amountPaise === null) return null;
  const check = await waitingCheck(db, now);
  if (!check || credit.amountPaise !== check.amount_paise) return null;
  if (credit.accountIds && !credit.accountIds.includes(check.account_id)) return null;
  if (credit.at < check.started_at - 5 * 60_000) return null;
  try {
    return await transaction(db, async (trx) => {
      const row = await insertCredit(trx, {
        source: credit.source,
        dedupe_key: dedupeKey(credit),
        amount_paise: credit.amountPaise,
        utr: credit.utr ?? null,
        payer_vpa: credit.payerVpa ?? null,
        credited_at: credit.at,
        received_at: now,
        evidence: JSON.stringify({ ...credit.evidence, check: check.id }),
        status: "check",
        reason: "₹1 payment check",
        order_id: null,
        resolved_by: "payment check",
        resolved_at: now,
        resolution_note: `Payment check ${check.id}`,
      });
      if (!row) return null;
      const events: CheckEvent[] = [
        ...eventsOf(check),
        {
          at: now,
          kind: "matched",
          source: credit.source,
          sender: senderOf(credit),
          read: readingOf(credit),
          creditId: row.id,
        },
      ];
      const settled = await trx
        .updateTable("payment_checks")
        .set({ status: "confirmed", finished_at: now, credit_id: row.id, events: JSON.stringify(events) })
        .where("id", "=", check.id)
        .where("status", "=", "waiting")
        .executeTakeFirst();
      if (Number(settled.numUpdatedRows) === 0) throw new CheckGone();
      return { kind: "check" as const, credit: row, checkId: check.id };
    });
  } catch (error) {
    // Another report of the same payment confirmed it a moment ago: this one goes the usual way.
    if (error instanceof CheckGone || isUniqueViolation(error)) return null;
    throw error;
  }
}

class CheckGone extends Error {}

/** What became of a credit that was not the check's payment, for the waiting check's record. */
export async function noteCredit(db: DB, credit: Credit, outcome: CreditOutcome, now = Date.now()): Promise<void> {
  if (credit.source === "gateway" || outcome.kind === "check" || !(await waitingCheck(db, now))) return;
  const base = { at: now, source: credit.source, sender: senderOf(credit) };
  const why = typeof credit.evidence.why === "string" ? credit.evidence.why : "";
  if (credit.unreadable === "unrecognised" || credit.unreadable === "untrusted_sender") {
    const parse = typeof credit.evidence.parse === "string" ? credit.evidence.parse : credit.unreadable;
    await note(db, { ...base, kind: "not_read", reason: parse, detail: why }, now);
  } else if (credit.unreadable) {
    await note(
      db,
      { ...base, kind: "set_aside", read: readingOf(credit), reason: credit.unreadable, detail: why },
      now,
    );
  } else {
    await note(db, { ...base, kind: "other_payment", read: readingOf(credit) }, now);
  }
}
