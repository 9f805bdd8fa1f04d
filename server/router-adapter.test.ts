import { once } from "node:events";
import { type AddressInfo, connect } from "node:net";
import express, { type NextFunction, type Request, type Response } from "express";
import { afterEach, describe, expect, it } from "vitest";
import { sendResponse } from "./router-adapter";

/**
 * The response writer on its own (it replaces @react-router/express's, ADR 0004):
 * a real Express server on loopback, and raw sockets as clients, so a test
 * controls when the client reads, leaves or sees the end.
 */

const CHUNK = 64 * 1024;
const servers: Array<{ close: () => void }> = [];
afterEach(() => {
  for (const s of servers.splice(0)) s.close();
});

/** A body of `chunks` chunks that counts what the writer pulled and whether it was cancelled. */
function countedBody(chunks: number, failAfter?: number) {
  const seen = { pulled: 0, cancelled: false };
  const body = new ReadableStream<Uint8Array>(
    {
      pull(controller) {
        if (failAfter !== undefined && seen.pulled === failAfter) {
          controller.error(new Error("the export's query failed"));
          return;
        }
        if (seen.pulled === chunks) return controller.close();
        seen.pulled += 1;
        controller.enqueue(new Uint8Array(CHUNK).fill(97));
      },
      cancel() {
        seen.cancelled = true;
      },
    },
    { highWaterMark: 0 },
  );
  return { body, seen };
}

async function serve(body: () => ReadableStream<Uint8Array>) {
  const errors: unknown[] = [];
  const app = express();
  app.get("/", (_req: Request, res: Response, next: NextFunction) => {
    sendResponse(res, new globalThis.Response(body(), { headers: { "content-type": "text/csv" } })).catch(next);
  });
  app.use((error: unknown, _req: Request, res: Response, _next: NextFunction) => {
    errors.push(error);
    if (!res.headersSent) res.status(500).end();
  });
  const server = app.listen(0, "127.0.0.1");
  await once(server, "listening");
  servers.push(server);
  return { port: (server.address() as AddressInfo).port, errors };
}

/** A client that asks for `/` and does not read until told to. */
async function slowClient(port: number) {
  const socket = connect({ port, host: "127.0.0.1" });
  await once(socket, "connect");
  socket.pause();
  socket.write("GET / HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n");
  return socket;
}

const until = async (check: () => boolean, ms = 5_000) => {
  const end = Date.now() + ms;
  while (!check()) {
    if (Date.now() > end) throw new Error("timed out");
    await new Promise((r) => setTimeout(r, 10));
  }
};

describe("the response writer", () => {
  it("reads the body only as fast as the client takes it (a big export never piles up in memory)", async () => {
    const chunks = 400; // 25 MB
    const { body, seen } = countedBody(chunks);
    const { port } = await serve(() => body);
    const socket = await slowClient(port);
    await until(() => seen.pulled > 0);
    // The client reads nothing: the writer stops at what the socket buffers hold, far below the whole body.
    await new Promise((r) => setTimeout(r, 200));
    const stalledAt = seen.pulled;
    expect(stalledAt).toBeLessThan(chunks / 4);
    await new Promise((r) => setTimeout(r, 200));
    expect(seen.pulled).toBe(stalledAt);
    // Once the client reads, it goes on to the end, every byte there.
    let received = 0;
    socket.on("data", (d: Buffer) => (received += d.length));
    socket.resume();
    await once(socket, "end");
    expect(seen.pulled).toBe(chunks);
    expect(received).toBeGreaterThan(chunks * CHUNK);
  });

  it("stops reading and cancels the body when the client leaves halfway", async () => {
    const { body, seen } = countedBody(400);
    const { port, errors } = await serve(() => body);
    const socket = await slowClient(port);
    await until(() => seen.pulled > 0);
    socket.destroy();
    await until(() => seen.cancelled);
    const pulled = seen.pulled;
    await new Promise((r) => setTimeout(r, 100));
    expect(seen.pulled).toBe(pulled);
    expect(pulled).toBeLessThan(400);
    // The client left: nothing to report.
    expect(errors).toEqual([]);
  });

  it("cuts the connection when the body fails after the headers went out, so the client sees it incomplete", async () => {
    const { body } = countedBody(400, 3);
    const { port, errors } = await serve(() => body);
    const socket = await slowClient(port);
    let text = "";
    socket.on("data", (d: Buffer) => (text += d.toString("latin1")));
    socket.resume();
    await Promise.race([once(socket, "close"), once(socket, "end")]);
    expect(text).toMatch(/^HTTP\/1\.1 200 /);
    // Chunked encoding ends with a zero-length chunk: a cut answer never has it.
    expect(text.endsWith("0\r\n\r\n")).toBe(false);
    expect(errors.map((e) => (e as Error).message)).toEqual(["the export's query failed"]);
  });

  it("answers a body that fails before anything was sent with the error handler's 500", async () => {
    const { body } = countedBody(400, 0);
    const { port, errors } = await serve(() => body);
    // Nothing was written yet, so the headers are still unsent: the error handler answers instead.
    const response = await fetch(`http://127.0.0.1:${port}/`);
    expect(response.status).toBe(500);
    expect(errors.map((e) => (e as Error).message)).toEqual(["the export's query failed"]);
  });
});
