import { EventEmitter } from "node:events";
import type { IncomingMessage, ServerResponse } from "node:http";
import { describe, expect, it } from "vitest";
import type { Logger } from "~/lib/server/logger.server";
import { createRequestLog } from "./request-log";

function recorder() {
  const lines: Array<{ level: string; obj: Record<string, unknown>; msg: string }> = [];
  const at = (level: string) => (obj: Record<string, unknown>, msg: string) => lines.push({ level, obj, msg });
  return { lines, logger: { debug: at("debug"), info: at("info"), isLevelEnabled: () => true } as unknown as Logger };
}

function answer(log: ReturnType<typeof createRequestLog>, url: string, status: number) {
  const res = Object.assign(new EventEmitter(), {
    statusCode: status,
    writableFinished: true,
  }) as unknown as ServerResponse;
  log.watch({ url, method: "GET" } as IncomingMessage, res).door = url.startsWith("/api/") ? "hot" : "app";
  res.emit("close");
}

describe("request logging", () => {
  it("writes each request at debug only, and one summary at info", () => {
    const { lines, logger } = recorder();
    const log = createRequestLog(logger, 60_000);
    answer(log, "/followers?username=rahul_k", 200);
    answer(log, "/assets/x.js", 304);
    answer(log, "/nope", 404);
    answer(log, "/api/create-order", 500);
    expect(lines.filter((l) => l.level === "info")).toEqual([]);
    expect(lines.filter((l) => l.level === "debug").map((l) => l.obj.path)).toEqual([
      "/followers",
      "/assets/x.js",
      "/nope",
      "/api/create-order",
    ]);
    // The same fields on every line, whichever door answered.
    const debug = lines.filter((l) => l.level === "debug");
    for (const line of debug) {
      expect(Object.keys(line.obj).sort()).toEqual(["complete", "door", "method", "ms", "path", "status"]);
    }
    expect(debug.map((l) => l.obj.door)).toEqual(["app", "app", "app", "hot"]);
    log.stop();
    const info = lines.filter((l) => l.level === "info");
    expect(info).toHaveLength(1);
    expect(info[0]!.msg).toBe("4 requests answered");
    expect(info[0]!.obj).toMatchObject({ requests: 4, byStatus: { "2xx": 1, "3xx": 1, "4xx": 1, "5xx": 1 } });
  });

  it("writes a line for an answer cut short, saying it was", () => {
    const { lines, logger } = recorder();
    const log = createRequestLog(logger, 60_000);
    const res = Object.assign(new EventEmitter(), {
      statusCode: 200,
      writableFinished: false,
    }) as unknown as ServerResponse;
    log.watch({ url: "/api/admin/orders/export", method: "GET" } as IncomingMessage, res);
    res.emit("close");
    expect(lines.find((l) => l.level === "debug")?.obj).toMatchObject({ status: 200, complete: false });
    log.stop();
  });

  it("says nothing when nothing came", () => {
    const { lines, logger } = recorder();
    const log = createRequestLog(logger, 60_000);
    log.flush();
    log.stop();
    expect(lines).toEqual([]);
  });
});
