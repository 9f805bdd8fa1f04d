import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DatabaseHandle } from "~/db/database.server";
import { writeSettings } from "~/domain/settings/settings.server";
import { testDatabases } from "../support/databases";
import { type TestShop, startTestShop } from "../support/test-shop";

/** Settings an operator changed: every page must show these, never the defaults. */
const SETTINGS = {
  brandName: "GrowKaro",
  supportEmail: "help@growkaro.example",
  supportPhone: "+91 90000 11111",
  whatsappNumber: "919000011111",
  location: "Jaipur, India",
  merchantName: "GrowKaro Digital LLP",
  deliveryStartMinutes: 45,
  retentionDays: 90,
  grievanceOfficerName: "Arjun <Mehta>",
  grievanceOfficerContact: "grievance@growkaro.example",
  publicBaseUrl: "https://growkaro.example/",
};

describe.each(testDatabases())("storefront pages on $name", (kind) => {
  let shop: TestShop;
  let handle: DatabaseHandle;

  beforeAll(async () => {
    shop = await startTestShop({
      engine: kind,
      admin: false,
      prepare: async (early) => void (await writeSettings(early.db, SETTINGS)),
    });
    handle = shop.db;
  });
  afterAll(async () => shop?.stop());

  const page = async (path: string) => {
    const res = await fetch(`${shop.url}${path}`);
    return { status: res.status, html: await res.text() };
  };

  it("home states the operator's figures and the cheapest plan's price", async () => {
    const { status, html } = await page("/");
    expect(status).toBe(200);
    expect(html).toMatch(/starts within (<!-- -->)?45(<!-- -->)? minutes of confirmed payment/);
    const cheapest = await handle.db
      .selectFrom("plans")
      .select((eb) => eb.fn.min<number>("price_paise").as("min"))
      .where("is_enabled", "=", 1)
      .where("quantity", ">=", 100)
      .executeTakeFirstOrThrow();
    expect(html).toMatch(new RegExp(`Packages from (<!-- -->)?₹${Number(cheapest.min) / 100}`));
    expect(html).toContain('<link rel="canonical" href="https://growkaro.example/"/>');
    expect(html).toContain("help@growkaro.example");
    expect(html).toContain("Jaipur, India");
    expect(html).not.toMatch(/\{\{\w+\}\}/);
  });

  it("policy pages fill settings in, escaped", async () => {
    const privacy = await page("/privacy-policy");
    expect(privacy.status).toBe(200);
    expect(privacy.html).toContain("90 days");
    expect(privacy.html).toContain("Arjun &lt;Mehta&gt;");
    expect(privacy.html).not.toContain("Arjun <Mehta>");
    expect(privacy.html).toContain("+91 90000 11111");
    expect(privacy.html).toContain('href="https://growkaro.example/privacy-policy"');
    const terms = await page("/terms-of-service");
    expect(terms.html).toContain("GrowKaro Digital LLP");
    const delivery = await page("/delivery-policy");
    expect(delivery.html).toContain("45 minutes");
    for (const p of [privacy, terms, delivery, await page("/refund-policy")]) expect(p.html).not.toMatch(/\{\{\w+\}\}/);
  });

  it("contact page links WhatsApp with a prefilled message and names seller and grievance officer", async () => {
    const { status, html } = await page("/contact-us");
    expect(status).toBe(200);
    expect(html).toContain("https://wa.me/919000011111?text=Hi%20GrowKaro%2C%20I%20need%20help");
    expect(html).toContain("mailto:help@growkaro.example");
    expect(html).toContain("GrowKaro Digital LLP");
    expect(html).toContain("Arjun &lt;Mehta&gt;");
  });

  it("answers 404 for an unknown page", async () => {
    const { status, html } = await page("/no/such/page");
    expect(status).toBe(404);
    expect(html).toContain("Oops! Page not found");
  });

  it("tells a visitor whose page request was refused that the request was at fault, not the server", async () => {
    const res = await fetch(`${shop.url}/track`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: "{}",
    });
    expect(res.status).toBe(415);
    const html = await res.text();
    expect(html).toContain("Bad request");
    expect(html).not.toContain("Unexpected Application Error!");
  });

  it("answers a failure with the generic error page and leaks nothing internal", async () => {
    await handle.db.schema.alterTable("plans").renameTo("plans_hidden").execute();
    try {
      // A query string skips the page cache (an earlier test left the page there): it renders now. The home page
      // reads the plans (the policy pages read only the settings, ADR 0049).
      const { status, html } = await page("/?fresh=1");
      expect(status).toBe(500);
      expect(html).toContain("Unexpected Application Error!");
      expect(html).not.toMatch(/plans|no such table|relation|SqliteError|stack|at \w+ \(/i);
    } finally {
      await handle.db.schema.alterTable("plans_hidden").renameTo("plans").execute();
    }
  });
});
