import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { testDatabases } from "../support/databases";
import { type HostileShop, adminLogin, send, startShop } from "../support/hostile";
import { TEST_ADMIN, TEST_ADMIN_ENV, signInForm } from "../support/test-accounts";

/** The storefront's chrome: its header navigation and its footer. */
const STOREFRONT = /aria-label="Main"|<footer/;

/**
 * An error inside /admin is shown on the admin's own error page: the operator
 * is not dropped onto a storefront page with the shop's header, footer and a
 * "Go back home" link, and is offered the way back into the admin.
 */
describe.each(testDatabases())("the admin's error page on $name", (kind) => {
  let shop: HostileShop;
  let cookie = "";

  beforeAll(async () => {
    shop = await startShop(kind, { ...TEST_ADMIN_ENV });
    cookie = await adminLogin(shop.url, TEST_ADMIN.username, TEST_ADMIN.password);
  });
  afterAll(async () => shop?.stop());

  const expectAdminError = (answer: { status: number; type: string; text: string }, status: number) => {
    expect(answer.status, answer.text.slice(0, 300)).toBe(status);
    expect(answer.type).toMatch(/text\/html/);
    expect(answer.text).toContain('data-testid="admin-error"');
    expect(answer.text).toContain('href="/admin/dashboard"');
    expect(answer.text).not.toMatch(STOREFRONT);
  };

  it("shows a refused form (not a form, NUL in a field) on a signed-in admin page in the admin's frame", async () => {
    for (const path of ["/admin/settings", "/admin/plans", "/admin/orders"]) {
      const notForm = await send(`${shop.url}${path}`, {
        method: "POST",
        headers: { cookie, origin: shop.url, "content-type": "application/json" },
        body: '{"intent":"delete-all"}',
      });
      expectAdminError(notForm, 415);
      const nul = await send(`${shop.url}${path}`, {
        method: "POST",
        headers: { cookie, origin: shop.url },
        body: new URLSearchParams({ intent: "store", brandName: "a\u0000b" }),
      });
      expectAdminError(nul, 400);
    }
  });

  it("shows a cross-site post, signed in or not, in the admin's frame", async () => {
    for (const [path, headers] of [
      // A foreign Origin is refused by React Router itself before any route; a browser marks every cross-site post.
      ["/admin/settings", { cookie, "sec-fetch-site": "cross-site" }],
      ["/admin/login", { "sec-fetch-site": "same-site" }],
    ] as const) {
      const answer = await send(`${shop.url}${path}`, {
        method: "POST",
        headers,
        body: signInForm(),
      });
      expectAdminError(answer, 403);
    }
  });
});
