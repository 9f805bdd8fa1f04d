import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { testDatabases } from "../support/databases";
import { type HostileShop, adminLogin, startShop } from "../support/hostile";
import { TEST_ADMIN, TEST_ADMIN_ENV } from "../support/test-accounts";

interface Manifest {
  name: string;
  start_url: string;
  scope: string;
  display: string;
  theme_color: string;
  background_color: string;
  icons: Array<{ src: string; sizes: string; type: string; purpose: string }>;
}

/**
 * The admin installs on the operator's phone as its own app: a manifest named
 * after the shop, readable without a session (browsers fetch it without
 * cookies), icons that are real PNGs, and a service worker script the browser
 * re-checks on every visit.
 */
describe.each(testDatabases())("the admin as an installable app on $name", (kind) => {
  let shop: HostileShop;

  beforeAll(async () => {
    shop = await startShop(kind, { ...TEST_ADMIN_ENV });
  });
  afterAll(async () => shop?.stop());

  const manifest = async () => {
    const res = await fetch(`${shop.url}/admin/manifest.webmanifest`, { redirect: "manual" });
    expect(res.status).toBe(200);
    return { res, body: (await res.json()) as Manifest };
  };

  it("serves the manifest to anyone, as a manifest, cacheable for a few minutes", async () => {
    const { res, body } = await manifest();
    expect(res.headers.get("content-type")).toMatch(/^application\/manifest\+json/);
    expect(res.headers.get("cache-control")).toBe("public, max-age=300");
    expect(res.headers.get("set-cookie")).toBeNull();
    expect(body).toMatchObject({
      name: "BoostKaro Admin",
      start_url: "/admin",
      scope: "/admin",
      display: "standalone",
      theme_color: "#ffffff",
      background_color: "#f9fafb",
    });
    expect(body.icons.map((i) => `${i.sizes} ${i.purpose}`)).toEqual([
      "192x192 any",
      "512x512 any",
      "512x512 maskable",
    ]);
  });

  it("names the app after the shop's brand once the operator changes it", async () => {
    const cookie = await adminLogin(shop.url, TEST_ADMIN.username, TEST_ADMIN.password);
    const saved = await fetch(`${shop.url}/api/admin/setting`, {
      method: "POST",
      headers: { cookie, "content-type": "application/json", origin: shop.url },
      body: JSON.stringify({ key: "BRAND_NAME", value: "Growly" }),
    });
    expect(saved.status).toBe(200);
    expect((await manifest()).body.name).toBe("Growly Admin");
  });

  it("serves each icon as a PNG of the size the manifest names", async () => {
    const { body } = await manifest();
    for (const icon of [...body.icons, { src: "/apple-touch-icon.png", sizes: "180x180" }]) {
      const res = await fetch(`${shop.url}${icon.src}`);
      expect(res.status, icon.src).toBe(200);
      expect(res.headers.get("content-type"), icon.src).toBe("image/png");
      const bytes = Buffer.from(await res.arrayBuffer());
      expect(bytes.subarray(1, 4).toString("latin1"), icon.src).toBe("PNG");
      // The IHDR chunk: width and height, big-endian, at bytes 16 and 20.
      expect(`${bytes.readUInt32BE(16)}x${bytes.readUInt32BE(20)}`, icon.src).toBe(icon.sizes);
    }
  });

  it("serves the service worker for the browser to re-check on every visit", async () => {
    const res = await fetch(`${shop.url}/admin-sw.js`);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toMatch(/javascript/);
    expect(res.headers.get("cache-control")).toBe("no-cache");
    expect(await res.text()).toContain("notificationclick");
  });

  it("offers the app from the admin's pages only, never from the storefront's", async () => {
    const manifestLink = /<link [^>]*rel="manifest" href="\/admin\/manifest\.webmanifest"/;
    const login = await (await fetch(`${shop.url}/admin/login`)).text();
    expect(login).toMatch(manifestLink);
    expect(login).toContain('<meta name="apple-mobile-web-app-capable" content="yes"/>');
    expect(login).toContain('<meta name="theme-color" content="#ffffff"/>');
    expect(login).not.toContain('content="#d6246e"');
    for (const path of ["/", "/followers", "/blog"]) {
      const page = await (await fetch(`${shop.url}${path}`)).text();
      expect(page, path).not.toMatch(/rel="manifest"|apple-mobile-web-app-capable|apple-touch-icon|admin-sw/);
      expect(page, path).toContain('<meta name="theme-color" content="#d6246e"/>');
    }
  });
});
