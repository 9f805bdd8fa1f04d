import { execFileSync } from "node:child_process";
import { copyFileSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { configSchemaShape, loadConfig } from "~/lib/server/config.server";
import { SHOP_NODE_FLAGS, pinnedNodeVersion } from "../../scripts/runtime/node-runtime.mjs";
import { DEFAULT_ENV_FILE } from "../../scripts/shop-env";

/**
 * The deploy/ folder as an operator copies it (docs/deploy.md): the systemd
 * unit is one systemd accepts and rates well hardened, and the environment
 * file is one the shop starts with. (The Caddyfile runs in front of the shop
 * in observatory.test.ts.)
 */

const deploy = (name: string) => fileURLToPath(new URL(`../../deploy/${name}`, import.meta.url));
const checkout = fileURLToPath(new URL("../../", import.meta.url));

describe("the deploy folder", () => {
  it("has a systemd unit that systemd accepts, hardened to an exposure of 2 or less", () => {
    const dir = mkdtempSync(join(tmpdir(), "unit-"));
    try {
      // systemd-analyze judges a unit by its file name: the one docs/deploy.md installs. It also checks that
      // the program exists: this checkout stands in for /opt/boostkaro/current, the release the unit runs the shop from.
      const unit = join(dir, "boostkaro.service");
      const text = readFileSync(deploy("boostkaro.service"), "utf8");
      const execStart = /^ExecStart=\/opt\/boostkaro\/current\/(\S+) (.*)\/opt\/boostkaro\/current\/server\.js$/m.exec(
        text,
      );
      expect(execStart, "ExecStart runs the release's server.js with a program inside that release").not.toBeNull();
      // With the flags every other start of the shop uses.
      expect(execStart![2]!.trim().split(" ")).toEqual(SHOP_NODE_FLAGS);
      writeFileSync(
        unit,
        text.replace(execStart![0], `ExecStart=${checkout}${execStart![1]} ${execStart![2]}${checkout}server.js`),
      );
      // With its socket beside it, as both go to /etc/systemd/system.
      copyFileSync(deploy("boostkaro.socket"), join(dir, "boostkaro.socket"));
      execFileSync("systemd-analyze", ["verify", unit, join(dir, "boostkaro.socket")], { stdio: "pipe" });
      // The program is the Node.js npm ci installed, the one the tests run on.
      const version = execFileSync(join(checkout, execStart![1]!), ["--version"], { encoding: "utf8" }).trim();
      expect(version).toBe(`v${pinnedNodeVersion()}`);
      const security = execFileSync("systemd-analyze", ["security", "--offline=true", "--no-pager", unit], {
        encoding: "utf8",
      });
      const exposure = Number(/Overall exposure level for boostkaro\.service: ([\d.]+)/.exec(security)?.[1]);
      expect(exposure).toBeLessThanOrEqual(2);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it("has a template unit for several instances, one port each, as hardened as the single one", () => {
    const dir = mkdtempSync(join(tmpdir(), "unit-"));
    try {
      const text = readFileSync(deploy("boostkaro@.service"), "utf8");
      // The port is the instance's name, given on the command line: shop.env's PORT cannot override it.
      expect(text).toMatch(
        new RegExp(
          `^ExecStart=/usr/bin/env PORT=%i SHUTDOWN_DRAIN_MS=\\d+ /opt/boostkaro/current/\\S+ ${SHOP_NODE_FLAGS.join(" ")} \\S+server\\.js$`,
          "m",
        ),
      );
      writeFileSync(join(dir, "boostkaro@.service"), text.replaceAll("/opt/boostkaro/current/", checkout));
      const instance = join(dir, "boostkaro@3001.service");
      execFileSync("systemd-analyze", ["verify", instance], { stdio: "pipe" });
      const security = execFileSync("systemd-analyze", ["security", "--offline=true", "--no-pager", instance], {
        encoding: "utf8",
      });
      const exposure = Number(/Overall exposure level for boostkaro@3001\.service: ([\d.]+)/.exec(security)?.[1]);
      expect(exposure).toBeLessThanOrEqual(2);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it("has an environment file the shop accepts, set for production behind Caddy", () => {
    const env: Record<string, string> = {};
    for (const line of readFileSync(deploy("shop.env.example"), "utf8").split("\n")) {
      const match = /^([A-Z0-9_]+)=(.*)$/.exec(line.trim());
      if (match) env[match[1]!] = match[2]!;
    }
    const config = loadConfig(env);
    expect(config).toMatchObject({
      NODE_ENV: "production",
      HOST: "127.0.0.1",
      TRUST_PROXY: 1,
      HTTPS_REDIRECT: true,
      PANEL_SIMULATOR: false,
      PUBLIC_BASE_URL: "https://yourshop.in",
      database: { kind: "sqlite", file: "/var/lib/boostkaro/shop.db" },
    });
    // The unit's state directory is where the database and backups go.
    expect(readFileSync(deploy("boostkaro.service"), "utf8")).toContain("StateDirectory=boostkaro");
    expect(config.BACKUP_DIR.startsWith("/var/lib/boostkaro/")).toBe(true);
    // The one place the configuration lives: the unit loads the file the CLI reads (scripts/shop-env.ts).
    expect(readFileSync(deploy("boostkaro.service"), "utf8")).toContain(`EnvironmentFile=${DEFAULT_ENV_FILE}`);
  });

  it("lists every variable the shop reads in the environment file's example", () => {
    const example = readFileSync(deploy("shop.env.example"), "utf8");
    const named = new Set([...example.matchAll(/^#?\s*([A-Z][A-Z0-9_]+)=/gm)].map((m) => m[1]));
    const read = Object.keys(configSchemaShape());
    const missing = read.filter((name) => !named.has(name));
    expect(missing).toEqual([]);
  });
});
