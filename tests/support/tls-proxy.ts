import { type ChildProcess, execFileSync, spawn } from "node:child_process";
import { once } from "node:events";
import { writeFileSync } from "node:fs";
import { connect } from "node:net";
import { join } from "node:path";

export interface TlsProxy {
  /** The loopback address the proxy listens on (ports 80 and 443), also the certificate's name. */
  host: string;
  /** The certificate (nginx) or the root of the CA that signed it (Caddy), for NODE_EXTRA_CA_CERTS. */
  certFile: string;
  pid: number;
  output: () => string;
  stop(): Promise<void>;
}

/**
 * A production-like front: Debian's nginx terminating TLS with a self-signed
 * certificate and passing plain HTTP (port 80) and HTTPS (port 443) to the
 * shop with X-Forwarded-Proto, as the README asks of a real proxy. It listens
 * on a loopback address of its own (127.x.y.z), so it needs no /etc/hosts
 * entry and cannot collide with another run. Ports below 1024 need root.
 */
export async function startTlsProxy(dir: string, upstream: string, host = loopbackHost()): Promise<TlsProxy> {
  const certFile = join(dir, "cert.pem");
  const keyFile = join(dir, "key.pem");
  execFileSync(
    "openssl",
    [
      "req",
      "-x509",
      "-newkey",
      "rsa:2048",
      "-nodes",
      "-days",
      "1",
      "-subj",
      `/CN=${host}`,
      "-addext",
      `subjectAltName=IP:${host}`,
      "-keyout",
      keyFile,
      "-out",
      certFile,
    ],
    { stdio: "ignore" },
  );

  const upstreamHost = new URL(upstream).host;
  const config = `
worker_processes 1;
pid ${join(dir, "nginx.pid")};
error_log ${join(dir, "error.log")} warn;
events { worker_connections 64; }
http {
  access_log off;
  client_body_temp_path ${join(dir, "client_body")};
  proxy_temp_path ${join(dir, "proxy")};
  fastcgi_temp_path ${join(dir, "fastcgi")};
  uwsgi_temp_path ${join(dir, "uwsgi")};
  scgi_temp_path ${join(dir, "scgi")};
  # The workers run as nobody and cannot write into this private folder: keep answers in memory.
  proxy_max_temp_file_size 0;
  server {
    listen ${host}:80;
    listen ${host}:443 ssl;
    ssl_certificate ${certFile};
    ssl_certificate_key ${keyFile};
    location / {
      proxy_pass http://${upstreamHost};
      proxy_set_header Host $host;
      proxy_set_header X-Forwarded-For $remote_addr;
      proxy_set_header X-Forwarded-Proto $scheme;
    }
  }
}
`;
  const configFile = join(dir, "nginx.conf");
  writeFileSync(configFile, config);

  const child: ChildProcess = spawn(
    "nginx",
    ["-p", dir, "-c", configFile, "-e", join(dir, "error.log"), "-g", "daemon off;"],
    {
      stdio: ["ignore", "pipe", "pipe"],
    },
  );
  let out = "";
  child.stdout!.on("data", (d) => (out += d));
  child.stderr!.on("data", (d) => (out += d));
  const exited = once(child, "exit");

  const stop = async () => {
    if (child.exitCode !== null || child.signalCode !== null) return;
    child.kill("SIGTERM");
    await exited;
  };

  let started = false;
  try {
    await Promise.race([
      Promise.all([listening(host, 80), listening(host, 443)]),
      exited.then(([code]) => {
        if (started) return;
        const hint = process.getuid?.() === 0 ? "" : " (ports 80 and 443 need root)";
        throw new Error(`nginx exited with ${code}${hint}:\n${out}`);
      }),
    ]);
    started = true;
  } catch (error) {
    await stop();
    throw error;
  }
  return { host, certFile, pid: child.pid!, output: () => out, stop };
}

/** A loopback address of its own for one proxy (127.x.y.z), chosen before the shop starts when it must know it. */
export function loopbackHost(): string {
  return `127.${randomOctet(10, 250)}.${randomOctet(1, 254)}.${randomOctet(1, 254)}`;
}

function randomOctet(min: number, max: number): number {
  return min + Math.floor(Math.random() * (max - min + 1));
}

/** Resolves once something accepts connections on host:port (nginx opens its ports before it forks workers). */
export async function listening(host: string, port: number): Promise<void> {
  for (let attempt = 0; attempt < 100; attempt++) {
    const ok = await new Promise<boolean>((resolve) => {
      const socket = connect({ host, port }, () => {
        socket.destroy();
        resolve(true);
      });
      socket.on("error", () => resolve(false));
    });
    if (ok) return;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`nothing listens on ${host}:${port}`);
}
