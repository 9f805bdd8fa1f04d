import { createReadableStreamFromReadable } from "@react-router/node";
import type { NextFunction, Request, Response } from "express";
import { type RouterContextProvider, type ServerBuild, createRequestHandler as createFetchHandler } from "react-router";

/**
 * React Router behind Express, as `@react-router/express` does it, except for
 * how a response body is written. Its writer (7.18.4) races every chunk read
 * against one promise that only settles on error, and each race leaves a
 * reaction on that promise holding the chunk: a download keeps every byte it
 * sent in memory until it ends (+150 MB for a million-order CSV export).
 */
export function createRequestHandler(options: {
  build: ServerBuild;
  mode?: string;
  getLoadContext: (req: Request, res: Response) => RouterContextProvider;
}) {
  const handle = createFetchHandler(options.build, options.mode);
  return async (req: Request, res: Response, next: NextFunction) => {
    try {
      const response = await handle(toFetchRequest(req, res), options.getLoadContext(req, res));
      await sendResponse(res, response);
    } catch (error) {
      next(error);
    }
  };
}

function toFetchRequest(req: Request, res: Response): globalThis.Request {
  // Host and port as the adapter resolves them (X-Forwarded-Host only when proxies are trusted).
  const [, forwardedPort] = req.app.enabled("trust proxy") ? (req.get("X-Forwarded-Host")?.split(":") ?? []) : [];
  const [, hostPort] = req.get("host")?.split(":") ?? [];
  const port = [forwardedPort, hostPort].map((p) => Number.parseInt(p ?? "", 10)).find(Number.isSafeInteger);
  const hostname = req.hostname.split(/[\\/?#@]/)[0] || "localhost";
  const url = new URL(`${req.protocol}://${hostname}${port ? `:${port}` : ""}${req.originalUrl}`);

  const headers = new Headers();
  for (const [key, value] of Object.entries(req.headers)) {
    if (Array.isArray(value)) for (const v of value) headers.append(key, v);
    else if (value) headers.set(key, value);
  }
  // Loaders stop their work when the client goes away before the answer is complete.
  const controller = new AbortController();
  res.on("close", () => {
    if (!res.writableFinished) controller.abort();
  });
  const init: RequestInit & { duplex?: "half" } = { method: req.method, headers, signal: controller.signal };
  if (req.method !== "GET" && req.method !== "HEAD") {
    init.body = createReadableStreamFromReadable(req);
    init.duplex = "half";
  }
  return new globalThis.Request(url, init);
}

/** Writes a fetch Response to Express's response (exported for its tests: server/router-adapter.test.ts). */
export async function sendResponse(res: Response, response: globalThis.Response): Promise<void> {
  if (res.destroyed || res.writableEnded) {
    await response.body?.cancel();
    return;
  }
  res.statusMessage = response.statusText;
  res.status(response.status);
  for (const [key, value] of response.headers) res.append(key, value);
  if (!response.body) {
    res.end();
    return;
  }
  await writeBody(response.body, res);
}

/** Writes chunk by chunk, waiting for the socket when it is full; stops reading if the client leaves. */
async function writeBody(body: ReadableStream<Uint8Array>, res: Response): Promise<void> {
  const reader = body.getReader();
  const onClose = () => void reader.cancel().catch(() => {});
  res.once("close", onClose);
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done || res.destroyed) break;
      const roomLeft = res.write(value);
      // compression() buffers; streamed pages and downloads should reach the client as they are produced.
      (res as Response & { flush?: () => void }).flush?.();
      if (!roomLeft) await drained(res);
    }
    res.end();
  } catch (error) {
    // Part of the answer is out: cut the connection so the client sees it is incomplete.
    if (res.headersSent) res.destroy();
    throw error;
  } finally {
    res.off("close", onClose);
  }
}

function drained(res: Response): Promise<void> {
  return new Promise((resolve) => {
    const done = () => {
      res.off("drain", done);
      res.off("close", done);
      resolve();
    };
    res.once("drain", done);
    res.once("close", done);
  });
}
