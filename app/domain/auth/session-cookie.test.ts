import { describe, expect, it } from "vitest";
import { clearSessionCookie, readSessionToken, sessionCookie } from "./session.server";

const over = (scheme: "http" | "https", cookie?: string) =>
  new Request(`${scheme}://shop.example/admin`, { headers: cookie ? { cookie } : {} });

describe("the session cookie", () => {
  it("is named __Host-admin_session behind HTTPS and admin_session over plain HTTP", () => {
    expect(sessionCookie(over("https"), "tok", 60)).toBe(
      "__Host-admin_session=tok; Path=/; HttpOnly; SameSite=Lax; Max-Age=60; Secure",
    );
    expect(sessionCookie(over("http"), "tok", 60)).toBe(
      "admin_session=tok; Path=/; HttpOnly; SameSite=Lax; Max-Age=60",
    );
    expect(clearSessionCookie(over("https"))).toBe(
      "__Host-admin_session=; Path=/; HttpOnly; SameSite=Lax; Max-Age=0; Secure",
    );
  });

  it("is read only under the transport's own name", () => {
    expect(readSessionToken(over("https", "__Host-admin_session=a"))).toBe("a");
    expect(readSessionToken(over("https", "admin_session=a"))).toBe("");
    expect(readSessionToken(over("http", "admin_session=a"))).toBe("a");
    expect(readSessionToken(over("http", "__Host-admin_session=a"))).toBe("");
    expect(readSessionToken(over("https", "theme=dark; admin_session=x; __Host-admin_session=a"))).toBe("a");
  });

  it("is not read at all when the name arrives twice, whichever comes first", () => {
    expect(readSessionToken(over("http", "admin_session=planted; admin_session=own"))).toBe("");
    expect(readSessionToken(over("https", "__Host-admin_session=b; __Host-admin_session=a"))).toBe("");
    expect(readSessionToken(over("http", "admin_session=%E0%A4%A"))).toBe("");
  });
});
