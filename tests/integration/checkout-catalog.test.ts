import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { demoPlans } from "~/db/seed.server";
import { keepCatalogCopy } from "~/domain/checkout/catalog.server";
import { createOrder } from "~/domain/checkout/create-order.server";
import { togglePlan } from "~/domain/plans/admin.server";
import { insertPlans } from "~/domain/plans/plans.server";
import { updateAccount } from "~/domain/receiving-accounts/accounts.repository.server";
import { createSettingsCache } from "~/domain/settings/settings.server";
import { SETTINGS_COPY_ROW, TOPIC_ROW } from "~/domain/public-pages/topics";
import type { Config } from "../../app/lib/server/config.server";
import { freshDatabase, testDatabases } from "../support/databases";

/**
 * The copy of plans and receiving accounts a running shop's checkouts read
 * (ADR 0052): a plan the operator disables or an account paused stops selling
 * on this instance as soon as the write commits, and on another instance
 * within the second the page cache takes (the topic's generation, checked at
 * most once a second; the clock is driven here).
 */
describe.each(testDatabases())("the checkout's copy of plans and accounts on $name", (kind) => {
  let handle: Awaited<ReturnType<typeof freshDatabase>>;
  const config = { PAYMENT_WINDOW_SECONDS: 300 } as Config;
  let clock = 1_800_000_000_000;
  let planId: number;

  beforeAll(async () => {
    handle = await freshDatabase(kind);
    await insertPlans(handle.db, demoPlans(clock));
    planId = (
      await handle.db.selectFrom("plans").select("id").where("name", "=", "Basic Followers").executeTakeFirstOrThrow()
    ).id;
    keepCatalogCopy(handle.db, 1_000, () => clock);
  });
  afterAll(async () => handle?.cleanup());

  let n = 0;
  const checkout = () =>
    createOrder(
      { db: handle.db, settings: createSettingsCache(handle.db, 0), config },
      {
        planId,
        username: `catalog_buyer_${n++}`,
        customerName: "Asha Verma",
        customerPhone: "9876543210",
        agreedToTerms: true,
      },
      clock,
    );

  /** What another instance's write does to this one: the row and its topic's generation move, no in-process word. */
  const writeElsewhere = async (change: () => Promise<unknown>, topic: "plans" | "settings") => {
    await change();
    const row = topic === "plans" ? TOPIC_ROW.plans : SETTINGS_COPY_ROW;
    await sql`update public_pages_generation set generation = generation + 1 where id = ${row}`.execute(handle.db);
  };

  it("stops selling a plan the operator disables at once on this instance", async () => {
    expect((await checkout()).created).toBe(true);
    await togglePlan(handle.db, "admin", planId, clock);
    await expect(checkout()).rejects.toMatchObject({ code: "NOT_FOUND" });
    await togglePlan(handle.db, "admin", planId, clock);
    expect((await checkout()).created).toBe(true);
  });

  it("stops selling a plan disabled by another instance within a second", async () => {
    clock += 2_000;
    expect((await checkout()).created).toBe(true);
    await writeElsewhere(
      () => handle.db.updateTable("plans").set({ is_enabled: 0 }).where("id", "=", planId).execute(),
      "plans",
    );
    // Within the second this instance still trusts its copy, as its cached pages do.
    expect((await checkout()).created).toBe(true);
    clock += 1_000;
    await expect(checkout()).rejects.toMatchObject({ code: "NOT_FOUND" });
    await writeElsewhere(
      () => handle.db.updateTable("plans").set({ is_enabled: 1 }).where("id", "=", planId).execute(),
      "plans",
    );
    clock += 1_000;
    expect((await checkout()).created).toBe(true);
  });

  it("stops taking payments to a paused account at once here, and within a second when paused elsewhere", async () => {
    const account = await handle.db.selectFrom("receiving_accounts").select("id").executeTakeFirstOrThrow();
    expect((await checkout()).created).toBe(true);
    await updateAccount(handle.db, account.id, { paused: 1 }, clock);
    await expect(checkout()).rejects.toMatchObject({ code: "UNAVAILABLE" });
    await updateAccount(handle.db, account.id, { paused: 0 }, clock);
    expect((await checkout()).created).toBe(true);

    clock += 2_000;
    await writeElsewhere(
      () => handle.db.updateTable("receiving_accounts").set({ paused: 1 }).where("id", "=", account.id).execute(),
      "settings",
    );
    clock += 1_000;
    await expect(checkout()).rejects.toMatchObject({ code: "UNAVAILABLE" });
  });
});
