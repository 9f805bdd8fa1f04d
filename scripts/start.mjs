// `npm start`: builds the shop when the build is missing or older than the
// sources, then runs the production server (Ctrl+C or SIGTERM stops it).
import { spawn } from "node:child_process";
import { STARTER, ensureBuild } from "./ensure-build.mjs";
import { SHOP_NODE_FLAGS } from "./runtime/node-runtime.mjs";

const BUILD_DIR = process.env.BUILD_DIR || "build";
ensureBuild(BUILD_DIR);

const server = spawn(process.execPath, [...SHOP_NODE_FLAGS, STARTER], {
  stdio: "inherit",
  // The demo runs a simulated SMM panel beside the shop; PANEL_SIMULATOR=false turns it off.
  // In a terminal the log is short lines a person reads; piped to a file or a collector, JSON (LOG_FORMAT).
  env: {
    NODE_ENV: "production",
    PANEL_SIMULATOR: "true",
    LOG_FORMAT: process.stdout.isTTY ? "pretty" : "json",
    ...process.env,
    BUILD_DIR,
  },
});
for (const signal of ["SIGINT", "SIGTERM"]) process.on(signal, () => server.kill(signal));
server.on("exit", (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
