import { z } from "zod";

/** The spec's failure shape: `{ success: false, message }` with a 4xx/5xx status. */
export function apiError(status: number, message: string, extra: Record<string, unknown> = {}): Response {
  return Response.json({ success: false, message, ...extra }, { status });
}

export function apiOk(body: Record<string, unknown> = {}, init?: ResponseInit): Response {
  return Response.json({ success: true, ...body }, init);
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
  const parsed = schema.safeParse(json);
  if (!parsed.success) return { error: apiError(400, firstProblem(parsed.error)) };
  return { data: parsed.data };
}

/** A short, human message for the first validation problem. */
export function firstProblem(error: z.ZodError): string {
  const issue = error.issues[0];
  if (!issue) return "Invalid request";
  const field = issue.path.join(".");
  return field ? `${field}: ${issue.message}` : issue.message;
}
