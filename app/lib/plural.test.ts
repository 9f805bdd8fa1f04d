import { describe, expect, it } from "vitest";
import { plural, pluralWord } from "./plural";

describe("plural", () => {
  it("says one thing in the singular and any other count in the plural", () => {
    expect(plural(1, "item")).toBe("1 item");
    expect(plural(2, "item")).toBe("2 items");
    expect(plural(0, "order")).toBe("0 orders");
  });

  it("takes an explicit plural for irregular words", () => {
    expect(plural(1, "entry", "entries")).toBe("1 entry");
    expect(plural(3, "entry", "entries")).toBe("3 entries");
    expect(plural(1, "payment credit")).toBe("1 payment credit");
  });

  it("groups large counts the Indian way", () => {
    expect(plural(1500, "order")).toBe("1,500 orders");
    expect(plural(100000, "order")).toBe("1,00,000 orders");
  });

  it("gives the word alone for text that puts the number elsewhere", () => {
    expect(pluralWord(1, "payment")).toBe("payment");
    expect(pluralWord(4, "payment")).toBe("payments");
  });
});
