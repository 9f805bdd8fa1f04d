import { describe, expect, it } from "vitest";
import { formatAge, formatBytes } from "./format";

describe("health figures", () => {
  it("says how long ago in the largest unit that reads well", () => {
    expect(formatAge(45_000)).toBe("45 s");
    expect(formatAge(12 * 60_000 + 5_000)).toBe("12 min");
    expect(formatAge(3 * 3_600_000 + 5 * 60_000)).toBe("3 h 5 min");
    expect(formatAge(2 * 3_600_000)).toBe("2 h");
    expect(formatAge(3 * 86_400_000)).toBe("3 days");
    expect(formatAge(-5)).toBe("0 s");
  });

  it("gives sizes in KB, MB and GB", () => {
    expect(formatBytes(10)).toBe("1 KB");
    expect(formatBytes(812 * 1024)).toBe("812 KB");
    expect(formatBytes(4.2 * 1024 * 1024)).toBe("4.2 MB");
    expect(formatBytes(31 * 1024 ** 3)).toBe("31.0 GB");
  });
});
