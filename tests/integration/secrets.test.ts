import { spawn } from "node:child_process";
import { once } from "node:events";
import { mkdtempSync, readFileSync, readdirSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sqliteDatabase } from "../support/databases";
import type { ServerProcess } from "../support/server-process";
import { type TestShop, startTestShop } from "../support/test-shop";

/**
 * Values no browser may ever receive, planted where a careless build or loader would pick them up: every
 * name a secret could be given in the environment, including the settings' VITE_* keys, which Vite would
 * inline if client code ever read them through import.meta.env. `npm test` makes its one production build
 * with them in the environment (scripts/test-all.sh), so the build every test runs is the one checked here.
 */
const CANARY_ENV = JSON.parse(
  readFileSync(fileURLToPath(new URL("../support/secret-canaries.json", import.meta.url)), "utf8"),
) as Record<"ADMIN_USERNAME" | "ADMIN_PASSWORD" | "SMM_PANEL_API_KEY" | "DATABASE_URL", string>;
const CANARY = {
  adminUsername: CANARY_ENV.ADMIN_USERNAME,
  adminPassword: CANARY_ENV.ADMIN_PASSWORD,
  panelKey: CANARY_ENV.SMM_PANEL_API_KEY,
  databasePassword: new URL(CANARY_ENV.DATABASE_URL).password,
};

function filesUnder(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? filesUnder(path) : [path];
  });
}

function leaksIn(text: string): string[] {
  return Object.entries(CANARY)
    .filter(([, value]) => text.includes(value))
    .map(([name]) => name);
}

describe("secrets stay on the server", () => {
  it("a client build made with secrets in the environment contains none of them", { timeout: 240_000 }, async () => {
    // The suite's own build when it says it was made with the canaries (SECRETS_CANARY_BUILD), else one made here.
    const suiteBuild = process.env.SECRETS_CANARY_BUILD;
    const buildDir = suiteBuild ?? mkdtempSync(join(tmpdir(), "shop-secrets-build-"));
    try {
      if (!suiteBuild) {
        const child = spawn("npx", ["react-router", "build"], {
          env: { ...process.env, ...CANARY_ENV, BUILD_DIR: buildDir },
          stdio: ["ignore", "pipe", "pipe"],
        });
        let output = "";
        child.stdout.on("data", (d) => (output += d));
        child.stderr.on("data", (d) => (output += d));
        const [code] = (await once(child, "exit")) as [number | null];
        expect(code, output).toBe(0);
      }

      const files = filesUnder(join(buildDir, "client"));
      expect(files.some((file) => file.endsWith(".js"))).toBe(true);
      const leaks = files.flatMap((file) => leaksIn(readFileSync(file, "utf8")).map((name) => `${name} in ${file}`));
      expect(leaks).toEqual([]);
    } finally {
      if (!suiteBuild) rmSync(buildDir, { recursive: true, force: true });
    }
  });

  describe("pages and data a browser can fetch", () => {
    let shop: TestShop;
    let server: ServerProcess;
    let cookie: string;
    beforeAll(async () => {
      // The canaries are the admin's own username and password here: what a leak would give away.
      shop = await startTestShop({
        engine: sqliteDatabase,
        admin: { username: CANARY.adminUsername, password: CANARY.adminPassword },
        jobs: "running",
      });
      ({ server, cookie } = shop);
      const saved = await fetch(`${server.url}/api/admin/setting`, {
        method: "POST",
        headers: { cookie, "content-type": "application/json", origin: server.url },
        body: JSON.stringify({ key: "VITE_SMM_PANEL_API_KEY", value: CANARY.panelKey }),
      });
      expect(saved.status).toBe(200);
    });
    afterAll(async () => {
      await shop?.stop();
    });

    it("never carry the admin password, its hash or the panel API key, even to the signed-in admin", async () => {
      const publicPaths = ["/", "/followers", "/contact-us", "/blog", "/track", "/api/plans?serviceType=followers"];
      const adminPaths = [
        "/admin/dashboard",
        "/admin/orders",
        "/admin/plans",
        "/admin/settings",
        "/admin/audit",
        "/api/admin/dashboard",
      ];
      const leaks: string[] = [];
      for (const path of [...publicPaths, ...adminPaths]) {
        const dataPath = path.startsWith("/api/") ? [] : [`${path === "/" ? "/_" : path}.data`];
        for (const url of [path, ...dataPath]) {
          const res = await fetch(`${server.url}${url}`, { headers: adminPaths.includes(path) ? { cookie } : {} });
          const text = await res.text();
          expect(res.status, url).toBeLessThan(400);
          leaks.push(
            ...leaksIn(text)
              .filter((name) => name !== "adminUsername")
              .map((name) => `${name} in ${url}`),
          );
          if (/scrypt\$/.test(text)) leaks.push(`password hash in ${url}`);
        }
      }
      expect(leaks).toEqual([]);
    });
  });
});
