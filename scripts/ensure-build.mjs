// Builds the shop into BUILD_DIR when the build is missing or older than any source.
import { spawnSync } from "node:child_process";
import { existsSync, readdirSync, statSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";

const SOURCES = ["app", "server", "content", "public", "vite.config.ts", "react-router.config.ts", "package.json"];

function newestMtime(path) {
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = stat.mtimeMs;
  for (const entry of readdirSync(path)) newest = Math.max(newest, newestMtime(join(path, entry)));
  return newest;
}

/** The production starter: `node server.js` runs the build in the BUILD_DIR of its environment. */
export const STARTER = fileURLToPath(new URL("../server.js", import.meta.url));

/** The server bundle; `npm run build` writes it after the browser's files, so its age is the build's. */
export function serverBundle(buildDir) {
  return join(buildDir, "server", "index.js");
}

export function ensureBuild(buildDir) {
  const entry = serverBundle(buildDir);
  const sources = SOURCES.filter(existsSync);
  if (existsSync(entry) && Math.max(...sources.map(newestMtime)) <= statSync(entry).mtimeMs) return entry;
  console.log(`Building the shop into ${buildDir}/…`);
  const build = spawnSync("npm", ["run", "--silent", "build"], {
    stdio: "inherit",
    env: { ...process.env, BUILD_DIR: buildDir },
  });
  if (build.status !== 0) process.exit(build.status ?? 1);
  return entry;
}
