import { randomInt } from "node:crypto";
import { type DB, transaction } from "~/db/database.server";
import { BUYER_CHANNELS } from "~/domain/buyer-messages/events";
import { waIdOf } from "~/domain/buyer-messages/whatsapp/chats.server";
import { TRACK_MESSAGES } from "~/domain/orders/order-messages";
import { findBuyerOrder } from "~/domain/orders/order-tracking.server";
import { anonymised, lockOrder } from "~/domain/orders/orders.repository.server";
import { AppError } from "~/lib/app-error";
import { publishErasure } from "./events.server";
import { erasureWaitsFor, scrubContactDetails, scrubJsonText } from "./scrub";
import type { ErasureRequestRow } from "./table";

/**
 * A buyer's "Erase my data" (issue 51, point 3; docs/privacy.md). Proven as
 * /track proves an order (its id and the phone it was placed with), it covers
 * every order of that phone. Orders that are finished are erased at once, in
 * the request's transaction. Orders still to be paid for, delivered, fixed or
 * refunded keep what delivering or refunding them needs; the request is
 * stored (without the phone) and the retention job erases them once they are
 * finished and their last update went out (`carryOutErasures`). The request
 * row is claimed in the erasing transaction, so it is done once, after a
 * crash or with several instances too.
 *
 * What is erased, per order: the buyer's name, phone, e-mail, refund UPI id,
 * the target (Instagram username or post link) and custom comments, the
 * WhatsApp opt-in, the browsers and chat links, every message queued about it,
 * the payer's name and UPI id from bank alerts and payment evidence (the UTR
 * and amount stay), the contact details and links in its complaints, and the
 * client addresses and personal words in its audit entries. The money record
 * stays: order id, plan, quantity, amounts, dates, UTR, refund reference.
 */

const REFERENCE_ALPHABET = "23456789ABCDEFGHJKLMNPQRSTUVWXYZ";
/** Updates still queued for an order are waited for this long at most before it is erased. */
const WAIT_FOR_MESSAGES_MS = 24 * 3_600_000;

function newReference(): string {
  let reference = "ERA-";
  for (let i = 0; i < 8; i++) reference += REFERENCE_ALPHABET[randomInt(REFERENCE_ALPHABET.length)];
  return reference;
}

const ids = (json: string): string[] => JSON.parse(json) as string[];

export interface ErasureOutcome {
  reference: string;
  /** Orders erased by this request (now or before, by an earlier tap). */
  erased: string[];
  /** Orders erased automatically once they finish. */
  waiting: string[];
}

function outcomeOf(request: ErasureRequestRow): ErasureOutcome {
  const waiting = request.done_at === null ? ids(request.waiting_order_ids) : [];
  return {
    reference: request.reference,
    erased: ids(request.order_ids).filter((id) => !waiting.includes(id)),
    waiting,
  };
}

/** "Erase my data" on /track: a wrong order id or phone is refused and changes nothing. */
export async function requestErasure(
  db: DB,
  input: { orderId: string; phone: string },
  now = Date.now(),
): Promise<ErasureOutcome> {
  const proven = await findBuyerOrder(db, input.orderId, input.phone);
  if (!proven) throw new AppError("NOT_FOUND", TRACK_MESSAGES.noMatch, { reason: "ERASE_NO_MATCH" });
  const phone = proven.customer_phone!;
  return transaction(db, async (trx) => {
    // Two taps at once: the proven order's row is the lock both take, and the second finds the first's request.
    if (!(await lockOrder(trx, proven.order_id))) throw new AppError("NOT_FOUND", TRACK_MESSAGES.noMatch);
    const earlier = await pendingRequestFor(trx, proven.order_id);
    if (earlier) return outcomeOf(earlier);
    const orders = await trx
      .selectFrom("orders")
      .select(["order_id", "status"])
      .where("customer_phone", "=", phone)
      .orderBy("id")
      .execute();
    const waiting = orders.filter((o) => erasureWaitsFor(o.status)).map((o) => o.order_id);
    const now_ = orders.filter((o) => !erasureWaitsFor(o.status)).map((o) => o.order_id);
    const request = await trx
      .insertInto("erasure_requests")
      .values({
        reference: newReference(),
        order_ids: JSON.stringify(orders.map((o) => o.order_id)),
        waiting_order_ids: JSON.stringify(waiting),
        requested_at: now,
        done_at: waiting.length === 0 ? now : null,
      })
      .returningAll()
      .executeTakeFirstOrThrow();
    await eraseOrders(trx, now_, now);
    await publishErasure(trx, { step: "requested", request, erased: now_, waiting, now });
    return outcomeOf(request);
  });
}

async function pendingRequestFor(db: DB, orderId: string): Promise<ErasureRequestRow | undefined> {
  const pending = await db.selectFrom("erasure_requests").selectAll().where("done_at", "is", null).execute();
  return pending.find((r) => ids(r.waiting_order_ids).includes(orderId));
}

/**
 * The retention job's part: each request whose waiting orders all finished
 * (and whose last updates went out, or waited a day) is carried out and
 * marked done in one transaction. Returns how many requests were completed.
 */
export async function carryOutErasures(db: DB, now = Date.now()): Promise<number> {
  const pending = await db.selectFrom("erasure_requests").selectAll().where("done_at", "is", null).execute();
  let done = 0;
  for (const request of pending) {
    const waiting = ids(request.waiting_order_ids);
    if (!(await allFinished(db, waiting, now))) continue;
    const completed = await transaction(db, async (trx) => {
      // The claim: a second instance, or a second run after a crash, finds it done and erases nothing.
      const claimed = await trx
        .updateTable("erasure_requests")
        .set({ done_at: now })
        .where("id", "=", request.id)
        .where("done_at", "is", null)
        .returningAll()
        .executeTakeFirst();
      if (!claimed) return false;
      await eraseOrders(trx, waiting, now);
      await publishErasure(trx, { step: "done", request: claimed, erased: waiting, waiting: [], now });
      return true;
    });
    if (completed) done++;
  }
  return done;
}

async function allFinished(db: DB, orderIds: string[], now: number): Promise<boolean> {
  if (orderIds.length === 0) return true;
  const rows = await db.selectFrom("orders").select("status").where("order_id", "in", orderIds).execute();
  if (rows.some((r) => erasureWaitsFor(r.status))) return false;
  const unsent = await db
    .selectFrom("alert_outbox")
    .select("id")
    .where("order_id", "in", orderIds)
    .where("channel", "in", BUYER_CHANNELS)
    .where("status", "=", "pending")
    .where("created_at", ">", now - WAIT_FOR_MESSAGES_MS)
    .limit(1)
    .executeTakeFirst();
  return unsent === undefined;
}

/** Erases the personal data of these orders (see the module's comment); the money record stays. */
async function eraseOrders(trx: DB, orderIds: string[], now: number): Promise<void> {
  if (orderIds.length === 0) return;
  const rows = await trx
    .selectFrom("orders")
    .select(["order_id", "customer_phone", "payment_evidence", "panel_request"])
    .where("order_id", "in", orderIds)
    .execute();
  for (const row of rows) {
    await trx
      .updateTable("orders")
      .set({
        ...anonymised(now),
        target: "",
        target_username: null,
        target_key: null,
        comments: null,
        whatsapp_opt_in_at: null,
        whatsapp_opt_in_version: null,
        payment_evidence: scrubJsonText(row.payment_evidence),
        panel_request: scrubJsonText(row.panel_request),
      })
      .where("order_id", "=", row.order_id)
      .execute();
  }
  await trx.deleteFrom("buyer_push_subscriptions").where("order_id", "in", orderIds).execute();
  await trx.deleteFrom("whatsapp_links").where("order_id", "in", orderIds).execute();
  // Every message about these orders, sent or not: their words named the buyer's order and target.
  await trx.deleteFrom("alert_outbox").where("order_id", "in", orderIds).execute();
  await trx
    .updateTable("payment_amount_holds")
    .set({ client_address: null, client_network: null, client_wide: null })
    .where("order_id", "in", orderIds)
    .execute();
  const credits = await trx
    .selectFrom("payment_credits")
    .select(["id", "evidence"])
    .where("order_id", "in", orderIds)
    .execute();
  for (const credit of credits) {
    await trx
      .updateTable("payment_credits")
      .set({ payer_vpa: null, evidence: scrubJsonText(credit.evidence) ?? "{}" })
      .where("id", "=", credit.id)
      .execute();
  }
  const complaints = await trx
    .selectFrom("complaints")
    .select(["id", "ticket", "message", "ack_note", "resolution_note"])
    .where("order_id", "in", orderIds)
    .execute();
  for (const c of complaints) {
    await trx
      .updateTable("complaints")
      .set({
        message: scrubContactDetails(c.message),
        ack_note: scrubContactDetails(c.ack_note),
        resolution_note: scrubContactDetails(c.resolution_note),
      })
      .where("id", "=", c.id)
      .execute();
  }
  const tickets = complaints.map((c) => c.ticket);
  const entries = await trx
    .selectFrom("audit_log")
    .select(["id", "details"])
    .where((eb) =>
      eb.or([
        eb.and([eb("target_type", "=", "order"), eb("target_id", "in", orderIds)]),
        ...(tickets.length > 0 ? [eb.and([eb("target_type", "=", "complaint"), eb("target_id", "in", tickets)])] : []),
      ]),
    )
    .execute();
  for (const entry of entries) {
    await trx
      .updateTable("audit_log")
      .set({ details: scrubJsonText(entry.details), client_ip: null, user_agent: null })
      .where("id", "=", entry.id)
      .execute();
  }
  // The number's chat (its last message, STOP) goes with the last order that named the number.
  for (const phone of new Set(rows.map((r) => r.customer_phone).filter((p): p is string => p !== null))) {
    const still = await trx.selectFrom("orders").select("id").where("customer_phone", "=", phone).limit(1).execute();
    if (still.length === 0) await trx.deleteFrom("whatsapp_chats").where("wa_id", "=", waIdOf(phone)).execute();
  }
}
