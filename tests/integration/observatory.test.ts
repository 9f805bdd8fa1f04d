import { execFileSync, spawn } from "node:child_process";
import { once } from "node:events";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { request } from "node:https";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startCaddyProxy } from "../support/caddy-proxy";
import { sqliteDatabase } from "../support/databases";
import { type TestShop, startTestShop } from "../support/test-shop";
import { type TlsProxy, loopbackHost, startTlsProxy } from "../support/tls-proxy";

interface ObservatoryTest {
  pass: boolean;
  result: string;
  scoreModifier: number;
}
interface ObservatoryReport {
  scan: { grade: string; score: number; testsPassed: number; testsQuantity: number; statusCode: number };
  tests: Record<string, ObservatoryTest>;
}

/** deploy/shop.env.example as an operator fills it in: the variables it sets, empty ones left out, the test shop's database. */
function deployEnvironment(): Record<string, string> {
  const text = readFileSync(fileURLToPath(new URL("../../deploy/shop.env.example", import.meta.url)), "utf8");
  const env: Record<string, string> = {};
  for (const line of text.split("\n")) {
    const match = /^([A-Z0-9_]+)=(.*)$/.exec(line.trim());
    if (match && match[2] && match[1] !== "DATABASE_URL") env[match[1]!] = match[2];
  }
  return env;
}

const FRONTS = [
  {
    name: "nginx",
    start: startTlsProxy,
    jobs: "asked",
    env: (_dir: string, host: string) => ({ TRUST_PROXY: "1", PUBLIC_BASE_URL: `https://${host}` }),
  },
  {
    // The deployment of docs/deploy.md: deploy/Caddyfile in front, deploy/shop.env.example behind (paths and port
    // moved), its jobs running as a real shop's do.
    name: "Caddy with deploy/Caddyfile",
    start: startCaddyProxy,
    jobs: "running",
    env: (dir: string, host: string) => ({
      ...deployEnvironment(),
      BACKUP_DIR: join(dir, "backups"),
      PORT: "0",
      PUBLIC_BASE_URL: `https://${host}`,
    }),
  },
] as const;

/**
 * The MDN HTTP Observatory grades the production build as a visitor would
 * reach it: through a proxy terminating TLS (nginx with a self-signed
 * certificate, and the deployment's own Caddy with its internal CA), with the
 * plain-HTTP port answering too. It checks the redirect from http:// to
 * https://, HSTS on the HTTPS answer, and the security headers (CSP, framing,
 * referrer, MIME sniffing, CORS, CORP, cookies, subresource integrity) of the
 * home page.
 */
describe.each(FRONTS)("MDN HTTP Observatory behind $name", (front) => {
  let dir: string;
  let observatory: string;
  let shop: TestShop;
  let proxy: TlsProxy;

  beforeAll(async () => {
    // The first run installs the tool (about 40 s); npm test installs it before this stage.
    observatory = execFileSync("bash", ["scripts/ensure-observatory.sh"], { encoding: "utf8" }).trim();
    dir = mkdtempSync(join(tmpdir(), "shop-observatory-"));
    // The shop's public address is the proxy's: plain HTTP is redirected there and nowhere else.
    const host = loopbackHost();
    // No admin, as on a fresh deployment; the test shop's own sign-in would be sent on to HTTPS anyway.
    shop = await startTestShop({ engine: sqliteDatabase, admin: false, jobs: front.jobs, env: front.env(dir, host) });
    proxy = await front.start(dir, shop.url, host);
  }, 180_000);

  afterAll(async () => {
    await proxy?.stop();
    await shop?.stop();
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  it("redirects http:// to https:// and sends HSTS and the CSP over HTTPS", async () => {
    const plain = await fetch(`http://${proxy.host}/followers?x=1`, { redirect: "manual" });
    expect([301, 308]).toContain(plain.status);
    expect(plain.headers.get("location")).toBe(`https://${proxy.host}/followers?x=1`);
    const headers = await new Promise<Record<string, string | string[] | undefined>>((resolve, reject) => {
      request(`https://${proxy.host}/`, { ca: readFileSync(proxy.certFile) }, (res) => {
        res.resume();
        resolve(res.headers);
      })
        .on("error", reject)
        .end();
    });
    expect(headers["strict-transport-security"]).toMatch(/max-age=\d{8}/);
    expect(String(headers["content-security-policy"])).toContain("default-src 'self'");
  });

  it("grades the shop behind HTTPS A+, every test passed", async () => {
    // The package's own command line; its wrapper would replace NODE_EXTRA_CA_CERTS with a bundle of public CAs.
    const scan = spawn(process.execPath, [join(observatory, "src", "scan.js"), proxy.host], {
      env: { ...process.env, NODE_EXTRA_CA_CERTS: proxy.certFile },
      stdio: ["ignore", "pipe", "pipe"],
    });
    let stdout = "";
    let stderr = "";
    scan.stdout.on("data", (d) => (stdout += d));
    scan.stderr.on("data", (d) => (stderr += d));
    const [code] = (await once(scan, "exit")) as [number | null];
    expect(code, `the scan failed:\n${stdout}${stderr}`).toBe(0);

    const report = JSON.parse(stdout) as ObservatoryReport;
    const lines = Object.entries(report.tests).map(
      ([name, t]) =>
        `  ${t.pass ? "pass" : "FAIL"}  ${name.padEnd(30)} ${t.result} (${t.scoreModifier >= 0 ? "+" : ""}${t.scoreModifier})`,
    );
    console.log(
      [
        `MDN HTTP Observatory on https://${proxy.host}/ (${front.name} in front of the production build):`,
        `  grade ${report.scan.grade}, score ${report.scan.score}, ${report.scan.testsPassed} of ${report.scan.testsQuantity} tests passed`,
        ...lines,
      ].join("\n"),
    );

    expect(report.scan.statusCode).toBe(200);
    expect(report.tests.redirection?.result).toBe("redirection-to-https");
    expect(report.tests["strict-transport-security"]?.result).toBe("hsts-implemented-max-age-at-least-six-months");
    expect(lines.filter((line) => line.includes("FAIL"))).toEqual([]);
    expect(report.scan.grade).toBe("A+");
  }, 60_000);
});
