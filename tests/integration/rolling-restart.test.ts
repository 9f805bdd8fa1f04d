import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { Agent, request } from "node:https";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import pg from "pg";
import { afterAll, describe, expect, it } from "vitest";
import { startCaddy } from "../support/caddy-proxy";
import { testDatabases } from "../support/databases";
import type { ServerProcess } from "../support/server-process";
import { SHIPPED_SHUTDOWN_TIMEOUT, type TestShop, startTestShop } from "../support/test-shop";
import { type TlsProxy, loopbackHost } from "../support/tls-proxy";

/**
 * Several instances, one shop (issue 50, point 3; docs/deploy.md, "Several instances"): two instances of the
 * production build on one PostgreSQL database behind Caddy running deploy/Caddyfile.instances. Buyers place
 * orders (15 a second) and poll their status (15 a second) through Caddy while the instances are restarted
 * one at a time as the docs say: SIGTERM (the shop finishes what it is answering), start again, wait until
 * it answers Caddy's health check and Caddy counts no failure against it, then the next. Every request is
 * answered, and every acknowledged order is stored exactly once. PostgreSQL only: SQLite serves one instance.
 */

const postgres = testDatabases().find((d) => d.name === "postgres");
const TOKEN = "rolling-restart-readiness-token-0123456789abcdef";
const ORDERS_PER_SECOND = 15;
const POLLS_PER_SECOND = 15;

function freePort(): Promise<number> {
  return new Promise((done) => {
    const s = createServer().listen(0, "127.0.0.1", () => {
      const { port } = s.address() as { port: number };
      s.close(() => done(port));
    });
  });
}

async function until(check: () => Promise<boolean>, what: string, timeoutMs = 30_000) {
  const deadline = Date.now() + timeoutMs;
  while (!(await check().catch(() => false))) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((done) => setTimeout(done, 100));
  }
}

interface Answer {
  kind: "order" | "poll";
  status: number;
  orderId: string | null;
  error?: string;
}

describe.runIf(postgres)("two instances behind Caddy (deploy/Caddyfile.instances), on PostgreSQL", () => {
  let dir: string;
  let shop: TestShop | undefined;
  let second: ServerProcess | undefined;
  let caddy: TlsProxy | undefined;

  afterAll(async () => {
    await caddy?.stop();
    // Both at once: each drains for SHUTDOWN_DRAIN_MS before it stops.
    await Promise.all([shop?.server.stop(), second?.stop()]);
    await shop?.stop();
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  it("restart one at a time while orders stream: no failed request, every order stored once", async () => {
    dir = mkdtempSync(join(tmpdir(), "rolling-"));
    const host = loopbackHost();
    const ports = [await freePort(), await freePort()];
    const unit = readFileSync(fileURLToPath(new URL("../../deploy/boostkaro@.service", import.meta.url)), "utf8");
    // The first instance is the test shop (no admin: behind the proxy its own sign-in would be sent on to
    // HTTPS), the second another instance of it on the other port.
    shop = await startTestShop({
      engine: postgres!,
      admin: false,
      simulator: true,
      env: {
        PORT: String(ports[0]),
        TRUST_PROXY: "1",
        PUBLIC_BASE_URL: `https://${host}`,
        READINESS_TOKEN: TOKEN,
        BACKUP_DIR: join(dir, "backups"),
        ...SHIPPED_SHUTDOWN_TIMEOUT,
        // As deploy/boostkaro@.service sets it.
        SHUTDOWN_DRAIN_MS: /SHUTDOWN_DRAIN_MS=(\d+)/.exec(unit)![1]!,
      },
    });
    const url = shop.target.kind === "postgres" ? shop.target.url : "";
    second = await shop.startAnother({ PORT: String(ports[1]) });
    const instance = (n: number) => (n === 0 ? shop!.server : second!);

    const site = readFileSync(fileURLToPath(new URL("../../deploy/Caddyfile.instances", import.meta.url)), "utf8")
      .replaceAll("yourshop.in", host)
      .replaceAll("your-readiness-token", TOKEN)
      .replace("to 127.0.0.1:3001 127.0.0.1:3002", `to 127.0.0.1:${ports[0]} 127.0.0.1:${ports[1]}`);
    expect(site).toContain(`127.0.0.1:${ports[1]}`);
    const adminPort = await freePort();
    caddy = await startCaddy(dir, site, host, { adminPort });

    const db = new pg.Client({ connectionString: url });
    await db.connect();
    try {
      const plan = (
        await db.query<{ id: number }>(
          "select id from plans where is_enabled = 1 and service_type = 'followers' and custom_comments = 0 order by id limit 1",
        )
      ).rows[0]!;

      /** What Caddy's health check asks, asked directly; and Caddy's own count of recent failures (admin API). */
      const answersHealthCheck = async (port: number) =>
        (
          await fetch(`http://127.0.0.1:${port}/readyz?instance`, {
            headers: { authorization: `Bearer ${TOKEN}` },
            signal: AbortSignal.timeout(2_000),
          })
        ).status === 200;
      const caddyFails = async (port: number) => {
        const upstreams = (await (await fetch(`http://127.0.0.1:${adminPort}/reverse_proxy/upstreams`)).json()) as {
          address: string;
          fails: number;
        }[];
        return upstreams.find((u) => u.address === `127.0.0.1:${port}`)?.fails ?? -1;
      };
      /**
       * The rolling restart's wait: the instance answers the health check and Caddy holds no failure against it,
       * then one more of Caddy's checks (health_interval and health_timeout) so Caddy has seen it answer.
       */
      const checkMs = [/health_interval (\d+)s/, /health_timeout (\d+)s/]
        .map((pattern) => Number(pattern.exec(site)![1]) * 1000)
        .reduce((a, b) => a + b);
      const healthy = async (port: number) => {
        await until(
          async () => (await answersHealthCheck(port)) && (await caddyFails(port)) === 0,
          `port ${port} healthy`,
        );
        await new Promise((done) => setTimeout(done, checkMs));
      };
      await healthy(ports[0]!);
      await healthy(ports[1]!);

      const agent = new Agent({ keepAlive: true, ca: readFileSync(caddy.certFile) });
      const answers: Answer[] = [];
      const acknowledged: string[] = [];
      const send = (kind: Answer["kind"], path: string, body?: string) =>
        new Promise<void>((done) => {
          const req = request(
            {
              host: caddy!.host,
              port: 443,
              path,
              method: body ? "POST" : "GET",
              agent,
              headers: body ? { "content-type": "application/json", "content-length": Buffer.byteLength(body) } : {},
            },
            (res) => {
              let text = "";
              res.on("data", (d) => (text += d));
              res.on("end", () => {
                let orderId: string | null = null;
                try {
                  const json = JSON.parse(text) as { order?: { orderId?: string }; success?: boolean };
                  // An order's answer names it; a poll's says it succeeded.
                  orderId = kind === "order" ? (json.order?.orderId ?? null) : json.success ? path : null;
                } catch {
                  // Not JSON: a failure, counted below.
                }
                answers.push({
                  kind,
                  status: res.statusCode ?? 0,
                  orderId,
                  ...(orderId ? {} : { error: text.slice(0, 200) }),
                });
                if (kind === "order" && res.statusCode === 201 && orderId) acknowledged.push(orderId);
                done();
              });
            },
          );
          req.on("error", (error) => {
            answers.push({ kind, status: 0, orderId: null, error: error.message });
            done();
          });
          req.end(body);
        });

      let streaming = true;
      const inFlight: Promise<void>[] = [];
      const stream = (async () => {
        const every = 1000 / ORDERS_PER_SECOND;
        for (let i = 0; streaming; i++) {
          inFlight.push(
            send(
              "order",
              "/api/create-order",
              JSON.stringify({
                planId: plan.id,
                username: `rolling_${i}`,
                customerName: `Rolling ${i}`,
                customerPhone: "9876543210",
                agreedToTerms: true,
              }),
            ),
          );
          // A buyer on the payment page polls the status of an order already placed.
          const polled = acknowledged[i % Math.max(1, acknowledged.length)];
          if (polled && i % Math.round(ORDERS_PER_SECOND / POLLS_PER_SECOND) === 0) {
            inFlight.push(send("poll", `/api/order-status?orderId=${polled}`));
          }
          await new Promise((r) => setTimeout(r, every));
        }
      })();

      const started = Date.now();
      await until(() => Promise.resolve(acknowledged.length >= 20), "orders flowing through Caddy");
      const restarts: number[] = [];
      for (const n of [0, 1]) {
        const at = Date.now();
        const stopped = await instance(n).stop("SIGTERM");
        expect(stopped.code, instance(n).output()).toBe(0);
        if (n === 0) await shop.restart();
        else second = await shop.startAnother({ PORT: String(ports[1]) });
        await healthy(ports[n]!);
        restarts.push(Date.now() - at);
      }
      const before = acknowledged.length;
      await until(() => Promise.resolve(acknowledged.length >= before + 20), "orders after the restarts");
      streaming = false;
      await stream;
      await Promise.all(inFlight);
      agent.destroy();
      const seconds = (Date.now() - started) / 1000;

      const failed = answers.filter((a) => a.status !== (a.kind === "order" ? 201 : 200) || !a.orderId);
      const orders = answers.filter((a) => a.kind === "order").length;
      console.log(
        `rolling restart of 2 instances behind Caddy: ${answers.length} requests (${orders} orders, ${answers.length - orders} status polls) in ${seconds.toFixed(1)} s, restarts ${restarts.map((ms) => `${(ms / 1000).toFixed(1)} s`).join(" and ")}; failed ${failed.length}: ${JSON.stringify(failed.slice(0, 5))}`,
      );
      if (failed.length > 0)
        console.log(
          caddy
            .output()
            .split("\n")
            .filter((l) => /error|unhealthy|health/i.test(l))
            .slice(0, 40)
            .join("\n"),
        );
      expect(failed).toEqual([]);
      expect(answers.length - orders).toBeGreaterThan(50);

      // Every acknowledged order is stored exactly once, and none was stored that was not acknowledged.
      const stored = await db.query<{ order_id: string; n: string }>(
        "select order_id, count(*) as n from orders where customer_name like 'Rolling %' group by order_id",
      );
      expect(stored.rows.filter((r) => Number(r.n) !== 1)).toEqual([]);
      expect(stored.rows.map((r) => r.order_id).sort()).toEqual([...acknowledged].sort());
      expect(acknowledged.length).toBe(orders);
    } finally {
      await db.end();
    }
  }, 120_000);
});
