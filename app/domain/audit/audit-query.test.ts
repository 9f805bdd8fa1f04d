import { describe, expect, it } from "vitest";
import { auditFilters, auditSearch, parseAuditQuery } from "./audit-query";
import { detailPairs } from "./audit-view";

const query = (text: string) => parseAuditQuery(new URLSearchParams(text));

describe("parseAuditQuery", () => {
  it("reads the filters and one cursor, and drops what it cannot read", () => {
    expect(query("action=order.place&actor=%20owner%20&from=2025-01-05&to=2025-01-03&before=1736060000000-42")).toEqual(
      {
        action: "order.place",
        actor: "owner",
        from: "2025-01-03",
        to: "2025-01-05",
        before: "1736060000000-42",
        after: "",
      },
    );
    expect(query("action=%3Cscript%3E&from=2025-02-30&to=yesterday&before=1-x&after=12-3")).toEqual({
      action: "",
      actor: "",
      from: "",
      to: "",
      before: "",
      after: "12-3",
    });
  });

  it("turns IST days into bounds that include the whole last day", () => {
    const filters = auditFilters(query("from=2025-01-05&to=2025-01-05"));
    expect(filters.from).toBe(Date.parse("2025-01-05T00:00:00+05:30"));
    expect(filters.to).toBe(Date.parse("2025-01-06T00:00:00+05:30"));
    expect(auditFilters(query(""))).toEqual({ action: undefined, actor: undefined, from: undefined, to: undefined });
  });

  it("writes a query back as a URL search, leaving out empty fields", () => {
    expect(auditSearch(query("action=plan.create&after=5-6"), { after: "", before: "1-2" })).toBe(
      "?action=plan.create&before=1-2",
    );
    expect(auditSearch(query(""))).toBe("");
  });
});

describe("detailPairs", () => {
  it("shows an object's fields, and anything else as one value", () => {
    expect(detailPairs('{"result":"Order placed","deleted":{"orders":3}}')).toEqual([
      ["result", "Order placed"],
      ["deleted", '{"orders":3}'],
    ]);
    expect(detailPairs("not json")).toEqual([["", "not json"]]);
    expect(detailPairs(null)).toEqual([]);
    expect(detailPairs(JSON.stringify({ long: "x".repeat(500) }))[0]![1]).toHaveLength(240);
  });
});
