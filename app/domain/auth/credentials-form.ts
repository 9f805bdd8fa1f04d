import { z } from "zod";
import { USERNAME_PATTERN } from "./rules";

/**
 * The Admin Authentication card's form (Settings page): the current password
 * proves it is the operator; an empty new password keeps the saved one. The
 * card checks it in the browser and the action with the same schema.
 */
export const adminCredentialsFields = {
  username: z
    .string({ error: "Username is required" })
    .trim()
    .min(1, "Username is required")
    .regex(USERNAME_PATTERN, "Username must be 3-64 letters, digits, dots, dashes or underscores"),
  currentPassword: z
    .string({ error: "Current password is required" })
    .trim()
    .min(1, "Current password is required")
    .max(1000, "Current password is incorrect"),
  newPassword: z.string().max(1000, "Password can be at most 1000 characters").default(""),
};

export const newPasswordLongEnough: [
  (v: { newPassword: string }) => boolean,
  { path: PropertyKey[]; message: string },
] = [
  (v) => v.newPassword === "" || v.newPassword.length >= 10,
  { path: ["newPassword"], message: "Password must be at least 10 characters" },
];

export const adminCredentialsSchema = z.object(adminCredentialsFields).refine(...newPasswordLongEnough);

/** The card's one intent, as the Settings page's action reads it. */
export const credentialsActionSchemas = [
  z.object({ intent: z.literal("credentials"), ...adminCredentialsFields }).refine(...newPasswordLongEnough),
] as const;

/** Never sent back to the browser in a reply. */
export const CREDENTIALS_SECRET_FIELDS = ["currentPassword", "newPassword"];
