import type { Generated, Insertable, Selectable, Updateable } from "kysely";
import type { Timestamps } from "~/db/timestamps";

export const ACCOUNT_KINDS = ["business", "personal"] as const;
export type AccountKind = (typeof ACCOUNT_KINDS)[number];

/** A UPI ID the shop receives payments on (migration 0040). */
export interface ReceivingAccountTable extends Timestamps {
  id: Generated<number>;
  /** Lower case, as a payer's app shows it: shop@okaxis. Unique. */
  upi_id: string;
  /** business: a merchant UPI ID (links carry `tr`); personal: a person's (links as a refund link, no `tr`/`mc`). */
  kind: AccountKind;
  /** The bank registry's id of the bank its alerts come from (reader/bank-registry.ts); null: not said. */
  bank_id: string | null;
  /** The account's last digits as its alerts print them ("1234", "566"); null: not set, alerts cannot be tied to it. */
  account_digits: string | null;
  /** At most this much a day (IST) is asked on it, in paise; null: no cap. */
  daily_cap_paise: number | null;
  /** At most this many payments a day (IST); null: no cap. */
  daily_cap_payments: number | null;
  /** 1: takes no new checkouts (its open orders still match). */
  paused: Generated<number>;
}

export type ReceivingAccountRow = Selectable<ReceivingAccountTable>;
export type NewReceivingAccountRow = Insertable<ReceivingAccountTable>;
export type ReceivingAccountUpdate = Updateable<ReceivingAccountTable>;
