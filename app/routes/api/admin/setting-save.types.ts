import { z } from "zod";
import { okResponse, postEndpoint } from "~/lib/api-contract";

/** POST /api/admin/setting {key, value}: validated like the settings card the key belongs to. */
export const saveSettingRequest = z.object({ key: z.string().min(1).max(100), value: z.string().max(2000) });
export const saveSettingResponse = okResponse({ message: z.string() });

export const saveSettingEndpoint = postEndpoint("/api/admin/setting", saveSettingRequest, saveSettingResponse);
