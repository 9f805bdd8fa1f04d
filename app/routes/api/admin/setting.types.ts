import { z } from "zod";
import { defineEndpoint, okResponse } from "~/lib/api-contract";

/** GET /api/admin/setting/{key}: one setting; secrets masked, never the admin password. */
export const readSettingResponse = okResponse({ setting: z.object({ key: z.string(), value: z.string() }) });

export const readSettingEndpoint = defineEndpoint({
  method: "GET",
  path: ({ key }: { key: string }) => `/api/admin/setting/${encodeURIComponent(key)}`,
  response: readSettingResponse,
});
