import { readdirSync } from "node:fs";
import { basename } from "node:path";
import type { Rollup } from "vite";

/** The chunk names of the resource routes under `dir`: route files without UI (`.ts`, not `.tsx`). */
export function resourceRouteNames(dir: string): Set<string> {
  return new Set(
    readdirSync(dir, { recursive: true, encoding: "utf8" })
      .filter((file) => file.endsWith(".ts") && !file.endsWith(".types.ts") && !file.endsWith(".test.ts"))
      .map((file) => basename(file, ".ts")),
  );
}

/**
 * The build's warnings without those about nothing we can act on, which
 * buried the first start's setup link under forty lines: React Router makes
 * every route file a browser entry, and a resource route (the JSON API, the
 * feeds, the admin's API guard) has nothing for the browser, so Rollup said
 * "Generated an empty chunk" for each (remix-run/remix#9055; React Router's
 * manifest still names those chunks). And a dependency's comment that Rollup
 * cannot read as an annotation, which it drops itself. Any other warning, an
 * empty chunk of a page included, still shows.
 */
export function quietWarnings(resourceRoutes: ReadonlySet<string>): Rollup.WarningHandlerWithDefault {
  return (warning, warn) => {
    if (warning.code === "EMPTY_BUNDLE" && (warning.names ?? []).every((name) => resourceRoutes.has(name))) return;
    if (warning.code === "INVALID_ANNOTATION" && warning.id?.includes("/node_modules/")) return;
    warn(warning);
  };
}
