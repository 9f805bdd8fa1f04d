import { describe, expect, it } from "vitest";
import { ADMIN_HOME, safeAdminRedirect } from "./redirect";

describe("where sign-in sends the admin", () => {
  it("keeps same-origin admin paths with their query and fragment", () => {
    expect(safeAdminRedirect("/admin/orders?range=all&q=priya")).toBe("/admin/orders?range=all&q=priya");
    expect(safeAdminRedirect("/admin")).toBe("/admin");
    expect(safeAdminRedirect("/admin/orders/BK0000000001#history")).toBe("/admin/orders/BK0000000001#history");
  });

  it("percent-encodes non-ASCII, so the answer fits a Location header", () => {
    expect(safeAdminRedirect("/admin/€")).toBe("/admin/%E2%82%AC");
    expect(safeAdminRedirect("/admin/orders?q=प्रिया")).toBe(
      "/admin/orders?q=%E0%A4%AA%E0%A5%8D%E0%A4%B0%E0%A4%BF%E0%A4%AF%E0%A4%BE",
    );
    expect(safeAdminRedirect("/admin/orders#€")).toBe("/admin/orders#%E2%82%AC");
    expect(safeAdminRedirect("/admin/%E2%82%AC")).toBe("/admin/%E2%82%AC");
    expect(safeAdminRedirect("/admin/\uD800")).toBe("/admin/%EF%BF%BD");
    expect(safeAdminRedirect("/admin/\u007F\u0001x")).toBe("/admin/%7F%01x");
    // Every answer is a header-safe path on this site.
    for (const raw of ["/admin/€", "/admin/é?x=ü#ö", "/admin/\u0000", '/admin/"<>`{}', "/admin/\uFEFF\u200B"]) {
      expect(safeAdminRedirect(raw)).toMatch(/^\/admin[\x21-\x7E]*$/);
    }
  });

  it("refuses other sites, sign-in pages and anything odd", () => {
    for (const bad of [
      "https://evil.example",
      "//evil.example",
      "/\\evil.example",
      "/admin\\..\\..\\evil",
      "/adminx",
      "/admin//evil",
      "/admin/login",
      "/admin/setup?token=x",
      "/admin/../login",
      "/admin/%2e%2e/login",
      "/admin/./../admin/login",
      "/admin/\r\nSet-Cookie: x=1",
      "/admin/ evil",
      "/",
      "",
      "/admin/" + "a".repeat(2000),
      null,
      undefined,
    ]) {
      expect(safeAdminRedirect(bad), JSON.stringify(bad)).toBe(ADMIN_HOME);
    }
  });
});
