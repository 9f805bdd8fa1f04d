import { describe, expect, it } from "vitest";
import { shortcodeOf, targetKey } from "./target-key";

describe("targetKey: one key per account or post and service", () => {
  it.each([
    "priya.creates",
    "Priya.Creates",
    "@priya.creates",
    " @PRIYA.creates ",
    "https://www.instagram.com/priya.creates/",
    "instagram.com/Priya.Creates?igsh=MWQ1ZGUxMzBkMA==",
    "https://m.instagram.com/priya.creates/reels/",
    "https://instagr.am/priya.creates",
  ])("followers for %j is @priya.creates", (target) => {
    expect(targetKey("followers", target)).toBe("followers:@priya.creates");
  });

  it("a different account, or another service on the same account, is another target", () => {
    expect(targetKey("followers", "priya.create")).not.toBe(targetKey("followers", "priya.creates"));
  });

  // Links as Instagram's share sheet writes them (a reel shared from the app carries ?igsh=, a post ?utm_source=ig_web_copy_link).
  it.each([
    "https://www.instagram.com/p/C8xYz12AbCd/",
    "https://www.instagram.com/p/C8xYz12AbCd/?utm_source=ig_web_copy_link&igsh=MzRlODBiNWFlZA==",
    "instagram.com/reel/C8xYz12AbCd",
    "https://www.instagram.com/reels/C8xYz12AbCd/",
    "https://m.instagram.com/tv/C8xYz12AbCd",
    "https://www.instagram.com/priya.creates/p/C8xYz12AbCd/",
    "  HTTPS://WWW.INSTAGRAM.COM/reel/C8xYz12AbCd/#comments ",
  ])("likes on %j is post C8xYz12AbCd", (link) => {
    expect(targetKey("likes", link)).toBe("likes:post:C8xYz12AbCd");
  });

  it("a shortcode is case-sensitive: another case is another post", () => {
    expect(targetKey("views", "https://www.instagram.com/reel/C8xYz12AbCd/")).not.toBe(
      targetKey("views", "https://www.instagram.com/reel/c8xyz12abcd/"),
    );
  });

  it("the same post under another service is another target", () => {
    const link = "https://www.instagram.com/p/C8xYz12AbCd/";
    expect(targetKey("likes", link)).not.toBe(targetKey("comments", link));
  });

  it("a link it cannot read still has one key, without its query or case", () => {
    expect(targetKey("likes", "https://www.instagram.com/stories/priya/?x=1")).toBe(
      targetKey("likes", "https://WWW.instagram.com/stories/priya"),
    );
  });
});

describe("shortcodeOf", () => {
  it.each([
    ["https://www.instagram.com/p/Cx_9-aBcD1e/", "Cx_9-aBcD1e"],
    ["https://facebook.com/p/Cx_9-aBcD1e/", null],
    ["https://www.instagram.com/priya.creates/reel/Cx_9-aBcD1e/?igsh=x", "Cx_9-aBcD1e"],
    ["https://www.instagram.com/priya.creates/", null],
    ["https://www.instagram.com/p/", null],
    ["not a link", null],
  ])("%j → %j", (link, code) => {
    expect(shortcodeOf(link)).toBe(code);
  });
});
