import type { DB } from "~/db/database.server";
import { type TopicCopy, createTopicCopy } from "~/domain/public-pages/topic-copy.server";
import { SETTINGS_COPY_ROW, TOPIC_ROW } from "~/domain/public-pages/topics";
import { findPlan } from "~/domain/plans/plans.server";
import type { PlanRow } from "~/domain/plans/table";
import { listAccounts } from "~/domain/receiving-accounts/accounts.repository.server";
import type { ReceivingAccountRow } from "~/domain/receiving-accounts/table";

/**
 * What a checkout reads before it writes: the plan bought and the receiving
 * accounts (ADR 0052). A running shop keeps a copy of all plans and accounts
 * per instance (`keepCatalogCopy`, server/start.ts), dropped by the `plans`
 * topic and the settings copy's row their writers move (plans.server.ts, admin.server.ts,
 * accounts.repository.server.ts): a disabled plan or a paused account stops
 * selling on this instance as soon as its write commits, and on the others
 * within the second the page cache takes (topic-copy.server.ts). Without a
 * copy (tests that write rows behind the writers' backs) both are read from
 * the database each time.
 */
export interface CheckoutCatalog {
  plan: PlanRow | undefined;
  accounts: ReceivingAccountRow[];
}

interface Catalog {
  plans: Map<number, PlanRow>;
  accounts: ReceivingAccountRow[];
}

const copies = new WeakMap<DB, TopicCopy<Catalog>>();

/** Keeps this instance's copy of the plans and accounts for `db`'s checkouts. */
export function keepCatalogCopy(db: DB, checkEveryMs = 1_000, clock = Date.now): void {
  const read = async (from: DB): Promise<Catalog> => {
    const [plans, accounts] = await Promise.all([from.selectFrom("plans").selectAll().execute(), listAccounts(from)]);
    return { plans: new Map(plans.map((plan) => [Number(plan.id), plan])), accounts };
  };
  copies.set(db, createTopicCopy(db, [TOPIC_ROW.plans, SETTINGS_COPY_ROW], read, checkEveryMs, clock));
}

/** The plan `planId` and the shop's receiving accounts, from the copy when the shop keeps one. */
export async function checkoutCatalog(db: DB, planId: number): Promise<CheckoutCatalog> {
  const copy = copies.get(db);
  if (!copy) {
    const [plan, accounts] = await Promise.all([findPlan(db, planId), listAccounts(db)]);
    return { plan, accounts };
  }
  const { plans, accounts } = await copy.get();
  return { plan: plans.get(planId), accounts };
}
