import { describe, expect, it } from "vitest";
import { isOneOf } from "./one-of";

describe("isOneOf", () => {
  const isColour = isOneOf(["red", "green"] as const);

  it("knows the list's entries and nothing else", () => {
    expect(isColour("red")).toBe(true);
    expect(isColour("green")).toBe(true);
    expect(isColour("blue")).toBe(false);
    expect(isColour("RED")).toBe(false);
    expect(isColour(null)).toBe(false);
    expect(isColour(undefined)).toBe(false);
  });

  it("narrows the value to the list's type", () => {
    const value: unknown = "green";
    const colour: "red" | "green" | undefined = isColour(value) ? value : undefined;
    expect(colour).toBe("green");
  });
});
