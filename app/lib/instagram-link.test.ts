import { describe, expect, it } from "vitest";
import { instagramHref, instagramProfileHref } from "./instagram-link";

describe("which buyer targets link to Instagram", () => {
  it("links https addresses on instagram.com and www.instagram.com, as the parser serialises them", () => {
    expect(instagramHref("https://instagram.com/p/Cabc123/")).toBe("https://instagram.com/p/Cabc123/");
    expect(instagramHref("https://www.instagram.com/reel/Xyz/?igsh=1")).toBe(
      "https://www.instagram.com/reel/Xyz/?igsh=1",
    );
    expect(instagramHref("  https://www.instagram.com/priya.bakes  ")).toBe("https://www.instagram.com/priya.bakes");
    // Hosts are case-insensitive: this is Instagram, and the link is written in lower case.
    expect(instagramHref("https://WWW.INSTAGRAM.COM/p/X")).toBe("https://www.instagram.com/p/X");
    // https's own port is no port at all.
    expect(instagramHref("https://instagram.com:443/p/X")).toBe("https://instagram.com/p/X");
    // Buyers leave the scheme out; it is read as https.
    expect(instagramHref("instagram.com/p/X")).toBe("https://instagram.com/p/X");
    expect(instagramHref("www.instagram.com/reel/X")).toBe("https://www.instagram.com/reel/X");
  });

  it.each([
    // Lookalike hosts that merely contain "instagram.com"
    "instagram.com.evil.in",
    "https://instagram.com.evil.in/p/X",
    "https://instagram.com.evillogin.in/accounts/login",
    "evilinstagram.com/p/X",
    "https://evilinstagram.com/p/X",
    "https://instagram.co/p/X",
    "https://m.instagram.com/p/X",
    "https://help.instagram.com/",
    "https://instagram.com./p/X",
    "https://xn--instagrm-5ya.com/p/X",
    "https://instagr\u0430m.com/p/X",
    // Userinfo: the real host is after the @
    "instagram.com@evil.in",
    "https://instagram.com@evil.in/p/X",
    "https://instagram.com:pass@evil.in/",
    "https://user@instagram.com/p/X",
    "https://user:pass@www.instagram.com/p/X",
    "https://evil.in\\@instagram.com/p/X",
    "https://evil.in/instagram.com/p/X",
    "https://evil.in/?u=https://instagram.com/p/X",
    // Other schemes
    "http://instagram.com/p/X",
    "http://www.instagram.com/p/X",
    "javascript:alert(1)//instagram.com",
    "JavaScript://instagram.com/%0Aalert(1)",
    "data:text/html,instagram.com",
    "ftp://instagram.com/p/X",
    "//instagram.com.evil.in/p/X",
    // Ports other than https's own
    "https://instagram.com:8443/p/X",
    "https://www.instagram.com:80/p/X",
    "instagram.com:443/p/X",
    // Not addresses at all
    "",
    "   ",
    "priya.bakes",
    "https://",
  ])("shows %j as text", (target) => {
    expect(instagramHref(target)).toBeNull();
  });

  it("links a followers handle to its profile, and nothing that is not a handle", () => {
    expect(instagramProfileHref("priya.bakes")).toBe("https://instagram.com/priya.bakes");
    expect(instagramProfileHref("@priya_bakes")).toBe("https://instagram.com/priya_bakes");
    for (const text of ["https://evil.in", "priya bakes", "a/b", "<script>", "x".repeat(31), "", "@"]) {
      expect(instagramProfileHref(text), text).toBeNull();
    }
  });
});
