import { fileURLToPath } from "node:url";
import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import { type Rollup, defineConfig } from "vite";
import { ISLANDS_ENTRY, islands } from "./scripts/islands/vite-plugin";
import { localeChunks } from "./scripts/locale-chunks/vite-plugin";
import { socialImages } from "./scripts/social-images/vite-plugin";
import { quietWarnings, resourceRouteNames } from "./scripts/quiet-build";

export default defineConfig({
  plugins: [
    tailwindcss(),
    reactRouter(),
    socialImages(fileURLToPath(new URL(".", import.meta.url))),
    localeChunks(),
    islands(),
  ],
  // The sitemap's <lastmod> for pages whose words come from this build (app/lib/build-day.ts).
  define: { "import.meta.env.VITE_BUILD_DAY": JSON.stringify(new Date().toISOString().slice(0, 10)) },
  resolve: { alias: { "~": fileURLToPath(new URL("./app", import.meta.url)) } },
  // Bundled into the server build so only the icons and primitives in use are
  // loaded: imported whole from node_modules they cost the server ~90 MB.
  environments: {
    client: { build: { rollupOptions: { output: { manualChunks: shellChunk() } } } },
    // The server build's entry is the Express server, which imports React Router's build: routes and
    // server are one module graph, written to build/server/index.js and started by server.js.
    ssr: { build: { rollupOptions: { input: "./server/main.ts" } } },
  },
  ssr: { noExternal: ["lucide-react", /^@radix-ui\//, "react-day-picker", "date-fns"] },
  // React Router's plugin passes this on to both builds (app/routes' resource routes, a dependency's comments).
  build: {
    rollupOptions: {
      onwarn: quietWarnings(resourceRouteNames(fileURLToPath(new URL("./app/routes", import.meta.url)))),
    },
  },
});

/**
 * What every page React hydrates runs besides React DOM (React Router, the
 * header, footer, toaster, their icons and helpers) as one file. Left to
 * Rollup it came as about fifteen files, most of a few hundred bytes, each a
 * round trip before a phone on mobile data could hydrate the page. What the
 * static pages' script imports is a chunk of its own ("enhance") that both
 * load, or the static pages would load the whole shell.
 */
function shellChunk(): Rollup.ManualChunksOption {
  let shell: Set<string> | undefined;
  let islands: Set<string> | undefined;
  const isShellRoot = (id: string) => /\/app\/(root|routes\/public\/layout)\.tsx$/.test(id);
  return (id, { getModuleIds, getModuleInfo }) => {
    if (!shell) {
      const ids = [...getModuleIds()];
      const closure = (roots: string[], skip: (m: string) => boolean) => {
        const found = new Set<string>();
        const pending = roots.flatMap((m) => getModuleInfo(m)?.importedIds ?? []);
        while (pending.length > 0) {
          const m = pending.pop()!;
          if (found.has(m) || skip(m)) continue;
          found.add(m);
          pending.push(...(getModuleInfo(m)?.importedIds ?? []));
        }
        return found;
      };
      const enhancing = closure(
        ids.filter((m) => m.endsWith(ISLANDS_ENTRY)),
        () => false,
      );
      islands = enhancing;
      // Route modules stay entries of their own, as React Router expects; what they import is shared.
      shell = closure(ids.filter(isShellRoot), (m) => isShellRoot(m) || enhancing.has(m));
    }
    // A manual chunk takes in what its modules import, so the islands' modules get one of their own.
    if (islands!.has(id)) return "enhance";
    return shell.has(id) ? "shell" : undefined;
  };
}
