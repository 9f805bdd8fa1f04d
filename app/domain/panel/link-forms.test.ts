import { describe, expect, it } from "vitest";
import { DEFAULT_LINK_FORMS, canonicalPostUrl, linkFor, readLinkForms } from "./link-forms";

describe("a panel's link forms as stored", () => {
  it("reads what is stored, and takes the default for what is missing or unknown", () => {
    expect(readLinkForms({})).toEqual(DEFAULT_LINK_FORMS);
    expect(readLinkForms({ followers: " username ", likes: "weird", views: "canonical" })).toEqual({
      ...DEFAULT_LINK_FORMS,
      followers: "username",
      views: "canonical",
    });
  });
});

describe("the link an order goes to the panel with", () => {
  it("sends followers as the full profile URL by default, from a handle or a profile link", () => {
    expect(linkFor("followers", "@priya_bakes")).toBe("https://www.instagram.com/priya_bakes/");
    expect(linkFor("followers", "instagram.com/priya.bakes?igsh=abc")).toBe("https://www.instagram.com/priya.bakes/");
  });

  it("sends post and reel links as the buyer gave them by default", () => {
    const link = "https://www.instagram.com/reel/C9zYx12/?igsh=MWQ1ZGUxMzBkMA==";
    expect(linkFor("likes", link)).toBe(link);
    expect(linkFor("views", link)).toBe(link);
  });

  it("cleans a post link to its canonical address only when the panel wants that", () => {
    expect(canonicalPostUrl("m.instagram.com/reels/C9zYx12/?utm_source=ig_web")).toBe(
      "https://www.instagram.com/reel/C9zYx12/",
    );
    expect(canonicalPostUrl("https://example.com/p/C9zYx12/")).toBeNull();
    expect(canonicalPostUrl("not a link at all")).toBeNull();
  });
});
