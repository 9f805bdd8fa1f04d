import { describe, expect, it } from "vitest";
import { cn } from "./cn";

describe("cn", () => {
  it("lets a later class replace an earlier one of the same kind", () => {
    expect(cn("rounded-xl px-5 py-3", "rounded-lg py-2.5")).toBe("px-5 rounded-lg py-2.5");
    expect(cn("inline-flex", "hidden md:inline-flex")).toBe("hidden md:inline-flex");
  });

  it("knows the theme's colours from its sizes", () => {
    // text-ink is a colour: a font size given later must not remove it.
    expect(cn("text-ink", "text-sm")).toBe("text-ink text-sm");
    expect(cn("bg-brand-600", "bg-white")).toBe("bg-white");
  });

  it("drops falsy values", () => {
    expect(cn("a", false, null, undefined, "", { b: true, c: false })).toBe("a b");
  });
});
