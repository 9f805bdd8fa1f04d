import type { DB } from "~/db/database.server";
import type { AccountKind } from "~/domain/receiving-accounts/table";

/**
 * The shop's first receiving account as a test needs it (migration 0040): a
 * bank alert confirms an order only when the account it names is one of the
 * shop's, so a test that sends alerts gives the account the digits its
 * alerts print (the test texts say "A/c xx1234" / "**1234").
 */
export async function setFirstAccount(
  db: DB,
  fields: { digits?: string | null; kind?: AccountKind; bankId?: string | null; upiId?: string } = {},
): Promise<number> {
  const first = await db.selectFrom("receiving_accounts").select("id").orderBy("id").executeTakeFirstOrThrow();
  await db
    .updateTable("receiving_accounts")
    .set({
      account_digits: fields.digits === undefined ? "1234" : fields.digits,
      ...(fields.kind ? { kind: fields.kind } : {}),
      ...(fields.bankId !== undefined ? { bank_id: fields.bankId } : {}),
      ...(fields.upiId ? { upi_id: fields.upiId } : {}),
    })
    .where("id", "=", first.id)
    .execute();
  return first.id;
}
