import { fileURLToPath } from "node:url";
import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import { type Rollup, defineConfig } from "vite";
import { localeChunks } from "./scripts/locale-chunks/vite-plugin";
import { socialImages } from "./scripts/social-images/vite-plugin";

export default defineConfig({
  plugins: [tailwindcss(), reactRouter(), socialImages(fileURLToPath(new URL(".", import.meta.url))), localeChunks()],
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
});

/**
 * What every page runs besides React DOM (React Router, the header, footer,
 * toaster, their icons and helpers) as one file. Left to Rollup it came as
 * about fifteen files, most of a few hundred bytes, each a round trip before
 * a phone on mobile data could hydrate the page.
 */
function shellChunk(): Rollup.ManualChunksOption {
  let shell: Set<string> | undefined;
  const isShellRoot = (id: string) => /\/app\/(root|routes\/public\/layout)\.tsx$/.test(id);
  return (id, { getModuleIds, getModuleInfo }) => {
    if (!shell) {
      const roots = [...getModuleIds()].filter(isShellRoot);
      // Route modules stay entries of their own, as React Router expects; what they import is shared.
      const pending = roots.flatMap((m) => getModuleInfo(m)?.importedIds ?? []);
      shell = new Set();
      while (pending.length > 0) {
        const m = pending.pop()!;
        if (shell.has(m) || isShellRoot(m)) continue;
        shell.add(m);
        pending.push(...(getModuleInfo(m)?.importedIds ?? []));
      }
    }
    return shell.has(id) ? "shell" : undefined;
  };
}
