import { execFileSync, spawn } from "node:child_process";
import { once } from "node:events";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type ServerProcess, spawnServer } from "../support/server-process";
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

/**
 * The MDN HTTP Observatory grades the production build as a visitor would
 * reach it: through nginx terminating TLS, with the plain-HTTP port answering
 * too. It checks the redirect from http:// to https://, HSTS on the HTTPS
 * answer, and the security headers (CSP, framing, referrer, MIME sniffing,
 * CORS, CORP, cookies, subresource integrity) of the home page.
 */
describe("MDN HTTP Observatory", () => {
  let dir: string;
  let observatory: string;
  let server: ServerProcess;
  let proxy: TlsProxy;

  beforeAll(async () => {
    // The first run installs the tool (about 40 s); npm test installs it before this stage.
    observatory = execFileSync("bash", ["scripts/ensure-observatory.sh"], { encoding: "utf8" }).trim();
    dir = mkdtempSync(join(tmpdir(), "shop-observatory-"));
    // The shop's public address is the proxy's: plain HTTP is redirected there and nowhere else.
    const host = loopbackHost();
    server = await spawnServer({
      DATABASE_URL: `file:${join(dir, "shop.db")}`,
      TRUST_PROXY: "1",
      PUBLIC_BASE_URL: `https://${host}`,
      JOBS_ENABLED: "false",
    });
    proxy = await startTlsProxy(dir, server.url, host);
  }, 180_000);

  afterAll(async () => {
    await proxy?.stop();
    await server?.stop();
    if (dir) rmSync(dir, { recursive: true, force: true });
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
        `MDN HTTP Observatory on https://${proxy.host}/ (nginx in front of the production build):`,
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
