import { type ChildProcess, spawn } from "node:child_process";
import { once } from "node:events";
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { type TlsProxy, listening, loopbackHost } from "./tls-proxy";

const DEPLOY_CADDYFILE = fileURLToPath(new URL("../../deploy/Caddyfile", import.meta.url));

/**
 * The deployment's own front: Debian's caddy running deploy/Caddyfile as an
 * operator installs it, with the shop's domain replaced by a loopback address
 * of its own (127.x.y.z, ports 80 and 443, which need root) and the shop's
 * address by the test server's. The only additions are global options a
 * machine without internet needs: Caddy's internal CA instead of Let's
 * Encrypt (not installed into the system's trust store), no admin endpoint,
 * and its storage in the test's folder.
 */
export async function startCaddyProxy(dir: string, upstream: string, host = loopbackHost()): Promise<TlsProxy> {
  const site = readFileSync(DEPLOY_CADDYFILE, "utf8")
    .replaceAll("yourshop.in", host)
    .replaceAll("127.0.0.1:3000", new URL(upstream).host);
  return startCaddy(dir, site, host);
}

/**
 * Caddy running `site` (a deploy/ Caddyfile with the domain already replaced by `host`) with the global
 * options above; `adminPort` turns on its admin API on 127.0.0.1 (GET /reverse_proxy/upstreams), as
 * Debian's caddy service has it on localhost:2019.
 */
export async function startCaddy(
  dir: string,
  site: string,
  host: string,
  { adminPort }: { adminPort?: number } = {},
): Promise<TlsProxy> {
  const storage = join(dir, "caddy-data");
  const config = `{
	${adminPort ? `admin 127.0.0.1:${adminPort}` : "admin off"}
	local_certs
	skip_install_trust
	storage file_system ${storage}
	default_bind ${host}
	http_port 80
	https_port 443
}

${site}`;
  const configFile = join(dir, "Caddyfile");
  writeFileSync(configFile, config);

  const child: ChildProcess = spawn("caddy", ["run", "--config", configFile, "--adapter", "caddyfile"], {
    env: { ...process.env, HOME: dir, XDG_DATA_HOME: dir, XDG_CONFIG_HOME: dir },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let out = "";
  child.stdout!.on("data", (d) => (out += d));
  child.stderr!.on("data", (d) => (out += d));
  const exited = once(child, "exit");
  const stop = async () => {
    if (child.exitCode !== null || child.signalCode !== null) return;
    child.kill("SIGTERM");
    await exited;
  };

  const certFile = join(storage, "pki", "authorities", "local", "root.crt");
  let started = false;
  try {
    await Promise.race([
      (async () => {
        await Promise.all([listening(host, 80), listening(host, 443)]);
        // The internal CA's root is written when the first certificate is made.
        for (let i = 0; i < 100 && !(existsSync(certFile) && /certificate obtained successfully/.test(out)); i++) {
          await new Promise((r) => setTimeout(r, 100));
        }
        if (!existsSync(certFile)) throw new Error(`caddy made no certificate:\n${out}`);
      })(),
      exited.then(([code]) => {
        if (started) return;
        const hint = process.getuid?.() === 0 ? "" : " (ports 80 and 443 need root)";
        throw new Error(`caddy exited with ${code}${hint}:\n${out}`);
      }),
    ]);
    started = true;
  } catch (error) {
    await stop();
    throw error;
  }
  return { host, certFile, pid: child.pid!, output: () => out, stop };
}
