import { describe, expect, it } from "vitest";
import type { DB } from "~/db/database.server";
import { getServices } from "~/domain/panel/client.server";
import { storePanelServices } from "~/domain/panel/services.server";
import { findDefaultPanel } from "~/domain/panel/panels.repository.server";
import { createPlan, togglePlan, updatePlan } from "~/domain/plans/admin.server";
import { SUPPORT_MESSAGES } from "~/domain/plans/plan-support";
import { testDatabases } from "../support/databases";
import { panelShops } from "../support/panel-shop";
import { type PanelDouble } from "../support/panel-doubles";

/**
 * What a plan promises, its service can do (issue 32, point 3): refill
 * guarantees and drip-feed only where the panel's services list says the
 * service has them, checked when a plan is saved and again on each services
 * refresh, which alerts the operator about each plan a change broke.
 */

const ACTOR = { name: "owner" };
const plan = (serviceType: "followers" | "likes" | "views", extras: { refillDays?: number; dripRuns?: number }) => ({
  serviceType,
  name: `${serviceType} plan`,
  amount: 1000,
  price: 34_900,
  tags: [],
  refillDays: extras.refillDays ?? 0,
  dripRuns: extras.dripRuns ?? 0,
  dripInterval: extras.dripRuns ? 30 : 0,
  customComments: false,
});

describe.each(testDatabases())("plans against their services on $name", (kind) => {
  const shop = panelShops(kind);
  let db: DB;
  let panel: PanelDouble | undefined;

  async function setUp() {
    const made = await shop("perfectpanel", { alerts: true, panel: { currency: "INR" } });
    ({ panel } = made);
    db = made.services.db;
    await refresh(1_000);
    return panel;
  }

  async function refresh(now: number) {
    const reply = await getServices({
      url: panel!.apiUrl,
      apiKey: panel!.apiKey,
      timeoutMs: 2_000,
      allowPrivateAddresses: true,
      currency: "USD",
    });
    if (!reply.ok) throw new Error(reply.message);
    await storePanelServices(db, (await findDefaultPanel(db))!.id, reply.value.services, now);
  }

  const alerts = async () =>
    (
      await db
        .selectFrom("alert_outbox")
        .select(["event", "facts"])
        .where("event", "=", "plan_unsupported")
        .orderBy("id")
        .execute()
    ).map((a) => (JSON.parse(a.facts) as { title: string }).title);

  it("offers a refill guarantee and drip-feed only where the service supports them", async () => {
    await setUp();
    // Service 1 refills, 2 (likes) does not; 2 and 3 drip-feed, 1 does not.
    await expect(createPlan(db, ACTOR, plan("followers", { refillDays: 30 }))).resolves.toBeTruthy();
    await expect(createPlan(db, ACTOR, plan("likes", { refillDays: 30 }))).rejects.toMatchObject({
      message: SUPPORT_MESSAGES.refill,
      details: { field: "refillDays" },
    });
    await expect(createPlan(db, ACTOR, plan("followers", { dripRuns: 5 }))).rejects.toMatchObject({
      message: SUPPORT_MESSAGES.dripfeed,
      details: { field: "dripRuns" },
    });
    const likes = await createPlan(db, ACTOR, plan("likes", { dripRuns: 5 }));
    await expect(
      updatePlan(db, ACTOR, likes.id, { name: "Likes", amount: 1000, price: 34_900, tags: [], refillDays: 7 }),
    ).rejects.toMatchObject({ message: SUPPORT_MESSAGES.refill });
    expect(await alerts()).toEqual([]);
  });

  it("alerts the operator once when a services refresh breaks a plan, and not for a disabled one", async () => {
    const double = await setUp();
    const followers = await createPlan(db, ACTOR, {
      ...plan("followers", { refillDays: 30 }),
      name: "Refill Followers",
    });
    await createPlan(db, ACTOR, { ...plan("views", { dripRuns: 4 }), name: "Gradual Views" });
    const off = await createPlan(db, ACTOR, { ...plan("likes", { dripRuns: 5 }), name: "Old Likes" });
    await togglePlan(db, ACTOR, off.id);

    // The panel stops refilling service 1 and drip-feeding 2 and 3.
    double.services[0]!.refill = false;
    double.services[1]!.dripfeed = false;
    double.services[2]!.dripfeed = false;
    await refresh(2_000);
    expect(await alerts()).toEqual([
      `Plan "Refill Followers" promises a refill guarantee that its service 1 at ${new URL(double.apiUrl).host} no longer supports`,
      `Plan "Gradual Views" promises drip-feed delivery that its service 3 at ${new URL(double.apiUrl).host} no longer supports`,
    ]);

    // The same list again changes nothing: no second alert.
    await refresh(3_000);
    expect(await alerts()).toHaveLength(2);

    // A plan kept as it is may keep its promise (the operator was told); changing it is checked.
    await expect(
      updatePlan(db, ACTOR, followers.id, { name: "Renamed", amount: 1000, price: 34_900, tags: [] }),
    ).resolves.toBeTruthy();
    await expect(
      updatePlan(db, ACTOR, followers.id, { name: "Renamed", amount: 1000, price: 34_900, tags: [], refillDays: 15 }),
    ).rejects.toMatchObject({ message: SUPPORT_MESSAGES.refill });
  });
});
