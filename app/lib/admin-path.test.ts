import { describe, expect, it } from "vitest";
import { isAdminPath, isStorefrontPath, routedPath } from "./admin-path";

describe("is this the admin?", () => {
  it("says yes for every spelling React Router routes to an admin page or API", () => {
    for (const path of [
      "/admin",
      "/admin/",
      "/Admin/orders",
      "/ADMIN/SETTINGS",
      "/%61dmin/login",
      "/%61%64%6D%69%6E/orders/BK1",
      "/%41DMIN",
      "/admin/orders.data",
      "/Admin.data",
      "//admin/login",
      "/admin//orders",
      "/admin%2Forders",
      "/api/admin/orders",
      "/API/Admin/orders/BK1/place",
      "/api/%61dmin/setting",
      "/%61pi/admin/dashboard.data",
    ]) {
      expect(isAdminPath(path), path).toBe(true);
      expect(isStorefrontPath(path), path).toBe(false);
    }
  });

  it("says no for the storefront, including paths that only start like the admin", () => {
    for (const path of ["/", "/followers", "/administrator", "/admins", "/hi/admin", "/blog/admin", "/adm%69nx"]) {
      expect(isAdminPath(path), path).toBe(false);
      expect(isStorefrontPath(path), path).toBe(true);
    }
  });

  it("keeps the JSON API off the storefront's policy without calling it the admin", () => {
    for (const path of ["/api/plans", "/API/create-order", "/%61pi/orders/BK1/utr"]) {
      expect(isAdminPath(path), path).toBe(false);
      expect(isStorefrontPath(path), path).toBe(false);
    }
  });

  it("decodes each segment on its own, leaving a malformed one as it is", () => {
    expect(routedPath("/%61dmin/%E0%A4/x")).toBe("/admin/%E0%A4/x");
    expect(isAdminPath("/%61dmin/%E0%A4")).toBe(true);
    expect(routedPath("/a%2F%2Fb.data")).toBe("/a/b");
  });
});
