import { type Submission, parseWithZod } from "@conform-to/zod/v4";
import { data } from "react-router";
import { z } from "zod";
import { apiFailure, pageFailure } from "./api.server";
import { AppError, isAppError } from "~/lib/app-error";

/**
 * The one way a request body enters the app. Page actions read forms with
 * `parseForm` (conform's `parseWithZod`, the same call the browser makes on
 * the same schema); JSON endpoints read bodies with `parseJson`. Both refuse,
 * before any schema sees the input, a body that is too large (413), not of the
 * kind the route reads (415), unreadable (400), or holding NUL or a lone UTF-16
 * surrogate (400: PostgreSQL cannot store the first, the second is not text).
 *
 * Every check fails one way: it throws an AppError (INVALID_INPUT naming the
 * `field` when a schema's problem has one, BODY_TOO_LARGE, UNSUPPORTED_BODY),
 * which the edge maps like any other (app/lib/server/api.server.ts). The
 * entry points React Router calls (`parseJson`, `readFormData`) hand it over
 * as React Router ends an action early, a thrown Response, so no route can
 * turn bad input into a 500 by forgetting a check.
 */

/** The JSON API's body limit; the server refuses anything over 64 KB before a route runs. */
export const MAX_JSON_BYTES = 16 * 1024;
/** The biggest page form (the store settings card) is a few KB. */
export const MAX_FORM_BYTES = 64 * 1024;

export const UNSAFE_TEXT = "The request contains characters that are not allowed";
export const BODY_TOO_LARGE = "Request body is too large";
export const NOT_JSON = "Send the request body as application/json";
export const NOT_A_FORM = "Send the form as application/x-www-form-urlencoded or multipart/form-data";

const FORM_TYPES = /^(application\/x-www-form-urlencoded|multipart\/form-data)\b/i;
const JSON_TYPE = /^application\/json\b/i;

/** NUL (PostgreSQL cannot store it) or a lone UTF-16 surrogate (not text at all): never typed by a person. */
// eslint-disable-next-line no-control-regex -- NUL is exactly what this refuses.
const FORBIDDEN = /\u0000|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

export function hasForbiddenChars(text: string): boolean {
  return FORBIDDEN.test(text);
}

/**
 * The longest array a JSON body (or an answer the shop reads as JSON) may hold:
 * no request schema takes more than a few dozen items, and a Razorpay page at
 * most 100. A 200,000-element array once reached the checker below, whose
 * spread into `push` overflowed the stack: a 500 for the buyer's own mistake.
 */
export const MAX_JSON_ARRAY = 1_000;
export const JSON_ARRAY_TOO_LONG = `The request holds a list of more than ${MAX_JSON_ARRAY} items`;

/**
 * Refuses a parsed JSON value unacceptable before any schema sees it: a
 * string (or key) holding forbidden characters, or an array longer than
 * MAX_JSON_ARRAY. Iterative, one value at a time (no recursion, no spread), so
 * neither deep nesting nor a huge array can overflow the stack.
 */
export function checkJsonValue(root: unknown): void {
  const pending: unknown[] = [root];
  while (pending.length > 0) {
    const value = pending.pop();
    if (typeof value === "string") {
      if (FORBIDDEN.test(value)) throw new AppError("INVALID_INPUT", UNSAFE_TEXT);
    } else if (Array.isArray(value)) {
      if (value.length > MAX_JSON_ARRAY) throw new AppError("BODY_TOO_LARGE", JSON_ARRAY_TOO_LONG);
      for (const item of value as unknown[]) pending.push(item);
    } else if (value && typeof value === "object") {
      for (const key in value) {
        if (!Object.hasOwn(value, key)) continue;
        if (FORBIDDEN.test(key)) throw new AppError("INVALID_INPUT", UNSAFE_TEXT);
        pending.push((value as Record<string, unknown>)[key]);
      }
    }
  }
}

/** A short, human message for the first validation problem. */
export function firstProblem(error: z.ZodError): string {
  const issue = error.issues[0];
  if (!issue) return "Invalid request";
  const field = issue.path.join(".");
  return field ? `${field}: ${issue.message}` : issue.message;
}

/** A schema's refusal: INVALID_INPUT with the first problem's words and, when it has one, its `field`. */
export function schemaRefusal(error: z.ZodError): AppError {
  const field = error.issues[0]?.path.join(".");
  return new AppError("INVALID_INPUT", firstProblem(error), field ? { field } : {});
}

/** Hands a check's AppError to React Router as the JSON API's failure: a thrown Response. */
function asApiFailure(error: unknown): never {
  throw isAppError(error) ? apiFailure(error) : error;
}

function declaredTooLarge(request: Request, maxBytes: number): boolean {
  return lengthOver(request.headers.get("content-length"), maxBytes);
}

function lengthOver(contentLength: string | null | undefined, maxBytes: number): boolean {
  return !(Number(contentLength ?? 0) <= maxBytes);
}

// ---------------------------------------------------------------- JSON

/**
 * Reads the JSON body of an API request and validates it with the endpoint's
 * request schema (from its `*.types.ts`). Bad input is thrown as the API's
 * `{ success: false, message, code }` Response: 413, 415, or 400 naming the
 * first problem (and its `field`).
 */
export async function parseJson<S extends z.ZodType>(
  request: Request,
  schema: S,
  { maxBytes = MAX_JSON_BYTES }: { maxBytes?: number } = {},
): Promise<z.output<S>> {
  return readJson(request, schema, maxBytes).catch(asApiFailure);
}

/**
 * As `parseJson`, for an endpoint whose body may be left out: no body at all
 * (Content-Length 0 or absent) is validated as `{}`.
 */
export async function parseOptionalJson<S extends z.ZodType>(
  request: Request,
  schema: S,
  options: { maxBytes?: number } = {},
): Promise<z.output<S>> {
  if (Number(request.headers.get("content-length") ?? 0) === 0 && !request.headers.has("transfer-encoding")) {
    const parsed = schema.safeParse({});
    if (!parsed.success) asApiFailure(schemaRefusal(parsed.error));
    return parsed.data;
  }
  return parseJson(request, schema, options);
}

/**
 * For an endpoint that takes no input (a deletion, a toggle): a body it is
 * sent anyway gets the same checks as any other, so hostile bytes are refused
 * here too rather than ignored; an acceptable body is then ignored.
 */
export async function readNoBody(request: Request): Promise<void> {
  await parseOptionalJson(request, z.unknown());
}

/** The JSON checks without the Response: throws an AppError for anything refused. */
export async function readJson<S extends z.ZodType>(
  request: Request,
  schema: S,
  maxBytes = MAX_JSON_BYTES,
): Promise<z.output<S>> {
  const body = {
    contentLength: request.headers.get("content-length"),
    contentType: request.headers.get("content-type"),
    text: () => request.text(),
  };
  return readJsonBody(body, schema, maxBytes);
}

/**
 * A JSON request body as the checks need it: a fetch Request's (`readJson`), or
 * the Node request of an endpoint the server answers ahead of React Router.
 */
export interface JsonBody {
  contentLength: string | null | undefined;
  contentType: string | null | undefined;
  /** The body decoded as UTF-8 as `Request.text()` decodes it (a leading BOM dropped); rejects if it cannot be read. */
  text(): Promise<string>;
}

/** `readJson` on any request's body. */
export async function readJsonBody<S extends z.ZodType>(
  body: JsonBody,
  schema: S,
  maxBytes = MAX_JSON_BYTES,
): Promise<z.output<S>> {
  if (lengthOver(body.contentLength, maxBytes)) throw new AppError("BODY_TOO_LARGE", BODY_TOO_LARGE);
  if (!JSON_TYPE.test(body.contentType ?? "")) throw new AppError("UNSUPPORTED_BODY", NOT_JSON);
  let text: string;
  try {
    text = await body.text();
  } catch {
    throw new AppError("INVALID_INPUT", "Could not read the request body");
  }
  if (Buffer.byteLength(text) > maxBytes) throw new AppError("BODY_TOO_LARGE", BODY_TOO_LARGE);
  return parseJsonText(text, schema);
}

/**
 * A webhook's body as the bytes it was signed over, before anything in it is
 * believed; `parseJsonText` reads it once the signature verified.
 */
export async function readRawBody(request: Request, maxBytes: number): Promise<Buffer> {
  if (declaredTooLarge(request, maxBytes)) throw new AppError("BODY_TOO_LARGE", BODY_TOO_LARGE);
  let body: Buffer;
  try {
    body = Buffer.from(await request.arrayBuffer());
  } catch {
    throw new AppError("INVALID_INPUT", "Could not read the request body");
  }
  if (body.length > maxBytes) throw new AppError("BODY_TOO_LARGE", BODY_TOO_LARGE);
  return body;
}

/**
 * The JSON checks on a body already read: for a webhook whose signature is
 * verified over the raw bytes before anything in them is believed.
 */
export function parseJsonText<S extends z.ZodType>(text: string, schema: S): z.output<S> {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    throw new AppError("INVALID_INPUT", "The request body is not valid JSON");
  }
  checkJsonValue(json);
  const parsed = schema.safeParse(json);
  if (!parsed.success) throw schemaRefusal(parsed.error);
  return parsed.data;
}

// ---------------------------------------------------------------- forms

/**
 * Reads a page action's form with the body checks. A body that is not a form
 * (JSON, text, a broken multipart) is the client's mistake: it is thrown as a
 * 415/400 Response for the error boundary, never left to throw a 500 from
 * `request.formData()`.
 */
export async function readFormData(request: Request, maxBytes = MAX_FORM_BYTES): Promise<FormData> {
  return readForm(request, maxBytes).catch((error: unknown) => {
    throw isAppError(error) ? formRefusal(error) : error;
  });
}

/** The form checks without the page's answer: throws an AppError for anything refused. */
export async function readForm(request: Request, maxBytes = MAX_FORM_BYTES): Promise<FormData> {
  if (declaredTooLarge(request, maxBytes)) throw new AppError("BODY_TOO_LARGE", BODY_TOO_LARGE);
  if (!FORM_TYPES.test(request.headers.get("content-type") ?? "")) {
    throw new AppError("UNSUPPORTED_BODY", NOT_A_FORM);
  }
  let form: FormData;
  try {
    form = await request.formData();
  } catch {
    throw new AppError("INVALID_INPUT", "The form could not be read");
  }
  for (const [key, value] of form) {
    if (FORBIDDEN.test(key) || (typeof value === "string" ? FORBIDDEN.test(value) : FORBIDDEN.test(value.name))) {
      throw new AppError("INVALID_INPUT", UNSAFE_TEXT);
    }
  }
  return form;
}

const FORM_STATUS = { BODY_TOO_LARGE: 413, UNSUPPORTED_BODY: 415 } as const;

/** Thrown, `data` reaches the route's error boundary with this status; React Router never makes it a 500. */
function formRefusal(error: AppError) {
  return data(error.message, { status: FORM_STATUS[error.code as keyof typeof FORM_STATUS] ?? 400 });
}

export type FormSubmission<S extends z.ZodType> = Submission<z.input<S>, string[], z.output<S>>;

/**
 * Reads a page action's form and validates it with conform's `parseWithZod`
 * on the page's schema, usually a discriminated union on `intent`. Returns the
 * submission (`status: "success"` with `value`, or the field errors);
 * `formFailure` turns a failed one into the action's answer.
 */
export async function parseForm<S extends z.ZodType>(
  request: Request,
  schema: S,
  { maxBytes = MAX_FORM_BYTES }: { maxBytes?: number } = {},
): Promise<FormSubmission<S>> {
  const form = await readFormData(request, maxBytes);
  return parseWithZod(form, { schema });
}

/**
 * As `parseForm`, for an action a bare POST may trigger (sign-out): a request
 * with no body at all is validated as an empty form; any body gets every check.
 */
export async function parseOptionalForm<S extends z.ZodType>(
  request: Request,
  schema: S,
  options: { maxBytes?: number } = {},
): Promise<FormSubmission<S>> {
  const bodiless =
    Number(request.headers.get("content-length") ?? 0) === 0 &&
    !request.headers.has("transfer-encoding") &&
    !request.headers.has("content-type");
  if (bodiless) return parseWithZod(new FormData(), { schema });
  return parseForm(request, schema, options);
}

/** The first problem of a failed submission: its message and the field it belongs to. */
export function submissionProblem(submission: object): { message: string; field: string | null } {
  const errors = "error" in submission ? (submission.error as Record<string, string[] | null> | null) : null;
  for (const [field, messages] of Object.entries(errors ?? {})) {
    const message = messages?.[0];
    if (message) return { message, field: field || null };
  }
  return { message: "Invalid request", field: null };
}

/**
 * A refused submission as a page action's answer: 400 with
 * `{ ok: false, message, code, field, retype, result }`, `result` being
 * conform's reply for a `useForm` on the page (passwords never echoed;
 * `retype` names those that were typed, to be asked for again).
 */
export function formFailure<S extends z.ZodType>(
  submission: FormSubmission<S>,
  { hideFields = [] }: { hideFields?: string[] } = {},
) {
  const { message, field } = submissionProblem(submission);
  return data(
    {
      ok: false as const,
      message,
      code: "INVALID_INPUT" as const,
      field,
      // Before the reply: conform's `hideFields` empties them in the payload.
      retype: typedAmong(submission, hideFields),
      result: submission.reply({ hideFields }),
    },
    { status: 400 },
  );
}

/** Of the fields never echoed, those the submission held a value for. */
function typedAmong<S extends z.ZodType>(submission: FormSubmission<S>, hideFields: string[]): string[] {
  return hideFields.filter((name) => {
    const value = submission.payload[name];
    return typeof value === "string" && value !== "";
  });
}

/**
 * Runs the work of a page form read with `parseForm`; a refusal the domain
 * throws is answered as `formFailure` answers an invalid form: its message
 * (under the field it names, `field`) and conform's reply holding what was
 * typed (all but `hideFields`, never echoed: `retype` names those to type
 * again) with the message at that field. So a form posted before the page's
 * scripts ran (a whole-page POST) is drawn again with the operator's input and
 * the refusal where it belongs (issue 45), and one posted by a fetcher gets
 * the same without anything typed being touched.
 */
export async function formAction<S extends z.ZodType, T>(
  submission: FormSubmission<S>,
  work: () => Promise<T>,
  { hideFields = [] }: { hideFields?: string[] } = {},
) {
  try {
    return await work();
  } catch (error) {
    if (!isAppError(error)) throw error;
    const failure = pageFailure(error);
    const { field, message } = failure.data;
    // Before the reply: conform's `hideFields` empties them in the payload.
    const retype = typedAmong(submission, hideFields);
    const result = submission.reply({
      hideFields,
      ...(field ? { fieldErrors: { [field]: [message] } } : { formErrors: [message] }),
    });
    return data({ ...failure.data, retype, result }, failure.init ?? undefined);
  }
}
