import { z } from "zod";

/** Admin → Complaints: the operator acknowledges or resolves a complaint by its ticket, with a note. */
export const complaintActionSchema = z.object({
  intent: z.enum(["acknowledge", "resolve"], { error: "Unknown action" }),
  ticket: z.string().trim().min(1, "Which complaint?").max(20, "Which complaint?"),
  note: z.string().max(2_000, "The note can be at most 1000 characters").default(""),
});
export type ComplaintAction = z.output<typeof complaintActionSchema>;
