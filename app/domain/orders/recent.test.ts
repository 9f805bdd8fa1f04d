import { describe, expect, it } from "vitest";
import { maskHandle, timeAgo } from "./recent";

describe("recent orders", () => {
  it("masks handles", () => {
    expect(maskHandle("rahulk")).toBe("ra***k");
    expect(maskHandle("@priya.sharma")).toBe("pr***a");
    expect(maskHandle("abc")).toBe("a***");
    expect(maskHandle("")).toBe("");
  });
  it("says how long ago", () => {
    const now = 10 * 86_400_000;
    expect(timeAgo(now - 5_000, now)).toBe("just now");
    expect(timeAgo(now - 3 * 60_000, now)).toBe("3 min ago");
    expect(timeAgo(now - 2 * 3_600_000, now)).toBe("2 h ago");
    expect(timeAgo(now - 86_400_000, now)).toBe("1 day ago");
    expect(timeAgo(now - 3 * 86_400_000, now)).toBe("3 days ago");
  });
});
