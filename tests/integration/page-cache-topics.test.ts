import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { listBlogPosts } from "~/domain/content/blog.server";
import { readPublicPagesGenerations } from "~/domain/public-pages/changes.server";
import { PUBLIC_TOPICS, SETTINGS_COPY_ROW, TOPIC_ROW } from "~/domain/public-pages/topics";
import { updatePlan } from "~/domain/plans/admin.server";
import { insertTestimonial } from "~/domain/social-proof/testimonials.repository.server";
import { SETTINGS } from "~/domain/settings/registry";
import { cachesChangedBy } from "~/domain/settings/store.server";
import { buyerMessageSettings } from "~/domain/buyer-messages/settings";
import { razorpaySettings } from "~/domain/payments/gateways/gateway-settings.server";
import { smsAlertSettings } from "~/domain/payments/payment-settings.server";
import { isTranslatedPath, localizedPath } from "~/lib/i18n/locale";
import { testDatabases } from "../support/databases";
import { type TestShop, startTestShop } from "../support/test-shop";

/**
 * Page-cache topics (ADR 0021): each cached page reads what its routes declare,
 * a write drops only the pages reading its topic, and a setting no page shows
 * (a secret) drops nothing. A change made outside the shop's process is the
 * write of another instance: it reaches the shop through the generation rows.
 */

const CACHED = ["/", "/followers", "/likes", "/views", "/comments", "/blog", "/privacy-policy", "/terms-of-service"]
  .concat(["/delivery-policy", "/refund-policy", "/contact-us", "/track"])
  .concat(listBlogPosts().map((post) => `/blog/${post.slug}`));
const ADDRESSES = CACHED.flatMap((path) => (isTranslatedPath(path) ? [path, localizedPath(path, "hi")] : [path]));

const html = async (shop: TestShop, path: string) => (await fetch(`${shop.url}${path}`)).text();

/** Waits for what another instance's change brings, about a second (the generations are read once a second). */
async function within(ms: number, check: () => Promise<boolean>): Promise<number> {
  const started = Date.now();
  while (Date.now() - started < ms) {
    if (await check()) return Date.now() - started;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`not seen within ${ms} ms`);
}

describe.each(testDatabases())("page-cache topics on $name", (engine) => {
  let shop: TestShop;
  const generations = () => readPublicPagesGenerations(shop.db.db);

  /** A published testimonial written straight to the table: no topic moves, so only a page rendered again shows it. */
  async function testimonialBehindTheBack(content: string) {
    const row = await insertTestimonial(
      shop.db.db,
      { name: "Kavya Reddy", handle: "kavya.paints", content, rating: 5, date: "2026-10-01", language: "en" },
      Date.now(),
    );
    await shop.db.db.updateTable("testimonials").set({ published: 1 }).where("id", "=", row.id).execute();
  }

  const enabledPlan = (service: "followers" | "likes") =>
    shop.db.db
      .selectFrom("plans")
      .selectAll()
      .where("service_type", "=", service)
      .where("is_enabled", "=", 1)
      .orderBy("id")
      .executeTakeFirstOrThrow();

  /** Saves one site setting through the settings API, as the operator's tools do; the answer's status. */
  async function saveSetting(key: string, value: string): Promise<number> {
    const res = await fetch(`${shop.url}/api/admin/setting`, {
      method: "POST",
      headers: { cookie: shop.cookie, "content-type": "application/json" },
      body: JSON.stringify({ key, value }),
    });
    await res.arrayBuffer();
    return res.status;
  }

  beforeAll(async () => {
    shop = await startTestShop({ engine });
  }, 60_000);
  afterAll(async () => shop?.stop());

  it("renders every cached page reading only the topics its routes declare", async () => {
    await testimonialBehindTheBack("Declared reads, every code path");
    for (const path of ADDRESSES) {
      const res = await fetch(`${shop.url}${path}`);
      expect(res.status, path).toBe(200);
      await res.arrayBuffer();
    }
    // server/page-reads.ts reports a render that read a topic's table its page's routes do not declare.
    const reported = shop.server
      .output()
      .split("\n")
      .filter((line) => line.includes("do not declare"));
    expect(reported).toEqual([]);
  });

  it("drops the pages that show plans when a plan changes, and keeps the policy pages", async () => {
    const before = await generations();
    await html(shop, "/privacy-policy");
    await html(shop, "/followers");
    await testimonialBehindTheBack("Plans do not reach the policies");
    const followers = await enabledPlan("followers");
    const saved = await fetch(`${shop.url}/api/admin/plans/${followers.id}`, {
      method: "PUT",
      headers: { cookie: shop.cookie, "content-type": "application/json" },
      body: JSON.stringify({ name: "Topic Test Plan", amount: 1000, price: 129, tags: [] }),
    });
    expect(saved.status).toBe(200);
    // Dropped after the commit, in this instance: the next request shows the new plan.
    expect(await html(shop, "/followers")).toContain("Topic Test Plan");
    // Kept: it shows no plan, so it still lacks what was written behind its back.
    expect(await html(shop, "/privacy-policy")).not.toContain("Plans do not reach the policies");
    const after = await generations();
    expect(after.get(TOPIC_ROW.plans)).toBe((before.get(TOPIC_ROW.plans) ?? 0) + 1);
    for (const topic of PUBLIC_TOPICS.filter((t) => t !== "plans")) {
      expect(after.get(TOPIC_ROW[topic]), topic).toBe(before.get(TOPIC_ROW[topic]));
    }
  });

  it("saving a secret no page shows drops nothing; saving the shop name drops the pages", async () => {
    expect(await html(shop, "/")).toContain("Declared reads, every code path");
    await testimonialBehindTheBack("Secrets leave the pages alone");
    const before = await generations();
    const settings = (fields: Record<string, string>) =>
      fetch(`${shop.url}/admin/settings.data`, {
        method: "POST",
        headers: { cookie: shop.cookie, origin: shop.url },
        body: new URLSearchParams(fields),
      });
    const secret = await settings({
      intent: "gateway-save",
      keyId: "rzp_test_abcdefgh12",
      keySecret: "abcdefghijklmnop1234",
      webhookSecret: "whsec-topic-test-5678",
    });
    expect(secret.status).toBe(200);
    await secret.arrayBuffer();
    expect(await generations()).toEqual(before);
    expect(await html(shop, "/")).not.toContain("Secrets leave the pages alone");

    expect(await saveSetting(SETTINGS.brandName.key, "TopicBrand")).toBe(200);
    const after = await generations();
    expect(after.get(TOPIC_ROW.settings)).toBe((before.get(TOPIC_ROW.settings) ?? 0) + 1);
    expect(after.get(SETTINGS_COPY_ROW)).toBe((before.get(SETTINGS_COPY_ROW) ?? 0) + 1);
    const home = await html(shop, "/");
    expect(home).toContain("TopicBrand");
    expect(home).toContain("Secrets leave the pages alone");
  });

  it("a setting the pages do not show moves the settings copy only", async () => {
    await html(shop, "/privacy-policy");
    const before = await generations();
    expect(await saveSetting(SETTINGS.backupIntervalHours.key, "6")).toBe(200);
    const after = await generations();
    expect(after.get(SETTINGS_COPY_ROW)).toBe((before.get(SETTINGS_COPY_ROW) ?? 0) + 1);
    for (const topic of PUBLIC_TOPICS) expect(after.get(TOPIC_ROW[topic]), topic).toBe(before.get(TOPIC_ROW[topic]));
  });

  it("reaches the shop within about a second when another instance changes a plan", async () => {
    await html(shop, "/likes");
    const likes = await enabledPlan("likes");
    // This test's process is the other instance: the write and its topic commit together there, and its own
    // listeners are not the shop's. The shop reads the generations once a second.
    await updatePlan(shop.db.db, "owner", likes.id, {
      name: "Other Instance Likes",
      amount: likes.quantity,
      price: likes.price_paise,
      tags: [],
    });
    const ms = await within(3_000, async () => (await html(shop, "/likes")).includes("Other Instance Likes"));
    // One read of the generations a second, and a render: well under two seconds on a busy machine.
    expect(ms).toBeLessThan(2_000);
  });
});

/** The features' own settings, by their declarations: what saving one changes for the caches. */
describe("the caches a feature's saved setting changes", () => {
  it("changes nothing for a secret no page shows, or the note of the last SMS forwarded", () => {
    const { keySecret, webhookSecret } = razorpaySettings.settings;
    const { smsSecret, lastForwarded } = smsAlertSettings.settings;
    for (const setting of [
      keySecret,
      webhookSecret,
      smsSecret,
      lastForwarded,
      buyerMessageSettings.settings.verifyToken,
    ]) {
      expect(cachesChangedBy([setting]), setting.key).toEqual({ topics: [], settingsCopy: false });
    }
  });

  it("drops the service pages for the WhatsApp values that decide whether they offer WhatsApp updates", () => {
    const { accessToken, appSecret, phoneNumberId, businessNumber } = buyerMessageSettings.settings;
    for (const setting of [accessToken, appSecret, phoneNumberId, businessNumber]) {
      expect(cachesChangedBy([setting]), setting.key).toEqual({ topics: ["settings"], settingsCopy: false });
    }
  });
});
