import { describe, expect, it } from "vitest";
import {
  INPUT_MESSAGES,
  cleanUsername,
  readStepOne,
  usernameWasChanged,
  validatePostLink,
  validateTarget,
  validateUsername,
} from "./instagram-input";

describe("username clean-up", () => {
  it.each([
    ["@rahul.k", "rahul.k"],
    ["rahul_k", "rahul_k"],
    ["rahul-k", "rahul_k"],
    ["rahul k", "rahul_k"],
    ["rahul ", "rahul_"],
    ["rahul   ", "rahul_"],
    ["  @rahul", "rahul"],
    ["Priya.Sharma99", "Priya.Sharma99"],
    ["_rahul_", "_rahul_"],
    ["a", "a"],
  ])("%j becomes %j", (raw, clean) => {
    expect(validateUsername(raw)).toEqual({ ok: true, value: clean });
  });

  it.each(["", "@", "   ", " @ ".trimEnd()])("%j is an invalid username", (raw) => {
    expect(validateUsername(raw)).toEqual({ ok: false, message: "❌ Invalid username!" });
  });

  // Each of these used to become a name (`😀😀` → `@____`, `@@@` → `@__`, `rahul..k` as typed): an order for somebody else's account.
  it.each([
    ["😀😀", INPUT_MESSAGES.usernameCharacters],
    ["@@@", INPUT_MESSAGES.usernameCharacters],
    ["@@rahul", INPUT_MESSAGES.usernameCharacters],
    ["ra#hul!", INPUT_MESSAGES.usernameCharacters],
    ["राहुल", INPUT_MESSAGES.usernameCharacters],
    ["rahul..k", INPUT_MESSAGES.usernameDoubleDot],
    [".rahul", INPUT_MESSAGES.usernameDotEdge],
    ["rahul.", INPUT_MESSAGES.usernameDotEdge],
    ["___", INPUT_MESSAGES.usernameNoLetters],
    ["_._", INPUT_MESSAGES.usernameNoLetters],
    ["- -", INPUT_MESSAGES.usernameNoLetters],
  ])("%j is refused: %s", (raw, message) => {
    expect(validateUsername(raw)).toEqual({ ok: false, message });
  });

  it("rejects a username longer than Instagram allows", () => {
    expect(validateUsername("a".repeat(31))).toEqual({ ok: false, message: INPUT_MESSAGES.usernameTooLong });
    expect(validateUsername("a".repeat(30)).ok).toBe(true);
  });

  it("keeps the original's clean-up before Instagram's rules", () => {
    expect(cleanUsername(" @rahul k-s ")).toBe("rahul_k_s_");
  });
});

describe("step one tells the buyer what was changed", () => {
  it("goes on to the packages when only the @ and the spaces around the name went", () => {
    expect(readStepOne("followers", { username: " @rahul.k" })).toEqual({
      kind: "packages",
      username: "rahul.k",
      postLink: null,
    });
  });

  it("asks the buyer to check a name the clean-up changed, then goes on with it", () => {
    expect(readStepOne("followers", { username: "@rahul k" })).toEqual({
      kind: "check",
      username: "rahul_k",
      postLink: null,
    });
    expect(readStepOne("followers", { username: "rahul_k" })).toMatchObject({ kind: "packages", username: "rahul_k" });
    expect(usernameWasChanged("rahul ", "rahul_")).toBe(true);
  });

  it("names the field that is wrong", () => {
    expect(readStepOne("likes", { username: "rahul..k", postLink: "https://instagram.com/p/x" })).toEqual({
      kind: "error",
      field: "username",
      message: INPUT_MESSAGES.usernameDoubleDot,
    });
    expect(readStepOne("views", { postLink: "https://instagram.com/reel/x" })).toEqual({
      kind: "packages",
      username: null,
      postLink: "https://instagram.com/reel/x",
    });
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
