/**
 * Errors the domain raises on purpose, as codes. The domain never speaks HTTP:
 * the edge (app/lib/server/api.server.ts for the JSON API, page actions through the
 * same helper) maps each code to a status, and shows the message as written,
 * so messages are meant for the person who made the request.
 */
export const APP_ERROR_CODES = [
  /** The thing asked about does not exist (or is not theirs to see). */
  "NOT_FOUND",
  /** Who is asking could not be recognised: wrong credentials, no session. */
  "UNAUTHORIZED",
  /** Recognised, but never allowed this (the admin password is never sent back). */
  "FORBIDDEN",
  /** The request itself is wrong: a field missing, malformed or out of range. */
  "INVALID_INPUT",
  /** The order (or other record) is not in a state that allows this; nothing was changed. */
  "INVALID_TRANSITION",
  /** A uniqueness or concurrency conflict (a UTR already used, a record changed meanwhile). */
  "CONFLICT",
  /** Too many attempts; try later. `details.retryAfter` says in how many seconds, when known. */
  "RATE_LIMITED",
  /** The request body is larger than the route takes. */
  "BODY_TOO_LARGE",
  /** The request body is not in the form the route reads (JSON where a form was expected, or the reverse). */
  "UNSUPPORTED_BODY",
  /** Something the operator must set up first (panel URL and key, service ids, UPI id). */
  "NOT_CONFIGURED",
  /** An external service (SMM panel, gateway) answered with a refusal or an error. */
  "UPSTREAM_FAILED",
  /** An external service did not answer usably: the outcome is not known. */
  "UPSTREAM_UNKNOWN",
  /** The shop cannot do this right now (payments not set up for buyers, a job busy). */
  "UNAVAILABLE",
] as const;
export type AppErrorCode = (typeof APP_ERROR_CODES)[number];

export class AppError extends Error {
  override readonly name = "AppError";
  constructor(
    readonly code: AppErrorCode,
    message: string,
    /** Safe to send to the client with the message (a field name, a machine-readable reason). */
    readonly details: Record<string, string | number | boolean | null> = {},
  ) {
    super(message);
  }
}

export function isAppError(error: unknown): error is AppError {
  return error instanceof AppError;
}

/**
 * The one refusal of every rate limit (ADR 0051): RATE_LIMITED, words for the
 * person who asked, and the seconds to wait, which the edge sends as
 * Retry-After with a 429 (app/lib/server/api.server.ts), for an API and a page alike.
 * `details` may name a `reason` (the words a page shows) or a `field`.
 */
export function rateLimited(message: string, retryAfterSeconds: number, details?: Record<string, string>): AppError {
  return new AppError("RATE_LIMITED", message, { ...details, retryAfter: Math.max(1, Math.ceil(retryAfterSeconds)) });
}

/** How many seconds a RATE_LIMITED refusal asks the client to wait, if it said. */
export function retryAfterOf(error: AppError): number | null {
  const value = error.details.retryAfter;
  return error.code === "RATE_LIMITED" && typeof value === "number" && value > 0 ? Math.ceil(value) : null;
}
