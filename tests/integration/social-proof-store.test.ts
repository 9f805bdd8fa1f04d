import { sql } from "kysely";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import type { DatabaseHandle } from "~/db/database.server";
import { socialProof } from "~/db/migrations/0020_social_proof";
import { seedDemoData } from "~/db/seed.server";
import { countDeliveredOrders } from "~/domain/orders/orders.repository.server";
import { readSiteSettings } from "~/domain/settings/settings.server";
import {
  createProofCard,
  createTestimonial,
  deleteProofCard,
  publishTestimonial,
  socialProofAdminView,
  updateTestimonial,
} from "~/domain/social-proof/admin.server";
import { hasPublicTestimonials, publicSocialProof } from "~/domain/social-proof/public.server";
import { SAMPLE_PROOF_CARDS, SAMPLE_TESTIMONIALS } from "~/domain/social-proof/samples.server";
import { freshDatabase, testDatabases } from "../support/databases";
import { makeOrder } from "../support/orders";

const testimonial = {
  name: "Kavya Reddy",
  handle: "@kavya.paints",
  content: "Likes came in over the evening.",
  rating: 5,
  date: "2026-10-01",
  language: "en" as const,
};
const card = {
  type: "views" as const,
  title: "Street food reel",
  description: "2,000 views for one reel.",
  beforeLabel: "Before",
  beforeValue: "900 views",
  afterLabel: "After",
  afterValue: "2,950 views",
  stats: [{ label: "Package", value: "2,000 views" }],
  verified: true,
};

describe.each(testDatabases())("social proof store on $name", (kind) => {
  let handle: DatabaseHandle & { cleanup(): Promise<void> };
  beforeEach(async () => {
    handle = await freshDatabase(kind);
  });
  afterEach(async () => handle.cleanup());

  it("retires the stored creators claim: the migration removes it and a stray value is ignored", async () => {
    const { db } = handle;
    await seedDemoData(db);
    expect(await db.selectFrom("settings").select("key").where("key", "=", "CREATORS_BOOSTED").execute()).toEqual([]);
    // As a database from before this version: the value saved, the tables not there yet.
    await socialProof(handle.dialect).down(db);
    await db.insertInto("settings").values({ key: "CREATORS_BOOSTED", value: "3,000+", updated_at: 1 }).execute();
    expect(Object.keys(await readSiteSettings(db))).not.toContain("creatorsBoosted");
    await socialProof(handle.dialect).up(db);
    expect(await db.selectFrom("settings").select("key").where("key", "=", "CREATORS_BOOSTED").execute()).toEqual([]);
  });

  it("counts only delivered orders", async () => {
    const { db } = handle;
    for (const status of ["delivered", "delivered", "delivering", "refunded", "partial", "awaiting_payment"] as const)
      await makeOrder(db, { status });
    expect(await countDeliveredOrders(db)).toBe(2);
    if (handle.dialect === "sqlite") {
      const plan = await sql<{
        detail: string;
      }>`explain query plan select count(*) from orders where status in ('delivered')`.execute(db);
      expect(plan.rows.map((r) => r.detail).join(" ")).toMatch(/SEARCH orders USING COVERING INDEX \w+ \(status=\?\)/);
    }
  });

  it("keeps drafts off the site, never mixes samples with real items, and audits every change", async () => {
    const { db } = handle;
    expect(await publicSocialProof(db, false)).toEqual({ testimonials: [], proof: [] });
    expect(await publicSocialProof(db, true)).toEqual({ testimonials: SAMPLE_TESTIMONIALS, proof: SAMPLE_PROOF_CARDS });
    expect(await hasPublicTestimonials(db, false)).toBe(false);

    const row = await createTestimonial(db, "owner", testimonial, 1_000);
    await createProofCard(db, "owner", card, 1_000);
    expect((await publicSocialProof(db, false)).testimonials).toEqual([]);
    expect((await publicSocialProof(db, true)).testimonials).toEqual(SAMPLE_TESTIMONIALS);

    await publishTestimonial(db, "owner", row.id, true, 2_000);
    await updateTestimonial(db, "owner", row.id, { ...testimonial, content: "Edited." }, 3_000);
    for (const samples of [false, true]) {
      const shown = await publicSocialProof(db, samples);
      expect(shown.testimonials).toEqual([{ ...testimonial, content: "Edited." }]);
      // The card is still a draft: that section falls back on its own.
      expect(shown.proof).toEqual(samples ? SAMPLE_PROOF_CARDS : []);
    }
    expect(await hasPublicTestimonials(db, false)).toBe(true);

    const view = await socialProofAdminView(db);
    expect(view.testimonials[0]).toMatchObject({ sample: false, id: row.id, published: true });
    expect(view.testimonials.filter((t) => t.sample)).toHaveLength(SAMPLE_TESTIMONIALS.length);
    expect(view.proof[0]).toMatchObject({
      sample: false,
      published: false,
      item: {
        type: "views",
        title: card.title,
        description: card.description,
        before: { label: "Before", value: "900 views" },
        after: { label: "After", value: "2,950 views" },
        stats: card.stats,
        verified: true,
      },
    });

    await deleteProofCard(db, "owner", view.proof[0]!.sample ? 0 : view.proof[0]!.id, 4_000);
    await expect(publishTestimonial(db, "owner", 999_999, true)).rejects.toMatchObject({ code: "NOT_FOUND" });
    const audit = await db.selectFrom("audit_log").select(["action", "target_type"]).orderBy("id").execute();
    expect(audit).toEqual([
      { action: "testimonial.create", target_type: "testimonial" },
      { action: "proof.create", target_type: "proof_card" },
      { action: "testimonial.publish", target_type: "testimonial" },
      { action: "testimonial.update", target_type: "testimonial" },
      { action: "proof.delete", target_type: "proof_card" },
    ]);
  });
});
