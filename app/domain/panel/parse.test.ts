import { describe, expect, it } from "vitest";
import {
  looseInt,
  mapPanelStatus,
  panelErrorOf,
  parseAdd,
  parseBalance,
  parseCancel,
  parseMultiStatus,
  parseServices,
  parseStatus,
} from "./parse";

describe("panel status names", () => {
  it.each([
    ["Pending", "pending"],
    ["In progress", "in_progress"],
    ["in_progress", "in_progress"],
    ["IN PROGRESS", "in_progress"],
    ["Processing", "processing"],
    ["Completed", "completed"],
    ["completed", "completed"],
    ["Partial", "partial"],
    ["Canceled", "cancelled"],
    ["Cancelled", "cancelled"],
    ["CANCELED", "cancelled"],
    ["Refunded", "cancelled"],
  ])("maps %s to %s", (word, ours) => {
    expect(mapPanelStatus(word)).toBe(ours);
  });

  it("does not guess at unknown words", () => {
    expect(mapPanelStatus("Awaiting payment from the moon")).toBeNull();
    expect(mapPanelStatus(3)).toBeNull();
  });
});

describe("panel replies", () => {
  it("reads numbers sent as strings or numbers", () => {
    const asStrings = parseStatus({
      charge: "0.27819",
      start_count: "3572",
      status: "Partial",
      remains: "157",
      currency: "USD",
    });
    const asNumbers = parseStatus({
      charge: 0.27819,
      start_count: 3572,
      status: "Partial",
      remains: 157,
      currency: "USD",
    });
    const expected = {
      status: "partial",
      rawStatus: "Partial",
      charge: "0.27819",
      startCount: 3572,
      remains: 157,
      currency: "USD",
    };
    expect(asStrings).toEqual(expected);
    expect(asNumbers).toEqual(expected);
  });

  it("copes with negative or wordy remains and missing fields", () => {
    expect(parseStatus({ status: "Completed", remains: "-12" })?.remains).toBe(0);
    expect(parseStatus({ status: "Completed", remains: "N/A" })?.remains).toBeNull();
    expect(parseStatus({ status: "Pending", start_count: "", charge: null })).toMatchObject({
      startCount: null,
      charge: null,
      currency: null,
    });
    expect(parseStatus({ order: 1 })).toBeNull();
    expect(parseStatus([1, 2])).toBeNull();
    expect(looseInt("1,250")).toBe(1250);
  });

  it("reads a multi-status reply with per-order errors", () => {
    const map = parseMultiStatus(
      { "1": { status: "Completed", charge: "1.2", remains: 0 }, "10": { error: "Incorrect order ID" } },
      ["1", "10", "100"],
    );
    expect(map?.get("1")).toMatchObject({ ok: true, value: { status: "completed" } });
    expect(map?.get("10")).toEqual({ ok: false, error: "Incorrect order ID" });
    expect(map?.get("100")?.ok).toBe(false);
  });

  it("reads add, balance, cancel and services", () => {
    expect(parseAdd({ order: 23501 })).toBe("23501");
    expect(parseAdd({ order: "23501" })).toBe("23501");
    expect(parseAdd({})).toBeNull();
    expect(parseBalance({ balance: "100.84292", currency: "USD" })).toEqual({ balance: "100.84292", currency: "USD" });
    expect(parseBalance({ balance: 100.5 })).toEqual({ balance: "100.5", currency: null });
    const cancel = parseCancel([
      { order: 9, cancel: { error: "Incorrect order ID" } },
      { order: 2, cancel: 1 },
    ]);
    expect(cancel?.get("9")).toEqual({ ok: false, error: "Incorrect order ID" });
    expect(cancel?.get("2")).toEqual({ ok: true, value: true });
    const services = parseServices([
      {
        service: 1,
        name: "Followers",
        type: "Default",
        category: "IG",
        rate: "0.90",
        min: "50",
        max: "10000",
        refill: true,
        cancel: "0",
      },
      { name: "no id" },
      "junk",
    ]);
    expect(services?.problems).toEqual(["2 entries without a service id were left out"]);
    expect(services?.services).toEqual([
      {
        service: "1",
        name: "Followers",
        type: "Default",
        category: "IG",
        rate: "0.90",
        min: 50,
        max: 10000,
        refill: true,
        cancel: false,
        dripfeed: false,
      },
    ]);
    expect(parseServices({ error: "x" })).toBeNull();
  });

  it("finds the error of an HTTP 200 error reply", () => {
    expect(panelErrorOf({ error: "Invalid API key" })).toBe("Invalid API key");
    expect(panelErrorOf({ order: 1 })).toBeNull();
    expect(panelErrorOf([{ error: "x" }])).toBeNull();
  });
});

describe("the two dialects' own shapes", () => {
  it("reads smm-panel-script's error shape and its statuses", () => {
    expect(panelErrorOf({ status: "error", message: "Invalid Interval in minutes" })).toBe(
      "Invalid Interval in minutes",
    );
    expect(panelErrorOf({ status: "success", order: 5 })).toBeNull();
    expect(panelErrorOf({ error: "", status: "error" })).toBe("The panel answered with an error and no reason");
    expect(parseAdd({ status: "success", order: 812 })).toBe("812");
    expect(parseBalance({ status: "success", balance: "12.3400", currency: "USD" })).toEqual({
      balance: "12.3400",
      currency: "USD",
    });
    for (const [word, ours] of [
      ["Active", "in_progress"],
      ["In progress", "in_progress"],
      ["inprogress", "in_progress"],
      ["Awaiting", "pending"],
      ["Refunded", "cancelled"],
      ["fail", "failed"],
      ["Partially Completed", "partial"],
    ] as const) {
      expect(mapPanelStatus(word), word).toBe(ours);
    }
    // A drip-feed order's status: no charge or remains, its runs' orders instead.
    expect(parseStatus({ status: "In progress", runs: "5", orders: [] })).toMatchObject({
      status: "in_progress",
      charge: null,
      remains: null,
    });
  });

  it("reads a per-order error written as a bare string", () => {
    const map = parseMultiStatus({ "7": { status: "Completed", charge: "0.3000" }, "8": "Incorrect order ID" }, [
      "7",
      "8",
    ]);
    expect(map?.get("7")).toMatchObject({ ok: true, value: { status: "completed", charge: "0.3000" } });
    expect(map?.get("8")).toEqual({ ok: false, error: "Incorrect order ID" });
  });

  it("reads a services list without refill or cancel fields as services that support neither", () => {
    const report = parseServices([
      {
        service: "12",
        name: "IG Followers",
        category: "Instagram",
        rate: "0.8000",
        min: "100",
        max: "10000",
        type: "default",
        desc: "",
        dripfeed: "1",
      },
    ]);
    expect(report?.services[0]).toMatchObject({
      service: "12",
      refill: false,
      cancel: false,
      dripfeed: true,
      min: 100,
    });
    expect(parseServices({ status: "success", data: "Empty Data" })).toEqual({ services: [], problems: [] });
    expect(parseServices({ data: [{ service: 1, name: "x" }] })?.services).toHaveLength(1);
    expect(parseServices({ status: "success" })).toBeNull();
    expect(parseServices("<html>")).toBeNull();
  });

  it("names what it could not use in a services list, and keeps the rest", () => {
    const report = parseServices([
      { service: 1, name: "fine", rate: "1,250.50", min: "1,000", max: "10,000" },
      { service: 2, name: "negative", rate: "-4", min: 10, max: 100 },
      { service: 3, name: "absurd", rate: 1e12, min: 10, max: 100 },
      { service: 4, name: "backwards", rate: "1", min: 500, max: 100 },
      { service: 1, name: "again", rate: "2" },
      { nothing: true },
    ])!;
    expect(report.services.map((s) => [s.service, s.rate, s.min, s.max])).toEqual([
      ["1", "1250.50", 1000, 10000],
      ["2", null, 10, 100],
      ["3", null, 10, 100],
      ["4", "1", null, null],
    ]);
    expect(report.problems).toEqual([
      "1 entries without a service id were left out",
      'Service 2: the rate "-4" is not a price',
      "Service 3: the rate 1000000000000 per 1000 is not believable",
      "Service 4: min 500 and max 100 do not make a range",
      "Service 1 is listed twice; the first entry is used",
    ]);
  });

  it("reads 5,000 services", () => {
    const list = Array.from({ length: 5000 }, (_, i) => ({
      service: i + 1,
      name: `S${i}`,
      rate: 0.1 * (i % 7),
      min: 10,
      max: 1e6,
    }));
    const report = parseServices(list)!;
    expect(report.services).toHaveLength(5000);
    expect(report.problems).toEqual([]);
    expect(report.services[3]!.rate).toBe("0.3");
  });
});
