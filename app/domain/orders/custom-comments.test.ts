import { describe, expect, it } from "vitest";
import { COMMENT_MESSAGES, MAX_COMMENT_LENGTH, commentLines, readComments, storedComments } from "./custom-comments";

describe("the buyer's own comments", () => {
  it("takes one comment per line, exactly the plan's quantity, blank lines and stray spaces left out", () => {
    const result = readComments("  Great post! 🔥\r\n\nSo proud of you 👏🏽\n   \nकमाल है 😍  ", 3);
    expect(result).toEqual({ ok: true, comments: ["Great post! 🔥", "So proud of you 👏🏽", "कमाल है 😍"] });
  });

  it("keeps emoji built with joiners and variation selectors, takes out control characters", () => {
    const family = "👨\u200d👩\u200d👧";
    expect(commentLines(`Love it ${family}\u0007\u001b[31m red\u202e evil\tend ❤\ufe0f`)).toEqual([
      `Love it ${family} [31m red evil end ❤\ufe0f`,
    ]);
  });

  it("refuses too few, too many and 10,000 lines, saying how many were written", () => {
    expect(readComments("one\ntwo", 3)).toEqual({ ok: false, message: COMMENT_MESSAGES.count, written: 2 });
    expect(readComments("a\nb\nc\nd", 3)).toEqual({ ok: false, message: COMMENT_MESSAGES.count, written: 4 });
    const spam = Array.from({ length: 10_000 }, (_, i) => `comment number ${i}`).join("\n");
    expect(readComments(spam, 10)).toMatchObject({ ok: false, message: COMMENT_MESSAGES.count, written: 10_000 });
    expect(readComments("", 3)).toMatchObject({ ok: false, message: COMMENT_MESSAGES.missing });
    expect(readComments(null, 3)).toMatchObject({ ok: false, message: COMMENT_MESSAGES.missing });
  });

  it("refuses NUL bytes and comments over the length limit (an emoji counts as one character)", () => {
    expect(readComments("fine\nnot\u0000fine", 2)).toMatchObject({ ok: false, message: COMMENT_MESSAGES.hidden });
    expect(readComments(`ok\n${"x".repeat(MAX_COMMENT_LENGTH + 1)}`, 2)).toMatchObject({
      ok: false,
      message: COMMENT_MESSAGES.tooLong,
    });
    expect(readComments(`ok\n${"😍".repeat(MAX_COMMENT_LENGTH)}`, 2).ok).toBe(true);
  });

  it("reads what an order keeps, and nothing from what is not a list of texts", () => {
    expect(storedComments('["a","b"]')).toEqual(["a", "b"]);
    expect(storedComments(null)).toBeNull();
    expect(storedComments("{")).toBeNull();
    expect(storedComments("[1]")).toBeNull();
  });
});
