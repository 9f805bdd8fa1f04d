import { z } from "zod";

/**
 * Text a person must fill in, for forms read with conform's `parseWithZod`:
 * missing or only spaces says `needed`; longer than `max` says `tooLong`.
 */
export function filledText(needed: string, max: number, tooLong: string) {
  return z
    .string({ error: needed })
    .max(max, tooLong)
    .refine((v) => v.trim() !== "", needed);
}
