import { data } from "react-router";
import type { z } from "zod";
import { type AppError, type AppErrorCode, isAppError, retryAfterOf } from "~/lib/app-error";

/** The API's failure shape: `{ success: false, message }` with a 4xx/5xx status. */
export function apiError(status: number, message: string, extra: Record<string, unknown> = {}): Response {
  return Response.json({ success: false, message, ...extra }, { status });
}

export function apiOk(body: Record<string, unknown> = {}, init?: ResponseInit): Response {
  return Response.json({ success: true, ...body }, init);
}

/**
 * An endpoint's success answer, type-checked against the response schema in
 * its `*.types.ts` (the browser parses it with the same schema).
 */
export function apiReply<S extends z.ZodType<{ success: true }>>(
  _schema: S,
  body: Omit<z.input<S>, "success">,
  init?: ResponseInit,
): Response {
  return apiOk(body, init);
}

/** The one place where the domain's error codes become HTTP statuses. */
const HTTP_STATUS: Record<AppErrorCode, number> = {
  NOT_FOUND: 404,
  UNAUTHORIZED: 401,
  FORBIDDEN: 403,
  INVALID_INPUT: 400,
  INVALID_TRANSITION: 409,
  CONFLICT: 409,
  RATE_LIMITED: 429,
  BODY_TOO_LARGE: 413,
  UNSUPPORTED_BODY: 415,
  NOT_CONFIGURED: 409,
  UPSTREAM_FAILED: 502,
  UPSTREAM_UNKNOWN: 504,
  UNAVAILABLE: 503,
};

export function httpStatusOf(code: AppErrorCode): number {
  return HTTP_STATUS[code];
}

/** A refused attempt tells the client when to come back. */
function retryHeaders(error: AppError): Record<string, string> | undefined {
  const seconds = retryAfterOf(error);
  return seconds === null ? undefined : { "Retry-After": String(seconds) };
}

/**
 * An API answer as plain data, for the endpoints the server answers ahead of
 * React Router (server/hot-routes.ts), which write it themselves.
 */
export interface JsonReply {
  status: number;
  body: Record<string, unknown>;
  headers?: Record<string, string>;
}

/** An AppError as the API's JSON failure: `{ success: false, message, code, ...details }`. */
export function failureReply(error: AppError): JsonReply {
  const headers = retryHeaders(error);
  return {
    status: httpStatusOf(error.code),
    body: { success: false, message: error.message, code: error.code, ...error.details },
    ...(headers ? { headers } : {}),
  };
}

/** `failureReply` as a Response, for the routes React Router answers. */
export function apiFailure(error: AppError): Response {
  const { status, body, headers } = failureReply(error);
  return Response.json(body, { status, headers });
}

/**
 * Runs a JSON endpoint; an AppError becomes its answer, a thrown Response
 * (a body refused by app/lib/server/parse.server.ts) is passed on, anything else
 * stays an error (a 500, logged).
 */
export async function apiHandle(work: () => Promise<Response>): Promise<Response> {
  try {
    return await work();
  } catch (error) {
    if (isAppError(error)) return apiFailure(error);
    throw error;
  }
}

/**
 * For page actions: an AppError as the action's data
 * (`{ ok: false, message, code, field }`) with its status, and Retry-After
 * when it was a rate limit (the route's `headers` export passes it on).
 */
export function pageFailure(error: AppError) {
  const reason = typeof error.details.reason === "string" ? { reason: error.details.reason } : {};
  return data(
    { ok: false as const, message: error.message, code: error.code, field: fieldOf(error), ...reason },
    refusalInit(error),
  );
}

/**
 * A refusal a page shows within its own view (/track's lookup, /receipt,
 * /stop-updates): the answer's status and, for a rate limit, its Retry-After,
 * beside the page's own `headers`. The route's `headers` export passes
 * Retry-After on (app/lib/server/retry-after.ts).
 */
export function refusalInit(error: AppError, headers: Record<string, string> = {}) {
  return { status: httpStatusOf(error.code), headers: { ...headers, ...retryHeaders(error) } };
}

const TEXT_NO_STORE = { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-store" };

/** An AppError as a plain-text answer (a download's refusal): its words, status and Retry-After, never kept. */
export function textFailure(error: AppError): Response {
  return new Response(error.message, refusalInit(error, TEXT_NO_STORE));
}
function fieldOf(error: AppError): string | null {
  return typeof error.details.field === "string" ? error.details.field : null;
}

/** Runs a page action; an AppError the domain throws becomes `pageFailure`. */
export async function pageAction<T>(work: () => Promise<T>): Promise<T | ReturnType<typeof pageFailure>> {
  try {
    return await work();
  } catch (error) {
    if (isAppError(error)) return pageFailure(error);
    throw error;
  }
}

/**
 * Marks an answer about one buyer's order as never to be kept by a browser or a
 * proxy: it holds their name, phone, payment reference or order state, and a
 * shared phone or a caching proxy must not hand it to the next person.
 */
export function noStore(response: Response): Response {
  response.headers.set("Cache-Control", "no-store");
  return response;
}

/**
 * A buyer's JSON API answer that no browser or proxy may keep: `work`'s reply, its AppError as JSON
 * (`apiHandle`), or the ready answer a body check threw (`parseJson`, `readNoBody`), each no-store.
 */
export async function privateReply(work: () => Promise<Response>): Promise<Response> {
  try {
    return noStore(await apiHandle(work));
  } catch (refused) {
    if (refused instanceof Response) return noStore(refused);
    throw refused;
  }
}
