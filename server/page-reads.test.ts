import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { ServerBuild } from "react-router";
import { describe, expect, it } from "vitest";
import type { AppServices } from "~/context";
import { openDatabase } from "~/db/database.server";
import { declaredReads, trackedServices, undeclaredReads } from "./page-reads";

/** A build's route manifest: each route with its module's loader and `reads`. */
function buildOf(routes: Array<{ id: string; parentId?: string; path?: string; index?: boolean; module: object }>) {
  return { routes: Object.fromEntries(routes.map((route) => [route.id, route])) } as unknown as Pick<
    ServerBuild,
    "routes"
  >;
}

const loader = () => null;

describe("what a cached page declares it reads", () => {
  const build = buildOf([
    { id: "root", path: "", module: {} },
    { id: "layout", parentId: "root", module: { loader, reads: ["settings", "proof"] } },
    { id: "home", parentId: "layout", index: true, module: { loader, reads: ["plans"] } },
    { id: "service", parentId: "layout", path: "followers", module: { loader, reads: ["plans", "orders"] } },
    { id: "blog", parentId: "layout", path: "blog", module: { loader, reads: [] } },
    { id: "forgot", parentId: "layout", path: "forgot", module: { loader } },
  ]);

  it("is the union of the declarations of the routes its address matches", () => {
    expect([...declaredReads(build, "/")].sort()).toEqual(["plans", "proof", "settings"]);
    expect([...declaredReads(build, "/followers")].sort()).toEqual(["orders", "plans", "proof", "settings"]);
    expect([...declaredReads(build, "/blog")].sort()).toEqual(["proof", "settings"]);
  });

  it("is refused for a route with a loader and no declaration, or an unknown topic", () => {
    expect(() => declaredReads(build, "/forgot")).toThrow(/forgot has a loader .* no `reads`/);
    const unknown = buildOf([{ id: "root", path: "", module: { loader, reads: ["prices"] } }]);
    expect(() => declaredReads(unknown, "/")).toThrow(/unknown topic "prices"/);
  });
});

describe("what a render read", () => {
  it("names each topic whose tables it read and did not declare, and any table no topic covers", () => {
    const read = new Set(["plans", "settings", "public_pages_generation", "panels"]);
    expect(undeclaredReads(read, new Set(["settings"]))).toEqual(["plans", "table panels (no topic)"]);
    expect(undeclaredReads(new Set(["testimonials", "settings"]), new Set(["settings", "proof"]))).toEqual([]);
  });

  it("names a setting of the copy a page read whose declaration says no page shows it", () => {
    const read = new Set(["setting:brandName", "setting:backupIntervalHours"]);
    expect(undeclaredReads(read, new Set(["settings"]))).toEqual(["setting backupIntervalHours (no publicTopic)"]);
    expect(undeclaredReads(new Set(["setting:brandName"]), new Set(["plans"]))).toEqual(["settings"]);
  });

  it("notes the tables of the queries a render's database runs, and a read of the settings copy", async () => {
    const dir = mkdtempSync(join(tmpdir(), "page-reads-"));
    const handle = openDatabase({ kind: "sqlite", file: join(dir, "shop.db") });
    try {
      await handle.db.schema.createTable("plans").addColumn("id", "integer").execute();
      await handle.db.schema.createTable("orders").addColumn("plan_id", "integer").execute();
      const settings = { get: () => Promise.resolve({ brandName: "Shop", retentionDays: 365 }), clear: () => {} };
      const tracked = trackedServices({ db: handle.db, settings } as unknown as AppServices);
      await tracked.services.db
        .selectFrom("orders")
        .innerJoin("plans", "plans.id", "orders.plan_id")
        .select("plans.id")
        .execute();
      expect([...tracked.read].sort()).toEqual(["orders", "plans"]);
      expect((await tracked.services.settings.get()).brandName).toBe("Shop");
      expect([...tracked.read].sort()).toEqual(["orders", "plans", "setting:brandName"]);
      // The shop's own database is left as it was: nothing is noted for its queries.
      await handle.db.selectFrom("plans").select("id").execute();
      expect(tracked.read.size).toBe(3);
    } finally {
      await handle.close();
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
