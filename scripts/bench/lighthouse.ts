import { spawn } from "node:child_process";
import { once } from "node:events";
import type { Bench } from "./harness";

const runsFlag = process.argv.find((a) => a.startsWith("--runs="));

/**
 * Lighthouse (mobile) on every public page, median of 3 runs each: scripts/lighthouse.mjs as its own
 * process, so that `npm run bench` checks every target. `--runs=N` is passed on.
 */
export const lighthouseBench: Bench = {
  name: "lighthouse",
  description: "every public page, mobile, median of 3 runs: performance ≥ 98, the other categories 100",
  async run() {
    const child = spawn(process.execPath, ["scripts/lighthouse.mjs", ...(runsFlag ? [runsFlag] : [])], {
      stdio: "inherit",
    });
    const [code] = (await once(child, "exit")) as [number | null];
    return code === 0;
  },
};
