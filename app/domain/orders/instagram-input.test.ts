import { describe, expect, it } from "vitest";
import { INPUT_MESSAGES, cleanUsername, validatePostLink, validateTarget, validateUsername } from "./instagram-input";

describe("username clean-up", () => {
  it.each([
    ["@rahul.k", "rahul.k"],
    ["rahul_k", "rahul_k"],
    ["rahul-k", "rahul_k"],
    ["rahul k", "rahul_k"],
    ["rahul ", "rahul_"],
    ["rahul   ", "rahul_"],
    ["  @rahul", "rahul"],
    ["ra#hul!", "ra_hul_"],
    ["Priya.Sharma99", "Priya.Sharma99"],
    ["@@x", "_x"],
  ])("%j becomes %j", (raw, clean) => {
    expect(cleanUsername(raw)).toBe(clean);
    expect(validateUsername(raw)).toEqual({ ok: true, value: clean });
  });

  it.each(["", "@", "   ", " @ ".trimEnd()])("%j is an invalid username", (raw) => {
    expect(validateUsername(raw)).toEqual({ ok: false, message: "❌ Invalid username!" });
  });

  it("rejects a username longer than Instagram allows", () => {
    expect(validateUsername("a".repeat(31))).toEqual({ ok: false, message: INPUT_MESSAGES.invalidUsername });
    expect(validateUsername("a".repeat(30)).ok).toBe(true);
  });
});

describe("post links", () => {
  it("asks for a link when empty", () => {
    for (const service of ["likes", "views", "comments", "followers"] as const) {
      expect(validatePostLink(service, "  ")).toEqual({ ok: false, message: "Please enter your Instagram post link" });
    }
  });

  it("views take reels and IGTV only", () => {
    expect(validatePostLink("views", "https://www.instagram.com/reel/Cx1AbC/")).toEqual({
      ok: true,
      value: "https://www.instagram.com/reel/Cx1AbC/",
    });
    expect(validatePostLink("views", "instagram.com/tv/Cx1AbC").ok).toBe(true);
    for (const bad of ["https://www.instagram.com/p/Cx1AbC/", "https://example.com/reel/x/", "reel/abc"]) {
      expect(validatePostLink("views", bad)).toEqual({
        ok: false,
        message: "Invalid link! Enter a (reel, or IGTV) link",
      });
    }
  });

  it("likes and comments take posts, reels and IGTV", () => {
    for (const service of ["likes", "comments"] as const) {
      for (const good of [
        "https://www.instagram.com/p/Cx1AbC/",
        "https://instagram.com/reel/Cx1AbC/?igsh=abc",
        "https://m.instagram.com/tv/Cx1AbC",
      ]) {
        expect(validatePostLink(service, ` ${good} `)).toEqual({ ok: true, value: good });
      }
      for (const bad of [
        "https://www.instagram.com/rahul/",
        "https://evil.com/p/abc",
        "javascript:alert(1)//instagram.com/p/",
      ]) {
        expect(validatePostLink(service, bad)).toEqual({
          ok: false,
          message: "Invalid link! Enter a (post or reel) link",
        });
      }
    }
  });

  it("other services take any Instagram link", () => {
    expect(validatePostLink("followers", "https://instagram.com/rahul").ok).toBe(true);
    expect(validatePostLink("followers", "https://notinstagram.com.evil/x")).toEqual({
      ok: false,
      message: "Invalid link! Please enter a valid Instagram link",
    });
  });

  it("rejects absurdly long links", () => {
    expect(validatePostLink("likes", `https://instagram.com/p/${"a".repeat(300)}`).ok).toBe(false);
  });
});

describe("target per service", () => {
  const link = "https://www.instagram.com/reel/Cx1AbC/";
  it("followers need a username only", () => {
    expect(validateTarget("followers", { username: "@rahul" })).toEqual({
      ok: true,
      username: "rahul",
      postLink: null,
      target: "rahul",
    });
  });
  it("views need a link only", () => {
    expect(validateTarget("views", { postLink: link, username: "ignored" })).toEqual({
      ok: true,
      username: null,
      postLink: link,
      target: link,
    });
  });
  it("likes and comments need both, and the link is the target", () => {
    expect(validateTarget("likes", { username: "rahul", postLink: link })).toMatchObject({ ok: true, target: link });
    expect(validateTarget("comments", { username: "", postLink: link })).toEqual({
      ok: false,
      field: "username",
      message: "❌ Invalid username!",
    });
    expect(validateTarget("comments", { username: "rahul" })).toEqual({
      ok: false,
      field: "postLink",
      message: "Please enter your Instagram post link",
    });
  });
});
