import "~/lib/zod-jitless";
import type { z } from "zod";
import { type Endpoint, apiFailureSchema } from "~/lib/api-contract";
import { GENERIC_MESSAGE, NETWORK_MESSAGE } from "~/lib/api-messages";

/**
 * The one way browser code calls the JSON API. `apiCall` checks the body with
 * the endpoint's request schema, sends it, and parses the answer with its
 * response schema: the caller gets typed data, or a typed error (the
 * server's message and code, or what went wrong on the way). It never throws.
 */
export interface ApiError {
  /** HTTP status; 0 when no answer arrived or the body was refused before sending. */
  status: number;
  message: string;
  /** The server's AppError code, or NETWORK / BAD_RESPONSE / INVALID_INPUT (checked before sending). */
  code: string;
  /** Whatever else the refusal carried (a field name, a machine-readable reason). */
  details: Record<string, unknown>;
}

export type ApiResult<T> = { ok: true; data: T; status: number } | { ok: false; error: ApiError };

export { GENERIC_MESSAGE, NETWORK_MESSAGE };

type ParamsArg<P> = [P] extends [void] ? { params?: undefined } : { params: P };
type BodyArg<R> = R extends z.ZodType ? { body: z.input<R> } : { body?: undefined };

export type CallInput<P, R extends z.ZodType | undefined> = ParamsArg<P> &
  BodyArg<R> & {
    /** Query string parameters. */
    query?: Record<string, string> | URLSearchParams;
    signal?: AbortSignal;
  };

function addressOf<P>(
  endpoint: Endpoint<P, z.ZodType | undefined, z.ZodType>,
  input: { params?: P; query?: Record<string, string> | URLSearchParams },
) {
  const path = endpoint.path(input.params as P);
  const query = input.query ? new URLSearchParams(input.query).toString() : "";
  return query ? `${path}${path.includes("?") ? "&" : "?"}${query}` : path;
}

function failure(status: number, message: string, code: string, details: Record<string, unknown> = {}) {
  return { ok: false as const, error: { status, message, code, details } };
}

function firstIssue(error: z.ZodError): string {
  const issue = error.issues[0];
  return issue?.message ?? "Invalid request";
}

/** The refusal in an answer's body, or a generic one for its status. */
function refusal(status: number, body: unknown): { ok: false; error: ApiError } {
  const parsed = apiFailureSchema.safeParse(body);
  if (!parsed.success) return failure(status, GENERIC_MESSAGE, status === 0 ? "NETWORK" : "BAD_RESPONSE");
  const { success: _, message, code, ...details } = parsed.data;
  return failure(status, message, code ?? `HTTP_${status}`, details);
}

async function send<P, R extends z.ZodType | undefined, S extends z.ZodType>(
  endpoint: Endpoint<P, R, S>,
  input: CallInput<P, R>,
  accept: string,
): Promise<Response | { ok: false; error: ApiError }> {
  let body: string | undefined;
  if (endpoint.request) {
    const checked = endpoint.request.safeParse(input.body);
    if (!checked.success) return failure(0, firstIssue(checked.error), "INVALID_INPUT");
    body = JSON.stringify(input.body);
  }
  try {
    return await fetch(addressOf(endpoint, input as { params?: P; query?: Record<string, string> }), {
      method: endpoint.method,
      headers: body === undefined ? { Accept: accept } : { Accept: accept, "Content-Type": "application/json" },
      body,
      cache: "no-store",
      signal: input.signal,
    });
  } catch {
    return failure(0, NETWORK_MESSAGE, "NETWORK");
  }
}

export async function apiCall<P, R extends z.ZodType | undefined, S extends z.ZodType>(
  endpoint: Endpoint<P, R, S>,
  input: CallInput<P, R>,
): Promise<ApiResult<z.output<S>>> {
  const res = await send(endpoint, input, "application/json");
  if (!(res instanceof Response)) return res;
  let json: unknown;
  try {
    json = await res.json();
  } catch {
    return failure(
      res.status,
      res.ok ? GENERIC_MESSAGE : GENERIC_MESSAGE,
      res.ok ? "BAD_RESPONSE" : `HTTP_${res.status}`,
    );
  }
  if (!res.ok || (json as { success?: unknown } | null)?.success !== true) return refusal(res.status, json);
  const parsed = endpoint.response.safeParse(json);
  if (!parsed.success) return failure(res.status, GENERIC_MESSAGE, "BAD_RESPONSE");
  return { ok: true, data: parsed.data, status: res.status };
}

/**
 * For an endpoint that answers with newline-delimited JSON: each line before
 * the last is a progress line (parsed with `progress`, handed to `onProgress`),
 * the last is the answer, parsed like `apiCall`'s.
 */
export async function apiStream<P, R extends z.ZodType | undefined, S extends z.ZodType, L extends z.ZodType>(
  endpoint: Endpoint<P, R, S> & { progress: L },
  input: CallInput<P, R>,
  onProgress: (line: z.output<L>) => void,
): Promise<ApiResult<z.output<S>>> {
  const res = await send(endpoint, input, "application/x-ndjson");
  if (!(res instanceof Response)) return res;
  if (!res.ok || !res.body) return refusal(res.status, await res.json().catch(() => null));
  let last: unknown = null;
  try {
    for await (const line of ndjsonLines(res.body)) {
      const progress = endpoint.progress.safeParse(line);
      if (progress.success) onProgress(progress.data);
      else last = line;
    }
  } catch {
    return failure(0, NETWORK_MESSAGE, "NETWORK");
  }
  if ((last as { success?: unknown } | null)?.success !== true) return refusal(res.status, last);
  const parsed = endpoint.response.safeParse(last);
  if (!parsed.success) return failure(res.status, GENERIC_MESSAGE, "BAD_RESPONSE");
  return { ok: true, data: parsed.data, status: res.status };
}

async function* ndjsonLines(body: ReadableStream<Uint8Array>): AsyncGenerator<unknown> {
  const reader = body.getReader();
  const decoder = new TextDecoder();
  let buffer = "";
  for (;;) {
    const { value, done } = await reader.read();
    buffer += decoder.decode(value, { stream: !done });
    const lines = buffer.split("\n");
    buffer = done ? "" : lines.pop()!;
    for (const line of lines) {
      if (!line.trim()) continue;
      try {
        yield JSON.parse(line);
      } catch {
        // A torn or foreign line is skipped; the final answer decides.
      }
    }
    if (done) return;
  }
}
