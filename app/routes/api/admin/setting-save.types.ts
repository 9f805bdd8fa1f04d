import { z } from "zod";
import { defineEndpoint, okResponse } from "~/lib/api-contract";

/** POST /api/admin/setting {key, value}: validated like the settings card the key belongs to. */
export const saveSettingRequest = z.object({ key: z.string().min(1).max(100), value: z.string().max(2000) });
export const saveSettingResponse = okResponse({ message: z.string() });

export const saveSettingEndpoint = defineEndpoint({
  method: "POST",
  path: () => "/api/admin/setting",
  request: saveSettingRequest,
  response: saveSettingResponse,
});
