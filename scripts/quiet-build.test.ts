import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import type { Rollup } from "vite";
import { quietWarnings, resourceRouteNames } from "./quiet-build";

const routes = resourceRouteNames(fileURLToPath(new URL("../app/routes", import.meta.url)));

function passed(warning: Rollup.RollupLog): boolean {
  let shown = false;
  quietWarnings(routes)(warning, () => (shown = true));
  return shown;
}

describe("the build's warnings", () => {
  it("knows the resource routes, and no page, as routes without browser code", () => {
    for (const name of ["plans", "order-utr", "order-qr", "logout", "manifest", "sitemap", "guard"]) {
      expect(routes.has(name), name).toBe(true);
    }
    for (const page of ["service", "checkout", "settings", "layout"]) expect(routes.has(page), page).toBe(false);
  });

  it("leaves out the empty chunks of resource routes and a dependency's misplaced comment", () => {
    expect(
      passed({ code: "EMPTY_BUNDLE", message: 'Generated an empty chunk: "order-utr".', names: ["order-utr"] }),
    ).toBe(false);
    expect(
      passed({ code: "INVALID_ANNOTATION", message: "A comment…", id: "/work/node_modules/zod/v4/core/util.js" }),
    ).toBe(false);
  });

  it("shows every other warning, a page's empty chunk and our own code's included", () => {
    expect(passed({ code: "EMPTY_BUNDLE", message: 'Generated an empty chunk: "service".', names: ["service"] })).toBe(
      true,
    );
    expect(passed({ code: "INVALID_ANNOTATION", message: "A comment…", id: "/work/app/lib/money.ts" })).toBe(true);
    expect(passed({ code: "CIRCULAR_DEPENDENCY", message: "Circular dependency" })).toBe(true);
  });
});
