import { describe, expect, it } from "vitest";
import { ORIGIN, loadServiceWorker, tap } from "./service-worker.fixture";

/**
 * public/buyer-sw.js run as a browser would, against a fake `self`: the
 * notification an order's update shows, and that a tap opens that order's
 * /track page on this shop, and nothing else.
 */

const loadWorker = () => loadServiceWorker("buyer-sw.js", {});

describe("the buyer's service worker", () => {
  it("has no fetch handler: it caches nothing and sees no page", () => {
    expect([...loadWorker().listeners.keys()].sort()).toEqual(["notificationclick", "push"]);
  });

  it("shows an update sent again under its tag, replacing the one shown; a tag it cannot trust is left out", async () => {
    const { self, dispatch } = loadWorker();
    const update = { title: "Paid", body: "…", url: "/track?order=BK1", tag: "q1V3nT2x_-A9" };
    await dispatch("push", { data: { json: () => update } });
    await dispatch("push", { data: { json: () => ({ ...update, tag: "<script>" }) } });
    const shown = self.registration.showNotification.mock.calls as unknown as [string, { tag?: string }][];
    expect(shown[0]![1].tag).toBe("q1V3nT2x_-A9");
    expect(shown[1]![1]).not.toHaveProperty("tag");
  });

  it("shows an update as a notification that remembers its order's /track", async () => {
    const { self, dispatch } = loadWorker();
    const payload = {
      title: "BoostKaro: Order BK1 is delivered",
      body: "All 1,000 followers…",
      url: "/track?order=BK1",
    };
    await dispatch("push", { data: { json: () => payload } });
    expect(self.registration.showNotification).toHaveBeenCalledWith("BoostKaro: Order BK1 is delivered", {
      body: "All 1,000 followers…",
      data: { url: "/track?order=BK1" },
    });
  });

  it("opens the order's /track page (English or Hindi) on a tap", async () => {
    for (const [link, opened] of [
      ["/track?order=BK7Q2M9XD4TA", `${ORIGIN}/track?order=BK7Q2M9XD4TA`],
      ["/hi/track?order=BK7Q2M9XD4TA", `${ORIGIN}/hi/track?order=BK7Q2M9XD4TA`],
    ]) {
      const { self, dispatch } = loadWorker();
      await dispatch("notificationclick", tap(link));
      expect(self.clients.openWindow).toHaveBeenCalledWith(opened);
    }
  });

  it("opens /track, never another site or page, for any other link", async () => {
    for (const link of [
      "https://evil.example/track?order=BK1",
      "/admin/orders/BK1",
      "javascript:alert(1)",
      42,
      "/track?order=<x>",
    ]) {
      const { self, dispatch } = loadWorker();
      await dispatch("notificationclick", tap(link));
      const [opened] = self.clients.openWindow.mock.calls[0] as unknown as [string];
      expect(opened.startsWith(`${ORIGIN}/track`), String(link)).toBe(true);
      expect(opened).not.toContain("<");
    }
  });
});
