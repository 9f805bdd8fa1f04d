// `npm start`: builds the shop when the build is missing or older than the
// sources, then runs the production server (Ctrl+C or SIGTERM stops it).
import { spawn } from "node:child_process";
import { ensureBuild } from "./ensure-build.mjs";

const BUILD = ensureBuild(process.env.BUILD_DIR ?? "build");

const server = spawn(process.execPath, [BUILD], {
  stdio: "inherit",
  // The demo runs a simulated SMM panel beside the shop; PANEL_SIMULATOR=false turns it off.
  env: { NODE_ENV: "production", PANEL_SIMULATOR: "true", ...process.env },
});
for (const signal of ["SIGINT", "SIGTERM"]) process.on(signal, () => server.kill(signal));
server.on("exit", (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
