import { z } from "zod";
import { okResponse, postEndpoint } from "~/lib/api-contract";

/** POST /api/admin/confirm-password: the password typed again; for 15 minutes sensitive changes need no more. */
export const confirmPasswordRequest = z.object({ password: z.string().min(1, "Enter your password").max(1000) });
export const confirmPasswordResponse = okResponse({ message: z.string() });

export const confirmPasswordEndpoint = postEndpoint(
  "/api/admin/confirm-password",
  confirmPasswordRequest,
  confirmPasswordResponse,
);
