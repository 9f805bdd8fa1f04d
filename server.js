// Starts the shop. `node server.js` runs the production build (`npm run build`
// writes it to BUILD_DIR, build/ by default); `node server.js --dev` runs the
// same server code under the Vite dev server. Plain JavaScript, so production
// runs on node alone: running TypeScript through tsx costs ~100 MB per instance.
import { existsSync } from "node:fs";
import { resolve } from "node:path";
import { pathToFileURL } from "node:url";
import {
  endOfLifeWarning,
  isoDay,
  nodeReleases,
  pinnedNodeVersion,
  runtimeRefusal,
} from "./scripts/runtime/node-runtime.mjs";

// The pinned Node.js line only (ADR 0034): a native module built for it would not load on another, and the
// shop is tested on no other. Past its end of life it still starts, with a warning, rather than leave the shop down.
const refusal = runtimeRefusal({ version: process.version, execPath: process.execPath, pinned: pinnedNodeVersion() });
if (refusal) {
  console.error(refusal);
  process.exit(1);
}
const endOfLife = endOfLifeWarning({ version: process.version, today: isoDay(), releases: nodeReleases() });
if (endOfLife) console.error(endOfLife);

const dev = process.argv.includes("--dev");

// React picks its development or production build when first imported, which
// importing the server does. An empty value means unset, as in the configuration.
process.env.NODE_ENV ||= dev ? "development" : "production";

if (dev) {
  const { createServer } = await import("vite");
  const vite = await createServer({ server: { middlewareMode: true } });
  const { main } = await vite.ssrLoadModule("/server/main.ts");
  // Routes are loaded afresh for every request, so edits show without a restart.
  await main({ vite, build: () => vite.ssrLoadModule("virtual:react-router/server-build") });
} else {
  const entry = resolve(process.env.BUILD_DIR || "build", "server", "index.js");
  if (!existsSync(entry)) {
    console.error(`No production build at ${entry}: run npm run build first.`);
    process.exit(1);
  }
  const { main } = await import(pathToFileURL(entry).href);
  await main();
}
