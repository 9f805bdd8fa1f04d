import type { IncomingMessage, ServerResponse } from "node:http";
import type { JsonBody } from "~/lib/server/parse.server";
import type { JsonReply } from "~/lib/server/api.server";
import { securityHeadersFor } from "../security";

/** The answer to a request that failed for no fault of the client's (logged where it failed). */
export const SERVER_FAILED: JsonReply = {
  status: 500,
  body: { success: false, message: "An error occurred. Please try again." },
};

/** The headers every answer carries, as the flat name, value list Node takes fastest; made once. */
function fixedHeaders(secure: boolean): string[] {
  return [
    ["Content-Type", "application/json; charset=utf-8"],
    ["Cache-Control", "no-store"],
    ...securityHeadersFor({ kind: "data", secure }),
  ].flat();
}
const OVER_HTTPS = fixedHeaders(true);
const OVER_HTTP = fixedHeaders(false);

/**
 * Writes an API reply as the API answers: JSON, never kept by a browser or a
 * proxy (every hot route answers about one buyer's order), and the security
 * headers of a JSON answer.
 */
export function sendJson(res: ServerResponse, reply: JsonReply, { secure }: { secure: boolean }): void {
  if (res.destroyed) return;
  const json = JSON.stringify(reply.body);
  const headers = [...(secure ? OVER_HTTPS : OVER_HTTP), "Content-Length", String(Buffer.byteLength(json))];
  for (const [name, value] of Object.entries(reply.headers ?? {})) headers.push(name, value);
  res.writeHead(reply.status, headers);
  res.end(json);
}

const UTF8 = new TextDecoder();

/**
 * A Node request's JSON body for the body checks (app/lib/server/parse.server.ts).
 * Its size is bounded before it is read: the body gate refused a declared
 * length over the route's limit and any body without one (server/body-limit.ts).
 */
export function jsonBodyOf(req: IncomingMessage): JsonBody {
  return {
    contentLength: req.headers["content-length"],
    contentType: req.headers["content-type"],
    text: () =>
      new Promise((resolve, reject) => {
        const chunks: Buffer[] = [];
        req.on("data", (chunk: Buffer) => chunks.push(chunk));
        // Decoded as a fetch Request's text() decodes: UTF-8, a leading BOM dropped, bad bytes replaced.
        req.once("end", () => resolve(UTF8.decode(Buffer.concat(chunks))));
        req.once("error", reject);
        req.once("close", () => {
          if (!req.complete) reject(new Error("the client went away before sending the whole body"));
        });
      }),
  };
}
