import { type DB, transaction } from "~/db/database.server";
import { type RequestClient, recordAudit } from "~/domain/audit/audit.server";
import { AppError } from "~/lib/app-error";
import { BANKS, bankById } from "./reader/bank-registry";
import { type AddedHeader, dltHeader, lookAlike, smsSenderBank } from "./reader/sender";

/**
 * SMS sender headers the operator added for a bank already in the registry.
 * A bank's SMS from a header the registry lacks (a new header, a regional
 * one) is set aside under Payments as an untrusted sender; from there one
 * click adds its header for the bank the alert names, and the shop reads that
 * header's SMS as that bank's from then on. Each addition and removal is
 * audited and listed in Settings. A header is never added when it is a phone
 * number, a promotional or government route, a header the registry already
 * gives another bank, or a look-alike of a registry header (HDFCBX): those are
 * exactly what a forger would send from.
 */

export interface AddedHeaderView extends AddedHeader {
  bankName: string;
  addedAt: number;
  addedBy: string;
}

interface Operator {
  name: string;
  client?: RequestClient;
}

export async function listAddedHeaders(db: DB): Promise<AddedHeaderView[]> {
  const rows = await db.selectFrom("payment_sms_headers").selectAll().orderBy("header").execute();
  return rows.flatMap((row) => {
    const bank = bankById(row.bank_id);
    return bank
      ? [{ header: row.header, bankId: row.bank_id, bankName: bank.name, addedAt: row.added_at, addedBy: row.added_by }]
      : [];
  });
}

/** The headers as the reader takes them. */
export async function addedHeaders(db: DB): Promise<AddedHeader[]> {
  return (await listAddedHeaders(db)).map(({ header, bankId }) => ({ header, bankId }));
}

/** Whether a refused sender could be added for a bank, and the header it would add: for the Payments page's button. */
export function addableHeader(sender: string | null | undefined): string | null {
  const header = dltHeader(sender);
  if (!header) return null;
  const check = smsSenderBank(sender);
  return !check.ok && check.reason === "unknown_sender" ? header : null;
}

export async function addSenderHeader(
  db: DB,
  input: { sender: string; bankId: string },
  operator: Operator,
  now = Date.now(),
): Promise<{ header: string; bankName: string }> {
  const bank = bankById(input.bankId);
  if (!bank) throw new AppError("INVALID_INPUT", "Choose a bank from the list", { field: "bankId" });
  const shown = JSON.stringify(input.sender.trim().slice(0, 40));
  const header = dltHeader(input.sender);
  if (!header) {
    throw new AppError("INVALID_INPUT", `${shown} is not a DLT sender header (like VM-HDFCBK-S)`, { field: "sender" });
  }
  const route = /-([A-Z])$/.exec(input.sender.trim().toUpperCase())?.[1];
  if (route === "P" || route === "G") {
    throw new AppError("INVALID_INPUT", `${shown} is a promotional or government route, which carries no alerts`, {
      field: "sender",
    });
  }
  const owner = BANKS.find((b) => b.smsHeaders.includes(header));
  if (owner) {
    throw new AppError(
      "INVALID_INPUT",
      owner.id === bank.id
        ? `${header} is already ${bank.name}'s header`
        : `${header} is ${owner.name}'s header, not ${bank.name}'s`,
      { field: "sender" },
    );
  }
  const like = lookAlike(header);
  if (like) {
    throw new AppError(
      "INVALID_INPUT",
      `${header} looks like ${like.bank.name}'s ${like.header}: a look-alike of a bank's header is never trusted`,
      { field: "sender" },
    );
  }
  return transaction(db, async (trx) => {
    const existing = await trx
      .selectFrom("payment_sms_headers")
      .select("bank_id")
      .where("header", "=", header)
      .executeTakeFirst();
    if (existing && existing.bank_id !== bank.id) {
      const other = bankById(existing.bank_id)?.name ?? existing.bank_id;
      throw new AppError("CONFLICT", `${header} was already added for ${other}: remove it in Settings first`, {
        field: "sender",
      });
    }
    if (!existing) {
      await trx
        .insertInto("payment_sms_headers")
        .values({ header, bank_id: bank.id, added_at: now, added_by: operator.name })
        .onConflict((oc) => oc.column("header").doNothing())
        .execute();
      await recordAudit(
        trx,
        {
          actor: operator.name,
          action: "payments.sender_add",
          targetType: "settings",
          targetId: "payment-alerts",
          details: { header, bank: bank.id, from: input.sender.trim().slice(0, 40) },
          client: operator.client,
        },
        now,
      );
    }
    return { header, bankName: bank.name };
  });
}

export async function removeSenderHeader(db: DB, rawHeader: string, operator: Operator, now = Date.now()) {
  const header = rawHeader.trim().toUpperCase();
  return transaction(db, async (trx) => {
    const row = await trx
      .deleteFrom("payment_sms_headers")
      .where("header", "=", header)
      .returning(["header", "bank_id"])
      .executeTakeFirst();
    if (!row) throw new AppError("NOT_FOUND", "That sender header is no longer there");
    await recordAudit(
      trx,
      {
        actor: operator.name,
        action: "payments.sender_remove",
        targetType: "settings",
        targetId: "payment-alerts",
        details: { header: row.header, bank: row.bank_id },
        client: operator.client,
      },
      now,
    );
    return { header: row.header, bankName: bankById(row.bank_id)?.name ?? row.bank_id };
  });
}
