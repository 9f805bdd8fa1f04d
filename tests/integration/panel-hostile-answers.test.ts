import { describe, expect, it } from "vitest";
import { makeOrder } from "../support/orders";
import { testDatabases } from "../support/databases";
import { DIALECT_SERVICES, panelShops } from "../support/panel-shop";
import { addTestPanel, panelAt } from "../support/panels";
import { FLOOD_SERVICES } from "../support/panel-doubles";
import { syncDueOrders } from "~/domain/fulfilment/delivery-sync.server";
import { sendToPanel } from "~/domain/fulfilment/placement.server";
import { addOrder, getBalance, getServices, getStatuses } from "~/domain/panel/client.server";
import { listPanelServices, testPanelConnection } from "~/domain/panel/info.server";
import { MAX_KEPT_SERVICES, type PanelService } from "~/domain/panel/parse";
import { findDefaultPanel } from "~/domain/panel/panels.repository.server";
import { searchServiceTerms, storePanelServices } from "~/domain/panel/services.server";

/**
 * What a hostile or broken panel sends (issue 47 points 6 and 7, docs/security.md): an answer nested
 * 100,000 deep, and a services list of 450,000 entries. Each is that panel's problem only: the shop
 * answers, the other panels' orders move on, and what is kept of a list is bounded.
 */
const AUTO = { kind: "system", job: "auto-send" } as const;
const DEEP = { kind: "deep", depth: 100_000 } as const;

describe.each(testDatabases())("hostile panel answers on $name", (kind) => {
  const shop = panelShops(kind);

  it("reads an answer nested 100,000 deep as no answer, for every action, and Test connection says so", async () => {
    const { services, panel } = await shop("perfectpanel");
    const connection = { url: panel.apiUrl, apiKey: panel.apiKey, timeoutMs: 5_000, allowPrivateAddresses: true };
    panel.setFault(DEEP);
    const deep = /nested too deeply/;
    expect(await getBalance(connection)).toMatchObject({ ok: false, kind: "unavailable", message: deep });
    expect(await getServices(connection)).toMatchObject({ ok: false, kind: "unavailable", message: deep });
    expect(await getStatuses(connection, ["23501"])).toMatchObject({ ok: false, kind: "unavailable" });
    // An add: the panel may have acted on it, so its outcome is unknown (never sent again blind).
    expect(await addOrder(connection, { service: "1", link: "priya.bakes", quantity: 100 })).toMatchObject({
      ok: false,
      kind: "unknown",
    });
    const tested = await testPanelConnection(services, "owner", {});
    expect(tested).toMatchObject({ ok: false, message: deep });
  });

  it("keeps one panel's broken answers to that panel: the other panel's orders still move on", async () => {
    const { services, panel: good } = await shop("perfectpanel");
    const { panel: broken } = await shop("smartpanel");
    const brokenId = await addTestPanel(services.db, {
      ...panelAt(broken.apiUrl, broken.apiKey, DIALECT_SERVICES.smartpanel),
      name: "Broken",
    });
    const paid = { status: "paid" as const, paid_at: Date.now(), paid_by: "owner" };
    const atGood = await makeOrder(services.db, { ...paid, target: "priya.bakes" });
    const atBroken = await makeOrder(services.db, { ...paid, target: "rahul.runs", panel_id: brokenId });
    expect((await sendToPanel(services, atGood.order_id, { actor: AUTO })).status).toBe("sent");
    expect((await sendToPanel(services, atBroken.order_id, { actor: AUTO })).status).toBe("sent");

    broken.setFault(DEEP);
    good.advance(20_000);
    await services.db.updateTable("orders").set({ panel_next_sync_at: 0 }).execute();
    const result = await syncDueOrders(services);
    expect(result).toMatchObject({ updated: 1, failed: 1 });
    const row = (orderId: string) =>
      services.db.selectFrom("orders").selectAll().where("order_id", "=", orderId).executeTakeFirstOrThrow();
    expect(await row(atGood.order_id)).toMatchObject({ status: "delivering", panel_sync_failures: 0 });
    // Asked again later, after a backoff; nothing else about it changed.
    expect(await row(atBroken.order_id)).toMatchObject({ status: "sent", panel_sync_failures: 1 });
  });

  it("keeps at most 5,000 services of a 450,000-entry list, Instagram's first, and pages the plan dialog's search", async () => {
    const { services, panel } = await shop("perfectpanel");
    panel.setServiceList("flood");
    const listed = await listPanelServices(services);
    expect(listed.ok).toBe(true);
    if (!listed.ok) return;
    expect(listed.services).toHaveLength(MAX_KEPT_SERVICES);
    expect(listed.problems.at(-1)).toBe(
      `The list names ${FLOOD_SERVICES - MAX_KEPT_SERVICES} services more than the shop keeps: it keeps 5000, Instagram's first`,
    );
    const panelId = (await findDefaultPanel(services.db))!.id;
    const stored = await services.db
      .selectFrom("panel_services")
      .select((eb) => eb.fn.countAll<number>().as("n"))
      .where("panel_id", "=", panelId)
      .executeTakeFirstOrThrow();
    expect(Number(stored.n)).toBe(MAX_KEPT_SERVICES);
    // The 20 Instagram services at the list's end are all kept, and the search finds only them.
    const page = await searchServiceTerms(services.db, panelId, { query: "followers", page: 2 });
    expect(page).toMatchObject({ total: 20, page: 1, pageSize: 20 });
    expect(page.services[0]).toMatchObject({ serviceId: String(FLOOD_SERVICES + 1), rate: "0.9", min: 50 });
    const second = await searchServiceTerms(services.db, panelId, { query: "instagram 2", page: 1 });
    expect(second.services.map((s) => s.name)).toEqual([
      "Instagram Followers 2",
      "Instagram Followers 12",
      "Instagram Followers 20",
    ]);
  });

  it("stores a long list in chunks with the event loop free between them", async () => {
    const { services } = await shop("perfectpanel");
    const list: PanelService[] = Array.from({ length: MAX_KEPT_SERVICES }, (_, i) => ({
      service: String(i + 1),
      name: `Instagram Likes ${i + 1}`,
      type: "Default",
      category: "Instagram",
      rate: "0.5",
      min: 10,
      max: 1000,
      refill: false,
      cancel: false,
      dripfeed: false,
    }));
    let turns = 0;
    let counting = true;
    const count = () => {
      turns++;
      if (counting) setImmediate(count);
    };
    setImmediate(count);
    await storePanelServices(services.db, (await findDefaultPanel(services.db))!.id, list);
    counting = false;
    // 5,000 rows in 25 inserts: the loop ran other work at least between each two of them.
    expect(turns).toBeGreaterThanOrEqual(24);
  });
});
