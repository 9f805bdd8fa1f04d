import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DatabaseHandle } from "~/db/database.server";
import { auditFilters, parseAuditQuery } from "~/domain/audit/audit-query";
import {
  type AuditCursor,
  type AuditFilters,
  auditActions,
  auditActors,
  listAuditLog,
  recordAudit,
} from "~/domain/audit/audit.server";
import type { AuditEntry } from "~/domain/audit/table";
import { freshDatabase, testDatabases } from "../support/databases";
import type { ServerProcess } from "../support/server-process";
import { type TestShop, startTestShop } from "../support/test-shop";

const ist = (date: string, time = "12:00") => Date.parse(`${date}T${time}:00+05:30`);
const ACTIONS = ["order.place", "plan.update", "settings.update", "login", "panel.test"] as const;
const ACTORS = ["owner", "system", "cli"] as const;
const TOTAL = 137;

/** Walks every page one way, then back the other, and returns what each walk saw. */
async function walk(handle: DatabaseHandle, filters: AuditFilters, size: number) {
  const down: AuditEntry[][] = [];
  let before: AuditCursor | undefined;
  let page = await listAuditLog(handle.db, filters, {}, size);
  expect(page.newer).toBeNull();
  for (;;) {
    down.push(page.entries);
    if (!page.older) break;
    before = page.older;
    page = await listAuditLog(handle.db, filters, { before }, size);
    expect(page.newer).not.toBeNull();
  }
  const up: AuditEntry[][] = [];
  while (page.newer) {
    page = await listAuditLog(handle.db, filters, { after: page.newer }, size);
    up.push(page.entries);
  }
  return { down, up };
}

describe.each(testDatabases())("audit log query on $name", (kind) => {
  let handle: DatabaseHandle & { cleanup(): Promise<void> };
  let all: AuditEntry[];

  beforeAll(async () => {
    handle = await freshDatabase(kind);
    // 137 entries over five IST days; every third shares its time with the one before, so
    // the id has to break ties for paging to be exact.
    let at = ist("2025-03-01", "00:00");
    for (let i = 0; i < TOTAL; i++) {
      if (i % 3 !== 0) at += 47 * 60_000;
      await recordAudit(
        handle.db,
        {
          actor: ACTORS[i % ACTORS.length]!,
          action: ACTIONS[i % ACTIONS.length]!,
          targetType: i % 5 === 0 ? "order" : undefined,
          targetId: i % 5 === 0 ? `BK${String(i).padStart(10, "0")}` : undefined,
          details: { n: i },
          client: i % 2 ? { ip: "203.0.113.9", userAgent: "Mozilla/5.0" } : undefined,
        },
        at,
      );
    }
    all = await handle.db.selectFrom("audit_log").selectAll().execute();
    all.sort((a, b) => b.at - a.at || b.id - a.id);
  });
  afterAll(() => handle?.cleanup());

  it("pages through the whole log newest first, and back, without losing or repeating an entry", async () => {
    const { down, up } = await walk(handle, {}, 20);
    expect(down.map((p) => p.length)).toEqual([20, 20, 20, 20, 20, 20, 17]);
    expect(down.flat().map((e) => e.id)).toEqual(all.map((e) => e.id));
    // Back up from the oldest page: the same pages, newest last.
    expect(up.map((p) => p.map((e) => e.id))).toEqual(
      down
        .slice(0, -1)
        .reverse()
        .map((p) => p.map((e) => e.id)),
    );
    const first = down[0]![0]!;
    expect(first).toMatchObject({ client_ip: null });
    expect(down[0]![1]).toMatchObject({ client_ip: "203.0.113.9", user_agent: "Mozilla/5.0" });
  });

  it("filters by action, by actor and by IST days, alone and together", async () => {
    const cases: Array<[string, (e: AuditEntry) => boolean]> = [
      ["action=plan.update", (e) => e.action === "plan.update"],
      ["actor=system", (e) => e.actor === "system"],
      ["action=login&actor=cli", (e) => e.action === "login" && e.actor === "cli"],
      // A day is 00:00 to 24:00 IST, the last day included.
      ["from=2025-03-02&to=2025-03-03", (e) => e.at >= ist("2025-03-02", "00:00") && e.at < ist("2025-03-04", "00:00")],
      ["action=order.place&from=2025-03-03", (e) => e.action === "order.place" && e.at >= ist("2025-03-03", "00:00")],
      ["to=2025-03-01", (e) => e.at < ist("2025-03-02", "00:00")],
      ["actor=nobody", () => false],
    ];
    for (const [search, keep] of cases) {
      const filters = auditFilters(parseAuditQuery(new URLSearchParams(search)));
      const expected = all.filter(keep).map((e) => e.id);
      const { down } = await walk(handle, filters, 7);
      expect(
        down.flat().map((e) => e.id),
        search,
      ).toEqual(expected);
      if (expected.length > 0) expect(down.at(-1)!.length, search).toBeGreaterThan(0);
    }
    // The day filters cut the log somewhere in the middle, not at either end.
    const days = all.filter((e) => e.at >= ist("2025-03-02", "00:00") && e.at < ist("2025-03-04", "00:00"));
    expect(days.length).toBeGreaterThan(20);
    expect(days.length).toBeLessThan(TOTAL - 20);
  });

  it("lists the actions and actors present, for the filters", async () => {
    expect(await auditActions(handle.db)).toEqual([...ACTIONS].sort());
    expect(await auditActors(handle.db)).toEqual([...ACTORS].sort());
  });
});

/** The Audit page through the real server: guarded, filtered on the server, entries with their client. */
describe.each(testDatabases())("the Audit page over HTTP on $name", (kind) => {
  let shop: TestShop;
  let server: ServerProcess;
  let handle: DatabaseHandle;
  let cookie = "";
  const browser = "Mozilla/5.0 (audit page test)";

  beforeAll(async () => {
    shop = await startTestShop({ engine: kind, jobs: "off" });
    ({ server, cookie, db: handle } = shop);
  });
  afterAll(async () => shop?.stop());

  it("shows a plan toggled through the API with the address and browser it came from, filtered by action", async () => {
    const plan = await handle.db.selectFrom("plans").select("id").orderBy("id").executeTakeFirstOrThrow();
    const toggled = await fetch(`${server.url}/api/admin/plans/${plan.id}/toggle`, {
      method: "PATCH",
      headers: { cookie, origin: server.url, "user-agent": browser },
    });
    expect(toggled.status).toBe(200);

    const page = await fetch(`${server.url}/admin/audit?action=plan.disable`, { headers: { cookie } });
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html.match(/data-testid="audit-entry"/g)).toHaveLength(1);
    expect(html).toContain("plan.disable");
    expect(html).toContain(browser);
    expect(html).toContain("127.0.0.1");
    expect(html).toContain(`Plan #${plan.id}`);

    const other = await fetch(`${server.url}/admin/audit?action=order.place`, { headers: { cookie } });
    expect(await other.text()).toContain("No audit entries match these filters.");
  });

  it("answers hostile filters with an ordinary page", async () => {
    for (const search of [
      "?action=%27%20or%201%3D1--&actor=%3Cscript%3E&from=9999-99-99&before=abc",
      "?after=99999999999999999999-1&to=2025-13-01",
      `?actor=${"x".repeat(5000)}`,
    ]) {
      const res = await fetch(`${server.url}/admin/audit${search}`, { headers: { cookie } });
      expect(res.status, search).toBe(200);
      expect(await res.text(), search).not.toContain("<script>");
    }
  });
});
