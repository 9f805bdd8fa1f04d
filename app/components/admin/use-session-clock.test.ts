import { describe, expect, it } from "vitest";
import { formatRemaining } from "./use-session-clock";

const MIN = 60_000;
const HOUR = 60 * MIN;

describe("the session's time left in the user menu", () => {
  it.each([
    // A remembered device: days, not "719h 59m" (issue 45).
    [720 * HOUR - MIN, "30 days remaining"],
    [29 * 24 * HOUR + 2 * HOUR, "29 days remaining"],
    [48 * HOUR, "2 days remaining"],
    [47 * HOUR + 59 * MIN, "47 h 59 min remaining"],
    [2 * HOUR - MIN, "1 h 59 min remaining"],
    [2 * HOUR, "2 h remaining"],
    [59 * MIN + 30_000, "59 min remaining"],
    [0, "0 min remaining"],
    [-5 * MIN, "0 min remaining"],
  ])("%d ms → %s", (ms, text) => {
    expect(formatRemaining(ms)).toBe(text);
  });
});
