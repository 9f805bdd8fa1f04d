import { z } from "zod";
import { defineEndpoint, okResponse } from "~/lib/api-contract";
import { deleteOptionsSchema } from "~/domain/backups/delete-options";

/** DELETE /api/admin/delete-selected-data {deleteOptions}; DELETE /api/admin/delete-all-data takes no body. */
export const deleteSelectedRequest = z.object({ deleteOptions: deleteOptionsSchema });
const deleted = z.object({ orders: z.number(), plans: z.number(), settings: z.number() });
export const deleteSelectedResponse = okResponse({ message: z.string(), backup: z.string(), deleted });
export const deleteAllResponse = okResponse({ message: z.string(), backup: z.string() });

export const deleteSelectedEndpoint = defineEndpoint({
  method: "DELETE",
  path: () => "/api/admin/delete-selected-data",
  request: deleteSelectedRequest,
  response: deleteSelectedResponse,
});
export const deleteAllEndpoint = defineEndpoint({
  method: "DELETE",
  path: () => "/api/admin/delete-all-data",
  response: deleteAllResponse,
});
