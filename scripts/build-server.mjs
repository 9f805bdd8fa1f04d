// Compiles the Express server (server/main.ts and the domain code it uses) to
// plain JavaScript next to the React Router build, so production runs on node
// alone: running TypeScript through tsx costs ~100 MB of memory per instance.
import { join } from "node:path";
import { build } from "esbuild";

const outdir = join(process.env.BUILD_DIR ?? "build", "server", "app");

await build({
  entryPoints: ["server/main.ts"],
  outdir,
  bundle: true,
  // Dependencies stay in node_modules; only our code is bundled.
  packages: "external",
  platform: "node",
  format: "esm",
  target: "node20",
  // server/main.ts imports the rest dynamically, after settling NODE_ENV; splitting
  // keeps those imports (and React's) lazy instead of hoisting them to the top.
  splitting: true,
  sourcemap: true,
  logLevel: "warning",
});
console.log(`server compiled to ${outdir}/main.js`);
