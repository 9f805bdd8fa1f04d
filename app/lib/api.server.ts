import { data } from "react-router";
import { z } from "zod";
import { type AppError, type AppErrorCode, isAppError } from "./app-error";

/** The spec's failure shape: `{ success: false, message }` with a 4xx/5xx status. */
export function apiError(status: number, message: string, extra: Record<string, unknown> = {}): Response {
  return Response.json({ success: false, message, ...extra }, { status });
}

export function apiOk(body: Record<string, unknown> = {}, init?: ResponseInit): Response {
  return Response.json({ success: true, ...body }, init);
}

/** The one place where the domain's error codes become HTTP statuses. */
const HTTP_STATUS: Record<AppErrorCode, number> = {
  NOT_FOUND: 404,
  INVALID_INPUT: 400,
  INVALID_TRANSITION: 409,
  CONFLICT: 409,
  RATE_LIMITED: 429,
  NOT_CONFIGURED: 409,
  UPSTREAM_FAILED: 502,
  UPSTREAM_UNKNOWN: 504,
  UNAVAILABLE: 503,
};

export function httpStatusOf(code: AppErrorCode): number {
  return HTTP_STATUS[code];
}

/** An AppError as the API's JSON failure: `{ success: false, message, code, ...details }`. */
export function apiFailure(error: AppError): Response {
  return apiError(httpStatusOf(error.code), error.message, { code: error.code, ...error.details });
}

/** Runs a JSON endpoint; an AppError becomes its answer, anything else stays an error (a 500, logged). */
export async function apiHandle(work: () => Promise<Response>): Promise<Response> {
  try {
    return await work();
  } catch (error) {
    if (isAppError(error)) return apiFailure(error);
    throw error;
  }
}

/** For page actions: an AppError as the action's data (`{ ok: false, message }`) with its status. */
export function pageFailure(error: AppError) {
  return data(
    { ok: false as const, message: error.message, code: error.code, field: error.details.field ?? null },
    { status: httpStatusOf(error.code) },
  );
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

export const MAX_JSON_BYTES = 16 * 1024;

/**
 * Reads a JSON body and validates it. Returns the data, or a ready 4xx Response:
 * 413 when too large, 415 when not JSON, 400 with the first problem otherwise.
 * Never throws for bad input, so bad input can never become a 500.
 */
export async function readJsonBody<S extends z.ZodType>(
  request: Request,
  schema: S,
  maxBytes = MAX_JSON_BYTES,
): Promise<{ data: z.infer<S> } | { error: Response }> {
  const declared = Number(request.headers.get("content-length") ?? 0);
  if (declared > maxBytes) return { error: apiError(413, "Request body is too large") };
  const type = request.headers.get("content-type") ?? "";
  if (!/^application\/json\b/i.test(type)) {
    return { error: apiError(415, "Send the request body as application/json") };
  }
  let text: string;
  try {
    text = await request.text();
  } catch {
    return { error: apiError(400, "Could not read the request body") };
  }
  if (Buffer.byteLength(text) > maxBytes) return { error: apiError(413, "Request body is too large") };
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    return { error: apiError(400, "The request body is not valid JSON") };
  }
  if (hasForbiddenText(json)) return { error: apiError(400, UNSAFE_TEXT) };
  const parsed = schema.safeParse(json);
  if (!parsed.success) return { error: apiError(400, firstProblem(parsed.error)) };
  return { data: parsed.data };
}

export const UNSAFE_TEXT = "The request contains characters that are not allowed";

/** NUL (PostgreSQL cannot store it) or a lone UTF-16 surrogate (not text at all): never typed by a person. */
const FORBIDDEN = /\u0000|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/** Whether any string (or key) in a parsed JSON value holds forbidden characters; iterative, so deep nesting cannot overflow the stack. */
export function hasForbiddenText(root: unknown): boolean {
  const pending: unknown[] = [root];
  while (pending.length > 0) {
    const value = pending.pop();
    if (typeof value === "string") {
      if (FORBIDDEN.test(value)) return true;
    } else if (Array.isArray(value)) {
      pending.push(...value);
    } else if (value && typeof value === "object") {
      for (const [k, v] of Object.entries(value)) {
        if (FORBIDDEN.test(k)) return true;
        pending.push(v);
      }
    }
  }
  return false;
}

/** A short, human message for the first validation problem. */
export function firstProblem(error: z.ZodError): string {
  const issue = error.issues[0];
  if (!issue) return "Invalid request";
  const field = issue.path.join(".");
  return field ? `${field}: ${issue.message}` : issue.message;
}
