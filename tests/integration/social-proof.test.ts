import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { publicTopicChanged } from "~/domain/public-pages/changes.server";
import { SAMPLE_PROOF_CARDS, SAMPLE_TESTIMONIALS } from "~/domain/social-proof/samples.server";
import { testDatabases } from "../support/databases";
import { type HostileShop, adminLogin, startShop } from "../support/hostile";
import { makeOrder } from "../support/orders";
import { TEST_ADMIN_ENV } from "../support/test-accounts";

const ADMIN = TEST_ADMIN_ENV;

async function home(shop: HostileShop): Promise<string> {
  const res = await fetch(`${shop.url}/`);
  expect(res.status).toBe(200);
  return res.text();
}

/** Submits the Social proof page's form as the page does. */
async function socialProofAction(shop: HostileShop, cookie: string, fields: Record<string, string>) {
  const res = await fetch(`${shop.url}/admin/social-proof.data`, {
    method: "POST",
    headers: { cookie, origin: shop.url },
    body: new URLSearchParams(fields),
  });
  return { status: res.status, text: await res.text() };
}

const REAL = {
  intent: "testimonial.create",
  name: "Kavya Reddy",
  handle: "kavya.paints",
  content: "Ordered likes for my painting reel; they came in over the evening.",
  rating: "5",
  date: "2026-10-01",
  language: "en",
};

const sampleNames = [...SAMPLE_TESTIMONIALS.map((t) => t.name), ...SAMPLE_PROOF_CARDS.map((p) => p.title)];

describe.each(testDatabases())("honest social proof on $name", (kind) => {
  describe("a shop in production", () => {
    let shop: HostileShop;
    let cookie = "";
    beforeAll(async () => {
      shop = await startShop(kind, ADMIN);
      cookie = await adminLogin(shop.url, ADMIN.ADMIN_USERNAME, ADMIN.ADMIN_PASSWORD);
    });
    afterAll(async () => shop?.stop());

    it("shows no sample, no empty section and no count claim on a new shop", async () => {
      // A value saved by an earlier version is ignored: the count comes from orders now.
      await shop.db.db
        .insertInto("settings")
        .values({ key: "CREATORS_BOOSTED", value: "3,000+", updated_at: 0 })
        .execute();
      const html = await home(shop);
      for (const name of sampleNames) expect(html).not.toContain(name);
      expect(html).not.toContain('id="customer-testimonials"');
      expect(html).not.toContain('id="results"');
      expect(html).not.toContain("See Real Results");
      expect(html).not.toContain('href="/#customer-testimonials"');
      expect(html).not.toContain("3,000+");
      expect(html).not.toMatch(/orders delivered|creators boosted/i);
      expect(await (await fetch(`${shop.url}/followers`)).text()).not.toMatch(/Orders Delivered|Creators Boosted/);
    });

    it("marks the samples in the admin, and publishes the operator's own testimonial, audited", async () => {
      const admin = await (await fetch(`${shop.url}/admin/social-proof`, { headers: { cookie } })).text();
      expect(admin).toContain("Meera Kulkarni");
      expect(admin.match(/data-sample="true"[^>]*>[\s\S]*?>Sample</g)?.length).toBe(
        SAMPLE_TESTIMONIALS.length + SAMPLE_PROOF_CARDS.length,
      );

      expect((await socialProofAction(shop, cookie, REAL)).status).toBe(200);
      const row = await shop.db.db.selectFrom("testimonials").selectAll().executeTakeFirstOrThrow();
      expect(row).toMatchObject({ name: "Kavya Reddy", handle: "@kavya.paints", published: 0 });
      // A draft is not public.
      expect(await home(shop)).not.toContain("Kavya Reddy");

      const publish = { intent: "testimonial.publish", id: String(row.id), published: "true" };
      expect((await socialProofAction(shop, cookie, publish)).status).toBe(200);
      const html = await home(shop);
      expect(html).toContain("Kavya Reddy");
      expect(html).toContain('id="customer-testimonials"');
      expect(html).toContain('href="/#customer-testimonials"');
      for (const name of sampleNames) expect(html).not.toContain(name);

      const actions = await shop.db.db
        .selectFrom("audit_log")
        .select(["action", "actor", "target_id"])
        .where("target_type", "=", "testimonial")
        .orderBy("id")
        .execute();
      expect(actions).toEqual([
        { action: "testimonial.create", actor: "owner", target_id: String(row.id) },
        { action: "testimonial.publish", actor: "owner", target_id: String(row.id) },
      ]);

      const del = await socialProofAction(shop, cookie, { intent: "testimonial.delete", id: String(row.id) });
      expect(del.status).toBe(200);
      expect(await home(shop)).not.toContain("Kavya Reddy");
    });

    it("publishes a proof card and refuses bad input with a message, changing nothing", async () => {
      const card = {
        intent: "proof.create",
        type: "views",
        title: "Street food reel",
        description: "A food stall ordered 2,000 views for one reel.",
        beforeLabel: "Before",
        beforeValue: "900 views",
        afterLabel: "After",
        afterValue: "2,950 views",
        stats: "Package: 2,000 views\nDelivery time: About 20 hours",
        verified: "on",
      };
      expect((await socialProofAction(shop, cookie, card)).status).toBe(200);
      const row = await shop.db.db.selectFrom("proof_cards").selectAll().executeTakeFirstOrThrow();
      expect(JSON.parse(row.stats)).toEqual([
        { label: "Package", value: "2,000 views" },
        { label: "Delivery time", value: "About 20 hours" },
      ]);
      await socialProofAction(shop, cookie, { intent: "proof.publish", id: String(row.id), published: "true" });
      const html = await home(shop);
      expect(html).toContain("Street food reel");
      expect(html).toContain('id="results"');

      const before = await shop.db.db.selectFrom("testimonials").selectAll().execute();
      const bad = await socialProofAction(shop, cookie, { ...REAL, handle: "not a handle!", date: "2026-02-30" });
      expect(bad.status).toBe(400);
      expect(bad.text).toContain("A handle is @ and up to 30 letters");
      const missing = await socialProofAction(shop, cookie, {
        intent: "testimonial.publish",
        id: "999999",
        published: "true",
      });
      expect(missing.status).toBe(404);
      expect(missing.text).toContain("That item no longer exists");
      expect(await shop.db.db.selectFrom("testimonials").selectAll().execute()).toEqual(before);
    });

    it("claims the delivered orders, rounded down, once there are enough", async () => {
      const delivered = (n: number) =>
        Promise.all(Array.from({ length: n }, () => makeOrder(shop.db.db, { status: "delivered" })));
      await delivered(99);
      await makeOrder(shop.db.db, { status: "refunded" });
      await makeOrder(shop.db.db, { status: "delivering" });
      expect(await home(shop)).not.toMatch(/orders delivered/);

      await delivered(58);
      // These orders were written straight to the table; a real delivery bumps the orders topic itself.
      await publicTopicChanged(shop.db.db, "orders");
      await expect.poll(() => home(shop), { timeout: 5_000 }).toMatch(/150\+(?:<!-- -->)? orders delivered/);
      expect(await (await fetch(`${shop.url}/likes`)).text()).toContain("150+ Orders Delivered");
    });
  });

  describe("the demo (panel simulator on)", () => {
    let shop: HostileShop;
    beforeAll(async () => {
      shop = await startShop(kind, { PANEL_SIMULATOR: "true", PANEL_SIMULATOR_PORT: "0" });
    });
    afterAll(async () => shop?.stop());

    it("fills the empty sections with the samples, so the demo shows the whole page", async () => {
      const html = await home(shop);
      expect(html).toContain(SAMPLE_TESTIMONIALS[0]!.name);
      expect(html).toContain(SAMPLE_PROOF_CARDS[0]!.title);
    });
  });
});
