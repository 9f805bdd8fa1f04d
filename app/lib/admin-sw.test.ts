import { describe, expect, it, vi } from "vitest";
import { ORIGIN, loadServiceWorker, tap } from "./service-worker.fixture";

/**
 * public/admin-sw.js run as a browser would, against a fake `self`: the
 * notification it shows for a push, and where a tap on it leads.
 */

interface FakeWindow {
  url: string;
  focus: ReturnType<typeof vi.fn>;
  navigate: ReturnType<typeof vi.fn>;
}

function fakeWindow(path: string, { controlled = true } = {}): FakeWindow {
  const win: FakeWindow = {
    url: `${ORIGIN}${path}`,
    focus: vi.fn(() => Promise.resolve(win)),
    navigate: vi.fn((url: string) => {
      if (!controlled) return Promise.reject(new TypeError("This service worker is not the client's active one."));
      win.url = url;
      return Promise.resolve(win);
    }),
  };
  return win;
}

const loadWorker = (windows: FakeWindow[] = []) =>
  loadServiceWorker("admin-sw.js", { matchAll: vi.fn(() => Promise.resolve(windows)) });

describe("the admin's service worker", () => {
  it("has no fetch handler, so no page or API answer is ever served from (or kept by) it", () => {
    const { listeners } = loadWorker();
    expect([...listeners.keys()].sort()).toEqual(["notificationclick", "push"]);
  });

  it("shows a push as a notification that remembers the order's link", async () => {
    const { self, dispatch } = loadWorker();
    const payload = { title: "Payment to confirm", body: "₹499 from Priya", url: `${ORIGIN}/admin/orders/BK1` };
    await dispatch("push", { data: { json: () => payload } });
    expect(self.registration.showNotification).toHaveBeenCalledWith("Payment to confirm", {
      body: "₹499 from Priya",
      data: { url: `${ORIGIN}/admin/orders/BK1` },
    });
  });

  it("still shows something for a push without a readable payload", async () => {
    const { self, dispatch } = loadWorker();
    await dispatch("push", { data: { json: (): unknown => JSON.parse("not json") } });
    expect(self.registration.showNotification).toHaveBeenCalledWith("Shop alert", {
      body: "",
      data: { url: "/admin" },
    });
  });

  it("opens the order in a new window when no admin window is open", async () => {
    const storefront = fakeWindow("/checkout?order=BK9");
    const { self, dispatch } = loadWorker([storefront]);
    const event = tap(`${ORIGIN}/admin/orders/BK1`);
    await dispatch("notificationclick", event);
    expect(event.notification.close).toHaveBeenCalled();
    expect(self.clients.openWindow).toHaveBeenCalledWith(`${ORIGIN}/admin/orders/BK1`);
    expect(storefront.navigate).not.toHaveBeenCalled();
  });

  it("brings an open admin window forward and shows it the order, opening nothing new", async () => {
    const admin = fakeWindow("/admin/dashboard");
    const { self, dispatch } = loadWorker([fakeWindow("/"), admin]);
    await dispatch("notificationclick", tap(`${ORIGIN}/admin/orders/BK1`));
    expect(admin.focus).toHaveBeenCalled();
    expect(admin.navigate).toHaveBeenCalledWith(`${ORIGIN}/admin/orders/BK1`);
    expect(self.clients.openWindow).not.toHaveBeenCalled();
  });

  it("opens a new window when the open admin window cannot be navigated by the worker", async () => {
    const admin = fakeWindow("/admin/login", { controlled: false });
    const { self, dispatch } = loadWorker([admin]);
    await dispatch("notificationclick", tap(`${ORIGIN}/admin/orders/BK1`));
    expect(self.clients.openWindow).toHaveBeenCalledWith(`${ORIGIN}/admin/orders/BK1`);
  });

  it("opens the order on this origin when the shop's Public Base URL names another one", async () => {
    const { self, dispatch } = loadWorker();
    await dispatch("notificationclick", tap("https://old-name.example/admin/orders/BK1"));
    expect(self.clients.openWindow).toHaveBeenCalledWith(`${ORIGIN}/admin/orders/BK1`);
  });

  it.each([
    ["another site's page", "https://evil.example/login"],
    ["a storefront page", `${ORIGIN}/checkout`],
    ["a script URL", "javascript:alert(1)"],
    ["a look-alike path", `${ORIGIN}/administrator`],
    ["a path climbing out of the admin", `${ORIGIN}/admin/../checkout`],
    ["no link", undefined],
    ["not a string", { href: "https://evil.example" }],
  ])("opens /admin for %s", async (_what, url) => {
    const { self, dispatch } = loadWorker();
    await dispatch("notificationclick", tap(url));
    expect(self.clients.openWindow).toHaveBeenCalledWith(`${ORIGIN}/admin`);
  });
});
