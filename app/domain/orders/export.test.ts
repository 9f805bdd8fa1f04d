import { describe, expect, it } from "vitest";
import { csvField } from "./export.server";

describe("CSV fields", () => {
  it("quotes commas, quotes and line breaks as the spec says", () => {
    expect(csvField("plain")).toBe("plain");
    expect(csvField("a,b")).toBe('"a,b"');
    expect(csvField('say "hi"')).toBe('"say ""hi"""');
    expect(csvField("two\nlines")).toBe('"two\nlines"');
  });

  it("defuses text a spreadsheet would run as a formula, but keeps phone numbers", () => {
    expect(csvField("=HYPERLINK(1)")).toBe("'=HYPERLINK(1)");
    expect(csvField("@cmd")).toBe("'@cmd");
    expect(csvField("+919812345678")).toBe("+919812345678");
    expect(csvField("-12.50")).toBe("-12.50");
  });
});
