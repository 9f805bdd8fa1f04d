import { signIn } from "./admin-support";
import { expect, test } from "./fixtures";

/**
 * The operator adds the admin to their phone's Home Screen: the admin's pages
 * offer the manifest and register the admin's service worker (for /admin
 * only); the storefront offers neither and no worker controls it.
 */
test.beforeEach(({}, info) => {
  test.skip(info.project.name !== "mobile", "the operator's phone");
});

interface Manifest {
  start_url: string;
  scope: string;
  display: string;
  icons: Array<{ src: string; type: string; purpose: string }>;
}

test("the admin offers itself as an app with its own service worker; the storefront does not", async ({
  page,
  request,
}) => {
  expect(page.viewportSize()).toEqual({ width: 390, height: 844 });
  await page.goto("/admin/login");
  await expect(page.locator('link[rel="manifest"]')).toHaveAttribute("href", "/admin/manifest.webmanifest");

  await signIn(page, "/admin/orders");
  await expect(page).toHaveURL(/\/admin\/orders$/);
  await expect(page.locator('link[rel="manifest"]')).toHaveAttribute("href", "/admin/manifest.webmanifest");
  await expect(page.locator('link[rel="apple-touch-icon"]')).toHaveAttribute("href", "/apple-touch-icon.png");
  await expect(page.locator('meta[name="apple-mobile-web-app-capable"]')).toHaveAttribute("content", "yes");
  await expect(page.locator('meta[name="theme-color"]')).toHaveAttribute("content", "#ffffff");

  const res = await request.get("/admin/manifest.webmanifest");
  expect(res.status()).toBe(200);
  expect(res.headers()["content-type"]).toMatch(/^application\/manifest\+json/);
  const manifest = (await res.json()) as Manifest;
  expect(manifest).toMatchObject({ start_url: "/admin", scope: "/admin", display: "standalone" });
  expect(manifest.icons.map((i) => i.purpose)).toEqual(["any", "any", "maskable"]);
  for (const icon of manifest.icons) {
    const png = await request.get(icon.src);
    expect(png.status(), icon.src).toBe(200);
    expect(png.headers()["content-type"], icon.src).toBe("image/png");
  }

  // Signed in, the page registers the worker without anyone pressing "Notify this device".
  const worker = await page.evaluate(async () => {
    const registration = await navigator.serviceWorker.ready;
    return { scope: registration.scope, script: registration.active?.scriptURL ?? "" };
  });
  expect(worker.scope).toMatch(/\/admin$/);
  expect(worker.script).toMatch(/\/admin-sw\.js$/);

  // The next admin page is controlled by it; the storefront is not, and offers no app.
  await page.goto("/admin/dashboard");
  await expect.poll(() => page.evaluate(() => navigator.serviceWorker.controller?.scriptURL ?? "")).toMatch(/admin-sw/);
  await page.goto("/");
  await expect(page.getByRole("banner")).toBeVisible();
  expect(await page.evaluate(() => navigator.serviceWorker.controller)).toBeNull();
  expect(
    await page.evaluate(async () => (await navigator.serviceWorker.getRegistration("/"))?.scope ?? null),
  ).toBeNull();
  await expect(page.locator('link[rel="manifest"]')).toHaveCount(0);
  await expect(page.locator('meta[name="apple-mobile-web-app-capable"]')).toHaveCount(0);
  await expect(page.locator('meta[name="theme-color"]')).toHaveAttribute("content", "#d6246e");
});
