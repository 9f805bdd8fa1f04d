import type { Server } from "node:http";
import type { Duplex } from "node:stream";
import { securityHeadersFor } from "./security";

/** The data answer's security headers, as raw header lines (no request was parsed: it cannot be said to be HTTPS). */
const SECURITY_LINES = securityHeadersFor({ kind: "data", secure: false })
  .map(([name, value]) => `${name}: ${value}\r\n`)
  .join("");

/**
 * Requests Node's HTTP parser refuses before any route sees them (an address
 * or headers over its 16 KB limit, malformed HTTP, a request that took too
 * long) get the same JSON error shape as the API, with a message saying what
 * was wrong, instead of Node's empty default answer.
 */
export function answerClientErrors(server: Server): void {
  server.on("clientError", (error: NodeJS.ErrnoException, socket: Duplex) => {
    if (error.code === "ECONNRESET" || !socket.writable) {
      socket.destroy();
      return;
    }
    const [status, message] =
      error.code === "HPE_HEADER_OVERFLOW"
        ? ["431 Request Header Fields Too Large", "The request address or headers are too large"]
        : error.code === "ERR_HTTP_REQUEST_TIMEOUT"
          ? ["408 Request Timeout", "The request took too long to arrive"]
          : ["400 Bad Request", "Bad request"];
    const body = JSON.stringify({ success: false, message });
    socket.end(
      `HTTP/1.1 ${status}\r\nContent-Type: application/json; charset=utf-8\r\nContent-Length: ${Buffer.byteLength(body)}\r\n${SECURITY_LINES}Connection: close\r\n\r\n${body}`,
    );
  });
}
