import { describe, expect, it } from "vitest";
import { createPageStore } from "./page-cache";

/** A render per call, counted by path, that waits until released when asked to. */
function renders() {
  const count = new Map<string, number>();
  const waiting: Array<() => void> = [];
  let hold = false;
  const render = async (path: string) => {
    count.set(path, (count.get(path) ?? 0) + 1);
    const html = `<p>${path} #${count.get(path)}</p>`;
    if (hold) await new Promise<void>((release) => waiting.push(release));
    return html;
  };
  return {
    render,
    count,
    hold: (on: boolean) => (hold = on),
    release: () => waiting.splice(0).forEach((go) => go()),
  };
}

const text = async (store: ReturnType<typeof createPageStore>, path: string) =>
  (await store.get(path))?.bodies.identity.toString("utf8");

describe("the page store", () => {
  it("renders a page once, then serves it until a change drops it", async () => {
    const r = renders();
    const store = createPageStore({ render: r.render, maxAgeMs: 60_000 });
    expect(await text(store, "/a")).toBe("<p>/a #1</p>");
    expect(await text(store, "/a")).toBe("<p>/a #1</p>");
    store.clear();
    expect(await text(store, "/a")).toBe("<p>/a #2</p>");
  });

  it("drops only the pages a change names, and keeps the others' copies", async () => {
    const r = renders();
    const store = createPageStore({ render: r.render, maxAgeMs: 60_000 });
    await store.get("/followers");
    await store.get("/blog");
    store.clear((path) => path === "/followers");
    expect(await text(store, "/followers")).toBe("<p>/followers #2</p>");
    expect(await text(store, "/blog")).toBe("<p>/blog #1</p>");
  });

  it("does not keep a render of a dropped page that was under way (it may have read the old data)", async () => {
    const r = renders();
    const store = createPageStore({ render: r.render, maxAgeMs: 60_000 });
    r.hold(true);
    const stale = store.get("/a");
    const other = store.get("/b");
    store.clear((path) => path === "/a");
    r.hold(false);
    r.release();
    await Promise.all([stale, other]);
    expect(await text(store, "/a")).toBe("<p>/a #2</p>");
    expect(await text(store, "/b")).toBe("<p>/b #1</p>");
  });
});
