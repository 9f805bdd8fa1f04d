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
    expect(mapPanelStatus("Awaiting")).toBeNull();
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
    expect(services).toEqual([
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
