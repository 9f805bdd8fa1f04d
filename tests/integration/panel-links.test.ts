import { describe, expect, it } from "vitest";
import type { AppServices } from "~/context";
import { sendToPanel } from "~/domain/fulfilment/placement.server";
import { saveSettingsForm } from "~/domain/settings/admin.server";
import { readSiteSettings } from "~/domain/settings/settings.server";
import { testDatabases } from "../support/databases";
import type { TestPanel } from "../support/panels";
import { panelShops } from "../support/panel-shop";
import { makeOrder } from "../support/orders";
import { type PanelDialect, type PanelDouble } from "../support/panel-doubles";

/**
 * Links the panel accepts (issue 32, point 5): each service type goes to the
 * panel in the form set for it, and the double's call log shows exactly what
 * the panel received.
 */

const AUTO = { kind: "system", job: "auto-send" } as const;

describe.each(testDatabases())("links sent to the panel on $name", (kind) => {
  const shop = panelShops(kind);
  let services: AppServices;
  let panel: PanelDouble | undefined;

  async function setUp(dialect: PanelDialect, links: Partial<TestPanel> = {}) {
    ({ services, panel } = await shop(dialect, { panel: links }));
    return panel;
  }

  const send = async (overrides: Parameters<typeof makeOrder>[1]) => {
    const order = await makeOrder(services.db, { status: "paid", paid_at: Date.now(), paid_by: "owner", ...overrides });
    return sendToPanel(services, order.order_id, { actor: AUTO });
  };
  const added = (double: PanelDouble) => double.calls.filter((c) => c.action === "add").map((c) => c.params.link);

  it("sends followers as the full profile URL by default, which a link-checking panel accepts", async () => {
    const double = await setUp("indian");
    const sent = await send({ service_type: "followers", target: "priya.bakes", quantity: 1000 });
    expect(sent.status).toBe("sent");
    const reel = "https://www.instagram.com/reel/C9zYx12/?igsh=MWQ1ZGUxMzBkMA==";
    expect((await send({ service_type: "views", target: reel, quantity: 1000 })).status).toBe("sent");
    expect(double.count("add")).toBe(2);
    expect(added(double)).toEqual(["https://www.instagram.com/priya.bakes/", reel]);
  });

  it("sends a bare username and clean post links to a panel set up for them", async () => {
    const double = await setUp("perfectpanel", { link_followers: "username", link_likes: "canonical" });
    expect((await send({ service_type: "followers", target: "@priya.bakes", quantity: 1000 })).status).toBe("sent");
    const post = "instagram.com/p/Cx1AbCd/?igsh=MWQ1ZGUxMzBkMA==";
    expect((await send({ service_type: "likes", target: post, quantity: 100 })).status).toBe("sent");
    expect(double.count("add")).toBe(2);
    expect(added(double)).toEqual(["priya.bakes", "https://www.instagram.com/p/Cx1AbCd/"]);
  });

  it("a link-checking panel refuses the bare username the operator chose, and the order stops for the operator", async () => {
    const double = await setUp("indian", { link_followers: "username" });
    const sent = await send({ service_type: "followers", target: "priya.bakes", quantity: 1000 });
    expect(sent).toMatchObject({ status: "failed", panel_error: "neworder.error.invalid_link" });
    expect(added(double)).toEqual(["priya.bakes"]);
  });

  it("keeps the link forms the operator saves, and refuses one it does not know", async () => {
    await setUp("perfectpanel");
    const actor = { name: "owner" };
    const base = {
      panelUrl: panel!.apiUrl,
      panelServiceFollowers: "1",
      panelServiceLikes: "2",
      panelServiceViews: "3",
      panelServiceComments: "4",
      panelCurrency: "USD",
    };
    const refused = await saveSettingsForm(services.db, actor, "smm", { ...base, panelLinkFollowers: "handle" });
    expect(refused).toMatchObject({ ok: false, field: "panelLinkFollowers" });
    expect((await readSiteSettings(services.db)).panelLinkFollowers).toBe("profile_url");
    const saved = await saveSettingsForm(services.db, actor, "smm", { ...base, panelLinkViews: "canonical" });
    expect(saved.ok).toBe(true);
    expect(await readSiteSettings(services.db)).toMatchObject({
      panelLinkFollowers: "profile_url",
      panelLinkViews: "canonical",
    });
  });
});
