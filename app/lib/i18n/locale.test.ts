import { describe, expect, it } from "vitest";
import { isTranslatedPath, localeCookie, localeFromCookie, localeFromPath, localizedPath, stripLocale } from "./locale";

describe("the page's language from its address", () => {
  it("reads Hindi from /hi and /hi/… only", () => {
    expect(localeFromPath("/hi")).toBe("hi");
    expect(localeFromPath("/hi/followers")).toBe("hi");
    expect(localeFromPath("/hi/track")).toBe("hi");
    expect(localeFromPath("/")).toBe("en");
    expect(localeFromPath("/followers")).toBe("en");
    // Not a language prefix, only words starting with the same letters.
    expect(localeFromPath("/hindi")).toBe("en");
    expect(localeFromPath("/history")).toBe("en");
    expect(localeFromPath("/blog/hi")).toBe("en");
  });

  it("strips the language back to the English address", () => {
    expect(stripLocale("/hi")).toBe("/");
    expect(stripLocale("/hi/")).toBe("/");
    expect(stripLocale("/hi/refund-policy")).toBe("/refund-policy");
    expect(stripLocale("/followers")).toBe("/followers");
  });

  it("gives the same page in the other language, keeping the query and the fragment", () => {
    expect(localizedPath("/", "hi")).toBe("/hi");
    expect(localizedPath("/followers", "hi")).toBe("/hi/followers");
    expect(localizedPath("/track?order=BK-1", "hi")).toBe("/hi/track?order=BK-1");
    expect(localizedPath("/#faq", "hi")).toBe("/hi#faq");
    expect(localizedPath("/hi/checkout?order=X", "en")).toBe("/checkout?order=X");
    expect(localizedPath("/hi", "en")).toBe("/");
    // Already in the language asked for: unchanged.
    expect(localizedPath("/hi/likes", "hi")).toBe("/hi/likes");
  });

  it("leaves pages without a Hindi version (the blog, the admin) at their English address", () => {
    expect(localizedPath("/blog", "hi")).toBe("/blog");
    expect(localizedPath("/blog/some-article", "hi")).toBe("/blog/some-article");
    expect(localizedPath("/admin", "hi")).toBe("/admin");
    expect(isTranslatedPath("/blog")).toBe(false);
    expect(isTranslatedPath("/hi/views")).toBe(true);
    expect(isTranslatedPath("/checkout")).toBe(true);
  });

  it("remembers the choice in a year-long, same-site cookie, and reads only a known language back", () => {
    expect(localeCookie("hi")).toBe("lang=hi; Path=/; Max-Age=31536000; SameSite=Lax");
    expect(localeFromCookie("lang=hi")).toBe("hi");
    expect(localeFromCookie("a=1; lang=en; b=2")).toBe("en");
    expect(localeFromCookie("slang=hi")).toBeNull();
    expect(localeFromCookie("lang=fr")).toBeNull();
    expect(localeFromCookie(undefined)).toBeNull();
  });
});
