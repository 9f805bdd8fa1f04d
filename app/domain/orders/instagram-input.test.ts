import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  INPUT_MESSAGES,
  isInstagramPage,
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
    // Android keyboards add a space after a word: it goes, and never becomes an underscore (issue 45).
    ["priya.creates ", "priya.creates"],
    ["rahul   ", "rahul"],
    ["  @rahul", "rahul"],
    ["\u00a0rahul\u200b\n", "rahul"],
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
    ["-_-", INPUT_MESSAGES.usernameNoLetters],
    // Whitespace inside is never turned into a character: "rahul k" is not "rahul_k"'s to buy for.
    ["rahul k", INPUT_MESSAGES.usernameSpaces],
    ["@ rahul", INPUT_MESSAGES.usernameSpaces],
    ["priya\tcreates", INPUT_MESSAGES.usernameSpaces],
  ])("%j is refused: %s", (raw, message) => {
    expect(validateUsername(raw)).toEqual({ ok: false, message });
  });

  it("rejects a username longer than Instagram allows", () => {
    expect(validateUsername("a".repeat(31))).toEqual({ ok: false, message: INPUT_MESSAGES.usernameTooLong });
    expect(validateUsername("a".repeat(30)).ok).toBe(true);
  });

  it("trims before any other rule, then takes the @ and turns a hyphen into an underscore", () => {
    expect(cleanUsername(" @rahul-k ")).toBe("rahul_k");
    expect(cleanUsername(" @rahul k ")).toBe("");
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
    expect(readStepOne("followers", { username: "@rahul-k" })).toEqual({
      kind: "check",
      username: "rahul_k",
      postLink: null,
    });
    expect(readStepOne("followers", { username: "rahul_k" })).toMatchObject({ kind: "packages", username: "rahul_k" });
    expect(usernameWasChanged("rahul-k")).toBe(true);
    expect(usernameWasChanged("rahul ")).toBe(false);
  });

  it("goes on to the packages for a trailing space: nothing about the name changed", () => {
    expect(readStepOne("followers", { username: "priya.creates " })).toEqual({
      kind: "packages",
      username: "priya.creates",
      postLink: null,
    });
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

describe("a pasted profile link is read as the username", () => {
  // As Instagram's share sheet (Android: ?igsh=, the profile QR: ?utm_source=qr), browsers and older apps write them.
  it.each([
    "https://www.instagram.com/priya.creates/",
    "https://www.instagram.com/priya.creates?igsh=MWZ0cGt6bHd2eWl6bw==",
    "https://instagram.com/priya.creates?utm_source=qr&igsh=MTdrbW9hZ2xsZ3N2Zg==",
    "https://www.instagram.com/priya.creates/?hl=en",
    "https://instagram.com/priya.creates?igshid=YmMyMTA2M2Y=",
    "http://instagram.com/priya.creates",
    "instagram.com/priya.creates",
    "www.instagram.com/priya.creates/",
    "https://m.instagram.com/priya.creates/",
    "https://instagr.am/priya.creates",
    "HTTPS://WWW.INSTAGRAM.COM/priya.creates/",
    "https://www.instagram.com/_u/priya.creates",
    "https://www.instagram.com/priya.creates/reels/",
    "https://www.instagram.com/stories/priya.creates/3312345678901234567/",
    " https://www.instagram.com/priya.creates/ ",
    "@https://www.instagram.com/priya.creates/".slice(1),
  ])("%j names @priya.creates", (link) => {
    expect(validateUsername(link)).toEqual({ ok: true, value: "priya.creates" });
    expect(readStepOne("followers", { username: link })).toEqual({
      kind: "packages",
      username: "priya.creates",
      postLink: null,
    });
  });

  it("refuses a post link in the username field, saying what to enter", () => {
    for (const link of [
      "https://www.instagram.com/p/C1a2B3c4D5e/",
      "https://www.instagram.com/reel/C1a2B3c4D5e/?igsh=abc",
      "instagram.com/tv/C1a2B3c4D5e",
      "https://www.instagram.com/share/BBxyz123",
    ]) {
      expect(validateUsername(link)).toEqual({ ok: false, message: INPUT_MESSAGES.usernamePostLink });
    }
  });

  it("refuses a link that is not to an Instagram profile, never taking a name from it", () => {
    for (const link of [
      "https://www.instagram.com/",
      "instagram.com",
      "https://instagram.com.evil.in/priya.creates",
      "https://evil.in/priya.creates",
      "https://priya@instagram.com/priya.creates",
      "https://instagram.com:8443/priya.creates",
      "ftp://instagram.com/priya.creates",
      "https://www.instagram.com/explore/tags/india/",
      "https://www.instagram.com/accounts/login/",
    ]) {
      expect(validateUsername(link)).toEqual({ ok: false, message: INPUT_MESSAGES.usernameOtherLink });
    }
  });

  it("judges the name a link carries by Instagram's rules", () => {
    expect(validateUsername("https://www.instagram.com/priya..creates/")).toEqual({
      ok: false,
      message: INPUT_MESSAGES.usernameDoubleDot,
    });
  });
});

describe("properties of the clean-up", () => {
  const letter = fc.constantFrom(..."abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789");
  const middle = fc.constantFrom(..."abcxyz019_.");
  /** A username Instagram accepts: 1–30 characters, letters first and last so the dots' rules hold. */
  const username = fc
    .tuple(letter, fc.array(middle, { maxLength: 28 }), letter)
    .map(([a, inner, z]) => `${a}${inner.join("")}${z}`.replace(/\.{2,}/g, "."))
    .filter((name) => name.length <= 30);
  const space = fc.constantFrom(" ", "\t", "\n", "\u00a0", "\u200b", "\ufeff", "\u2060");
  const spaces = fc.array(space, { maxLength: 4 }).map((s) => s.join(""));

  it("reads any valid name with any whitespace around it, and an @, as exactly that name", () => {
    fc.assert(
      fc.property(username, spaces, spaces, fc.boolean(), (name, before, after, at) => {
        const typed = `${before}${at ? "@" : ""}${name}${after}`;
        expect(validateUsername(typed)).toEqual({ ok: true, value: name });
        expect(readStepOne("followers", { username: typed })).toMatchObject({ kind: "packages", username: name });
      }),
    );
  });

  it("reads any profile link to a valid name, however it was shared, as that name", () => {
    const host = fc.constantFrom("instagram.com", "www.instagram.com", "m.instagram.com", "instagr.am");
    const scheme = fc.constantFrom("https://", "http://", "");
    const tail = fc.constantFrom(
      "",
      "/",
      "?igsh=MWZ0cGt6bHd2eWl6bw==",
      "/?utm_source=qr",
      "?utm_source=ig_web_copy_link&igsh=x",
    );
    // Instagram's own pages are no one's profile: instagram.com/TV is a video link, whatever the case.
    const profile = username.filter((name) => !isInstagramPage(name));
    fc.assert(
      fc.property(scheme, host, profile, tail, spaces, (s, h, name, t, pad) => {
        expect(validateUsername(`${pad}${s}${h}/${name}${t}${pad}`)).toEqual({ ok: true, value: name });
      }),
    );
  });

  it("never turns whitespace into a character, and what it accepts it accepts again unchanged", () => {
    fc.assert(
      fc.property(fc.string({ unit: fc.constantFrom(..."ab._-@ \t/\u00a0"), maxLength: 40 }), (typed) => {
        const result = validateUsername(typed);
        if (!result.ok) return;
        expect(result.value).not.toMatch(/\s/);
        const underscores = (text: string) => (text.match(/[_-]/g) ?? []).length;
        expect((result.value.match(/_/g) ?? []).length).toBeLessThanOrEqual(underscores(typed));
        expect(validateUsername(result.value)).toEqual(result);
      }),
    );
  });
});
