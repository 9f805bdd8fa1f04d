// `npm start`: builds the shop when the build is missing or older than the
// sources, then runs the production server (Ctrl+C or SIGTERM stops it).
import { spawn, spawnSync } from "node:child_process";
import { existsSync, readdirSync, statSync } from "node:fs";
import { join } from "node:path";

const BUILD = "build/server/index.js";

function newestMtime(path) {
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = stat.mtimeMs;
  for (const entry of readdirSync(path)) newest = Math.max(newest, newestMtime(join(path, entry)));
  return newest;
}

const sources = ["app", "content", "public", "vite.config.ts", "react-router.config.ts", "package.json"].filter(existsSync);
const stale = !existsSync(BUILD) || Math.max(...sources.map(newestMtime)) > statSync(BUILD).mtimeMs;
if (stale) {
  console.log("Building the shop…");
  const build = spawnSync("npx", ["react-router", "build"], { stdio: "inherit" });
  if (build.status !== 0) process.exit(build.status ?? 1);
}

const server = spawn(process.execPath, ["--import", "tsx", "server/main.ts"], {
  stdio: "inherit",
  // The demo runs a simulated SMM panel beside the shop; PANEL_SIMULATOR=false turns it off.
  env: { NODE_ENV: "production", PANEL_SIMULATOR: "true", ...process.env },
});
for (const signal of ["SIGINT", "SIGTERM"]) process.on(signal, () => server.kill(signal));
server.on("exit", (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
