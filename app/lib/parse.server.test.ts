import { describe, expect, it } from "vitest";
import { z } from "zod";
import { AppError } from "./app-error";
import { MAX_JSON_ARRAY, jsonRefusal, parseJsonText } from "./parse.server";

describe("the JSON body checks", () => {
  // Security round 4, finding 5: `pending.push(...array)` overflowed the stack on a 200,000-element array.
  it("walks a 200,000-element array without overflowing the stack, and refuses it as too large", () => {
    const refused = parseJsonText(`[${new Array(200_000).fill("0").join(",")}]`, z.unknown());
    expect(refused).toBeInstanceOf(AppError);
    expect((refused as AppError).code).toBe("BODY_TOO_LARGE");
  });

  it("refuses an array longer than the cap anywhere in the body, and takes one at the cap", () => {
    const at = { lines: new Array(MAX_JSON_ARRAY).fill("x") };
    expect(jsonRefusal(at)).toBeNull();
    const over = { a: { b: [0, { c: new Array(MAX_JSON_ARRAY + 1).fill(0) }] } };
    expect(jsonRefusal(over)?.code).toBe("BODY_TOO_LARGE");
  });

  it("walks deep nesting without recursion", () => {
    const deep = `${"[".repeat(100_000)}"\\u0000"${"]".repeat(100_000)}`;
    const refused = parseJsonText(deep, z.unknown());
    expect(refused).toBeInstanceOf(AppError);
    expect((refused as AppError).code).toBe("INVALID_INPUT");
  });

  it("still refuses NUL and lone surrogates in values and keys", () => {
    expect(jsonRefusal({ a: ["ok", "bad\u0000"] })?.message).toMatch(/not allowed/);
    expect(jsonRefusal({ ["\ud800"]: 1 })?.message).toMatch(/not allowed/);
    expect(jsonRefusal({ a: [1, "fine", { b: null }] })).toBeNull();
  });
});
