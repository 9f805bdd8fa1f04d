import { type IncomingMessage, type Server, type ServerResponse, createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { SimulatedPanel, type SimulatorOptions } from "./panel";

/**
 * A loopback HTTP server speaking the panel "API v2" (`POST /api/v2`,
 * form-encoded), for the demo and the tests. It never listens beyond 127.0.0.1.
 */

export interface RunningSimulator {
  panel: SimulatedPanel;
  /** Where it listens, e.g. http://127.0.0.1:3001 (its clock control is under /simulator). */
  url: string;
  /** Its API URL, as a panel's API page shows it: the panel URL setting (http://127.0.0.1:3001/api/v2). */
  apiUrl: string;
  port: number;
  close(): Promise<void>;
}

const MAX_BODY_BYTES = 1024 * 1024;

const DOWN_PAGE =
  "<!DOCTYPE html><html><head><title>503 Service Temporarily Unavailable</title></head>" +
  "<body><center><h1>503 Service Temporarily Unavailable</h1></center><hr><center>nginx</center></body></html>";

export async function startPanelSimulator(
  options: SimulatorOptions & { port?: number } = {},
): Promise<RunningSimulator> {
  const panel = new SimulatedPanel(options);
  const timers = new Set<NodeJS.Timeout>();

  const server: Server = createServer((req, res) => {
    handle(panel, timers, req, res).catch(() => {
      if (!res.headersSent) res.writeHead(500).end();
      else res.destroy();
    });
  });
  server.keepAliveTimeout = 5_000;
  server.headersTimeout = 10_000;
  server.requestTimeout = 30_000;

  await new Promise<void>((ok, fail) => {
    server.once("error", fail);
    server.listen(options.port ?? 0, "127.0.0.1", () => {
      server.off("error", fail);
      ok();
    });
  });
  const { port } = server.address() as AddressInfo;

  return {
    panel,
    url: `http://127.0.0.1:${port}`,
    apiUrl: `http://127.0.0.1:${port}/api/v2`,
    port,
    close: () =>
      new Promise<void>((done) => {
        for (const t of timers) clearTimeout(t);
        timers.clear();
        server.close(() => done());
        server.closeAllConnections();
      }),
  };
}

async function readBody(req: IncomingMessage): Promise<string | null> {
  let size = 0;
  const chunks: Buffer[] = [];
  for await (const chunk of req) {
    size += (chunk as Buffer).length;
    if (size > MAX_BODY_BYTES) return null;
    chunks.push(chunk as Buffer);
  }
  return Buffer.concat(chunks).toString("utf8");
}

/**
 * The simulator's own control, beside the panel API: moves its clock forward
 * (form field `ms`), so an end-to-end test or a demo sees orders progress
 * without waiting. Loopback only, like the simulator itself.
 */
async function advance(panel: SimulatedPanel, req: IncomingMessage, res: ServerResponse) {
  const body = req.method === "POST" ? await readBody(req) : null;
  const ms = body === null ? "" : (new URLSearchParams(body).get("ms") ?? "");
  if (!/^\d{1,10}$/.test(ms)) {
    res.writeHead(400, { "content-type": "application/json" }).end(JSON.stringify({ error: "POST ms=<milliseconds>" }));
    return;
  }
  panel.advanceTime(Number(ms));
  res.writeHead(200, { "content-type": "application/json" }).end(JSON.stringify({ now: panel.now() }));
}

async function handle(panel: SimulatedPanel, timers: Set<NodeJS.Timeout>, req: IncomingMessage, res: ServerResponse) {
  const path = (req.url ?? "/").split("?")[0]!.replace(/\/+$/, "");
  if (path === "/simulator/advance") return advance(panel, req, res);
  if (path !== "/api/v2") {
    res.writeHead(404, { "content-type": "text/html" }).end("<h1>Not Found</h1>");
    return;
  }
  if (req.method !== "POST") {
    res.writeHead(200, { "content-type": "application/json" }).end(JSON.stringify({ error: "Incorrect request" }));
    return;
  }
  const body = await readBody(req);
  if (body === null) {
    res.writeHead(413).end();
    req.destroy();
    return;
  }

  const { switches } = panel;
  let send: () => void;
  if (switches.down) {
    panel.record("(down)", {});
    send = () => res.writeHead(503, { "content-type": "text/html" }).end(DOWN_PAGE);
  } else {
    const reply = panel.handle(Object.fromEntries(new URLSearchParams(body)));
    const text = JSON.stringify("error" in reply ? { error: reply.error } : reply.json);
    send = () => {
      if (switches.hangUp) {
        res.socket?.destroy();
        return;
      }
      res
        .writeHead(200, { "content-type": "application/json; charset=utf-8" })
        .end(switches.malformed ? text.slice(0, Math.max(1, Math.floor(text.length / 2))) : text);
    };
  }

  if (switches.latencyMs <= 0) return send();
  const timer = setTimeout(() => {
    timers.delete(timer);
    if (!res.destroyed) send();
  }, switches.latencyMs);
  timers.add(timer);
}
