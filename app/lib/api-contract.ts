import { z } from "zod";

/**
 * How a JSON endpoint is described in its `*.types.ts`, beside the route: its
 * method, its address, the request body schema (when it takes one) and the
 * response schema. The route reads bodies with the request schema
 * (app/lib/server/parse.server.ts) and types its answer with the response schema;
 * the browser calls it only through app/lib/client/api-client.ts, which parses the
 * answer with the same schema.
 */
export type HttpMethod = "GET" | "POST" | "PUT" | "PATCH" | "DELETE";

export interface Endpoint<
  Params = void,
  Request extends z.ZodType | undefined = z.ZodType | undefined,
  Response extends z.ZodType = z.ZodType,
> {
  method: HttpMethod;
  path: (params: Params) => string;
  request?: Request;
  response: Response;
}

export function defineEndpoint<
  Params = void,
  Response extends z.ZodType = z.ZodType,
  Request extends z.ZodType | undefined = undefined,
>(endpoint: Endpoint<Params, Request, Response>): Endpoint<Params, Request, Response> {
  return endpoint;
}

/** A GET of a fixed address without a body: most of the admin's reads. */
export function getEndpoint<Response extends z.ZodType>(address: string, response: Response) {
  return defineEndpoint({ method: "GET", path: () => address, response });
}

/** A POST of a fixed address with a JSON body: most of the forms' and the admin's writes. */
export function postEndpoint<Request extends z.ZodType, Response extends z.ZodType>(
  address: string,
  request: Request,
  response: Response,
) {
  return defineEndpoint({ method: "POST", path: () => address, request, response });
}

/** A success answer: `{ success: true, ...shape }`. */
export function okResponse<Shape extends z.ZodRawShape>(shape: Shape) {
  return z.object({ success: z.literal(true), ...shape });
}

/** Every refusal of the API: `{ success: false, message, code? }` plus the error's details. */
/**
 * A nested record the domain shapes (an order, the dashboard): typed exactly
 * by its domain type, checked only for being an object, so the contract does
 * not restate every field the domain already defines.
 */
export function record<T>() {
  return z.custom<T>((value) => typeof value === "object" && value !== null && !Array.isArray(value));
}

export const apiFailureSchema = z.looseObject({
  success: z.literal(false),
  message: z.string(),
  code: z.string().optional(),
});
export type ApiFailureBody = z.infer<typeof apiFailureSchema>;
