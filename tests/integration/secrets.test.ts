import { spawn } from "node:child_process";
import { once } from "node:events";
import { mkdtempSync, readFileSync, readdirSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { adminLogin } from "../support/hostile";
import { type ServerProcess, spawnServer } from "../support/server-process";

/** Values no browser may ever receive, planted where a careless build or loader would pick them up. */
const CANARY = {
  adminUsername: "canary-owner-5d1e",
  adminPassword: "canary-password-8c2f9a",
  panelKey: "canary-panel-key-41b7e0",
  databasePassword: "canary-db-password-93aa",
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
    const buildDir = mkdtempSync(join(tmpdir(), "shop-secrets-build-"));
    try {
      // Every name a secret could be given in the environment, including the settings' VITE_* keys,
      // which Vite would inline if client code ever read them through import.meta.env.
      const child = spawn("npx", ["react-router", "build"], {
        env: {
          ...process.env,
          BUILD_DIR: buildDir,
          ADMIN_USERNAME: CANARY.adminUsername,
          ADMIN_PASSWORD: CANARY.adminPassword,
          VITE_SMM_PANEL_API_KEY: CANARY.panelKey,
          SMM_PANEL_API_KEY: CANARY.panelKey,
          DATABASE_URL: `postgres://shop:${CANARY.databasePassword}@127.0.0.1:5432/shop`,
        },
        stdio: ["ignore", "pipe", "pipe"],
      });
      let output = "";
      child.stdout.on("data", (d) => (output += d));
      child.stderr.on("data", (d) => (output += d));
      const [code] = (await once(child, "exit")) as [number | null];
      expect(code, output).toBe(0);

      const leaks = filesUnder(join(buildDir, "client")).flatMap((file) =>
        leaksIn(readFileSync(file, "utf8")).map((name) => `${name} in ${file}`),
      );
      expect(leaks).toEqual([]);
    } finally {
      rmSync(buildDir, { recursive: true, force: true });
    }
  });

  describe("pages and data a browser can fetch", () => {
    let server: ServerProcess;
    let dir: string;
    let cookie: string;
    beforeAll(async () => {
      dir = mkdtempSync(join(tmpdir(), "shop-secrets-"));
      server = await spawnServer({
        DATABASE_URL: `file:${join(dir, "shop.db")}`,
        ADMIN_USERNAME: CANARY.adminUsername,
        ADMIN_PASSWORD: CANARY.adminPassword,
      });
      cookie = await adminLogin(server.url, CANARY.adminUsername, CANARY.adminPassword);
      const saved = await fetch(`${server.url}/api/admin/setting`, {
        method: "POST",
        headers: { cookie, "content-type": "application/json", origin: server.url },
        body: JSON.stringify({ key: "VITE_SMM_PANEL_API_KEY", value: CANARY.panelKey }),
      });
      expect(saved.status).toBe(200);
    });
    afterAll(async () => {
      await server?.stop();
      rmSync(dir, { recursive: true, force: true });
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
