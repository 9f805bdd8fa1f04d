import { CLIENT_IP_HEADER } from "~/domain/auth/origin";
import type { Actor, RequestClient } from "~/domain/audit/audit.server";

/**
 * The client behind a request: the address the Express layer resolved
 * (TRUST_PROXY aware, never one a client claims) and its User-Agent.
 */
export function requestClient(request: Request): RequestClient {
  return {
    ip: request.headers.get(CLIENT_IP_HEADER) ?? "",
    userAgent: request.headers.get("user-agent") ?? "",
  };
}

/** An admin acting through this request, for the audit trail. */
export function requestActor(request: Request, username: string): Actor {
  return { name: username, client: requestClient(request) };
}
