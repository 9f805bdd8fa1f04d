import { randomInt } from "node:crypto";
import { type DB, transaction } from "~/db/database.server";
import type { RequestClient } from "~/domain/audit/audit.server";
import { lockOrder } from "~/domain/orders/orders.repository.server";
import { AppError } from "~/lib/app-error";
import { clocksFor, warningDue } from "./clocks";
import { publishComplaint } from "./events.server";
import type { ComplaintRow } from "./table";

/**
 * Buyers' complaints (issue 51, point 1): opened from /track or the contact
 * page with the order id and phone (the caller has checked them), acknowledged
 * and resolved by the operator with a note, each step published to the
 * listeners (audit, alert) in its transaction. Refusals are AppErrors whose
 * `details.reason` the buyer's page translates.
 */

export const COMPLAINT_MESSAGE_MIN = 10;
export const COMPLAINT_MESSAGE_MAX = 1000;
export const COMPLAINT_NOTE_MAX = 1000;
/** A buyer may have this many complaints not yet resolved per order: more is a script, not a buyer. */
export const OPEN_PER_ORDER = 3;

const TICKET_ALPHABET = "23456789ABCDEFGHJKLMNPQRSTUVWXYZ";

/** "CMP-7Q2M9XD4": 40 random bits, quoted by the buyer and never guessed. */
export function newTicket(): string {
  let ticket = "CMP-";
  for (let i = 0; i < 8; i++) ticket += TICKET_ALPHABET[randomInt(TICKET_ALPHABET.length)];
  return ticket;
}

export type ComplaintRefusal = "COMPLAINT_TOO_SHORT" | "COMPLAINT_TOO_LONG" | "COMPLAINT_TOO_MANY";

const REFUSAL_TEXT: Record<ComplaintRefusal, string> = {
  COMPLAINT_TOO_SHORT: `Please describe the problem in at least ${COMPLAINT_MESSAGE_MIN} characters`,
  COMPLAINT_TOO_LONG: `Please keep it under ${COMPLAINT_MESSAGE_MAX} characters`,
  COMPLAINT_TOO_MANY: "This order already has complaints we are working on. We will reply to those first.",
};

function refuse(reason: ComplaintRefusal): AppError {
  return new AppError(reason === "COMPLAINT_TOO_MANY" ? "CONFLICT" : "INVALID_INPUT", REFUSAL_TEXT[reason], {
    reason,
  });
}

/**
 * Opens a complaint about an order. The same words sent again for the same
 * order while it is still open (a double tap, a retried form) give back the
 * complaint already made, never a second ticket.
 */
export async function openComplaint(
  db: DB,
  input: { orderId: string; message: string; client?: RequestClient },
  now = Date.now(),
): Promise<ComplaintRow> {
  const message = input.message.replace(/\s+/g, " ").trim();
  if (message.length < COMPLAINT_MESSAGE_MIN) throw refuse("COMPLAINT_TOO_SHORT");
  if (message.length > COMPLAINT_MESSAGE_MAX) throw refuse("COMPLAINT_TOO_LONG");
  return transaction(db, async (trx) => {
    // Serialises two submissions for one order: the order row is the lock both take.
    if (!(await lockOrder(trx, input.orderId))) throw new AppError("NOT_FOUND", "Order not found");
    const open = await trx
      .selectFrom("complaints")
      .selectAll()
      .where("order_id", "=", input.orderId)
      .where("status", "!=", "resolved")
      .execute();
    const same = open.find((c) => c.message === message);
    if (same) return same;
    if (open.length >= OPEN_PER_ORDER) throw refuse("COMPLAINT_TOO_MANY");
    const { ackDueAt, resolveDueAt } = clocksFor(now);
    const complaint = await trx
      .insertInto("complaints")
      .values({
        ticket: newTicket(),
        order_id: input.orderId,
        message,
        status: "open",
        created_at: now,
        ack_due_at: ackDueAt,
        resolve_due_at: resolveDueAt,
        acknowledged_at: null,
        acknowledged_by: null,
        ack_note: null,
        resolved_at: null,
        resolved_by: null,
        resolution_note: null,
        ack_warned_at: null,
        resolve_warned_at: null,
      })
      .returningAll()
      .executeTakeFirstOrThrow();
    await publishComplaint(trx, { step: "opened", complaint, actor: "buyer", client: input.client, now });
    return complaint;
  });
}

function cleanNote(note: string): string {
  const text = note.trim();
  if (text === "") throw new AppError("INVALID_INPUT", "Write a note for the buyer's record", { field: "note" });
  if (text.length > COMPLAINT_NOTE_MAX) {
    throw new AppError("INVALID_INPUT", `The note can be at most ${COMPLAINT_NOTE_MAX} characters`, { field: "note" });
  }
  return text;
}

/** The operator acknowledges an open complaint, with a note (what they will do). */
export function acknowledgeComplaint(db: DB, actor: Actor, ticket: string, note: string, now = Date.now()) {
  return takeStep(db, actor, ticket, note, now, "acknowledged");
}

/** The operator resolves a complaint (acknowledging it too, if it was not yet), with the resolution. */
export function resolveComplaint(db: DB, actor: Actor, ticket: string, note: string, now = Date.now()) {
  return takeStep(db, actor, ticket, note, now, "resolved");
}

type Actor = { name: string; client?: RequestClient };

/** One step with its note: the row moves only from a status the step leaves (acknowledged: open; resolved: any other). */
async function takeStep(
  db: DB,
  actor: Actor,
  ticket: string,
  note: string,
  now: number,
  step: "acknowledged" | "resolved",
): Promise<ComplaintRow> {
  const text = cleanNote(note);
  return transaction(db, async (trx) => {
    const before = await trx
      .selectFrom("complaints")
      .select("acknowledged_at")
      .where("ticket", "=", ticket)
      .executeTakeFirst();
    const acknowledging = { acknowledged_at: now, acknowledged_by: actor.name };
    const complaint = await trx
      .updateTable("complaints")
      .set(
        step === "acknowledged"
          ? { status: step, ...acknowledging, ack_note: text }
          : {
              status: step,
              resolved_at: now,
              resolved_by: actor.name,
              resolution_note: text,
              ...(before?.acknowledged_at === null ? acknowledging : {}),
            },
      )
      .where("ticket", "=", ticket)
      .where("status", step === "acknowledged" ? "=" : "!=", step === "acknowledged" ? "open" : "resolved")
      .returningAll()
      .executeTakeFirst();
    if (!complaint) throw await notNow(trx, ticket, step);
    await publishComplaint(trx, { step, complaint, actor: actor.name, client: actor.client, now });
    return complaint;
  });
}

async function notNow(db: DB, ticket: string, step: string): Promise<AppError> {
  const row = await db.selectFrom("complaints").select("status").where("ticket", "=", ticket).executeTakeFirst();
  if (!row) return new AppError("NOT_FOUND", "No complaint has this ticket number");
  return new AppError("INVALID_TRANSITION", `This complaint is already ${row.status}; it cannot be ${step} again`, {
    status: row.status,
  });
}

/** Every complaint, those still running first (by the clock due first), then the resolved, newest first. */
export async function listComplaints(db: DB, limit = 200): Promise<ComplaintRow[]> {
  const rows = await db.selectFrom("complaints").selectAll().orderBy("created_at", "desc").limit(limit).execute();
  const due = (c: ComplaintRow) => (c.status === "open" ? c.ack_due_at : c.resolve_due_at);
  const running = rows.filter((c) => c.status !== "resolved").sort((a, b) => due(a) - due(b));
  return [...running, ...rows.filter((c) => c.status === "resolved")];
}

/** An order's complaints, newest first (what /track shows the buyer). */
export async function complaintsForOrder(db: DB, orderId: string): Promise<ComplaintRow[]> {
  return db
    .selectFrom("complaints")
    .selectAll()
    .where("order_id", "=", orderId)
    .orderBy("created_at", "desc")
    .execute();
}

/**
 * Warns the operator of each clock about to run out (12 hours before the
 * acknowledgement is due, 5 days before the resolution), once: the warning
 * is marked on the row in the transaction that publishes it. Returns how many.
 */
export async function warnComplaintClocks(db: DB, now = Date.now()): Promise<number> {
  const running = await db.selectFrom("complaints").selectAll().where("status", "!=", "resolved").execute();
  let warned = 0;
  for (const row of running) {
    const which = warningDue(
      {
        status: row.status,
        ackDueAt: Number(row.ack_due_at),
        resolveDueAt: Number(row.resolve_due_at),
        acknowledgedAt: row.acknowledged_at,
        resolvedAt: row.resolved_at,
        ackWarnedAt: row.ack_warned_at,
        resolveWarnedAt: row.resolve_warned_at,
      },
      now,
    );
    if (!which) continue;
    const column = which === "ack" ? "ack_warned_at" : "resolve_warned_at";
    await transaction(db, async (trx) => {
      const complaint = await trx
        .updateTable("complaints")
        .set({ [column]: now })
        .where("id", "=", row.id)
        .where(column, "is", null)
        .returningAll()
        .executeTakeFirst();
      if (!complaint) return;
      warned++;
      const step = which === "ack" ? "ackDueSoon" : "resolveDueSoon";
      await publishComplaint(trx, { step, complaint, actor: "system", now });
    });
  }
  return warned;
}
