import { execFileSync } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, describe, expect, it } from "vitest";

const wrapper = fileURLToPath(new URL("./chromium-e2e.sh", import.meta.url));
const dir = mkdtempSync(join(tmpdir(), "chromium-e2e-"));
// A stand-in browser that prints the arguments it was given, one per line.
const fakeBrowser = join(dir, "chromium");
writeFileSync(fakeBrowser, '#!/bin/sh\nprintf "%s\\n" "$@"\n', { mode: 0o755 });
afterAll(() => rmSync(dir, { recursive: true, force: true }));

function launch(...args: string[]): string[] {
  return execFileSync(wrapper, args, { env: { ...process.env, CHROMIUM_PATH: fakeBrowser }, encoding: "utf8" })
    .trimEnd()
    .split("\n");
}

describe("the end-to-end tests' browser", () => {
  it("keeps every feature Playwright switches off beside the ones the tests add (Chromium keeps only the last switch)", () => {
    const args = launch(
      "--headless",
      "--disable-features=PaintHolding,HttpsUpgrades",
      "--enable-features=CDPScreenshotNewSurface",
      "--no-sandbox",
      "--disable-features=WebUIOmniboxPopup",
      "about:blank",
    );
    expect(args.filter((a) => a.startsWith("--disable-features="))).toEqual([
      "--disable-features=PaintHolding,HttpsUpgrades,WebUIOmniboxPopup",
    ]);
    expect(args.filter((a) => a.startsWith("--enable-features="))).toEqual([
      "--enable-features=CDPScreenshotNewSurface",
    ]);
    expect(args.slice(0, 3)).toEqual(["--headless", "--no-sandbox", "about:blank"]);
  });

  it("passes a command line without feature lists through unchanged", () => {
    expect(launch("--headless", "--user-data-dir=/tmp/a b")).toEqual(["--headless", "--user-data-dir=/tmp/a b"]);
  });
});
