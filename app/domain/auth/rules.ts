import { z } from "zod";
import { filledText } from "~/lib/form-schema";
import { UNKNOWN_ACTION } from "~/lib/intent";

/** Admin account rules, shared by the setup form and the server. */
export const USERNAME_PATTERN = /^[A-Za-z0-9._-]{3,64}$/;
export const MIN_PASSWORD_LENGTH = 10;

export const USERNAME_RULE = "Use 3-64 letters, digits, dots, dashes or underscores.";
export const PASSWORD_RULE = `Use at least ${MIN_PASSWORD_LENGTH} characters.`;
export const PASSWORDS_DIFFER = "The passwords do not match.";

const CREDENTIALS_NEEDED = "Please enter your username and password";

/** The sign-in form; the browser checks it with the same schema before it posts. */
export const loginSchema = z.object({
  username: filledText(CREDENTIALS_NEEDED, 100, "Invalid credentials"),
  password: z.string({ error: CREDENTIALS_NEEDED }).max(1000, "Invalid credentials"),
  redirectTo: z.string().max(2000).optional(),
  /** "Remember this device for 30 days": the checkbox sends "on" when ticked. */
  remember: z.literal("on").optional(),
});

/** An admin's username, wherever one is chosen (setup, My Account). */
export const usernameField = z.string({ error: USERNAME_RULE }).trim().regex(USERNAME_PATTERN, USERNAME_RULE);
/** A new admin password, wherever one is chosen (setup, My Account). */
export const newPasswordField = z.string({ error: PASSWORD_RULE }).min(MIN_PASSWORD_LENGTH, PASSWORD_RULE).max(1000);
/** The repeat of a new password; `passwordsMatch` compares it. */
export const confirmField = z.string({ error: PASSWORDS_DIFFER }).max(1000);

/** For a form with `password` and `confirm`: the refinement that reports a mismatch on `confirm`. */
export const passwordsMatch: [
  (v: { password: string; confirm: string }) => boolean,
  { path: PropertyKey[]; message: string },
] = [(v) => v.password === v.confirm, { path: ["confirm"], message: PASSWORDS_DIFFER }];

/** The one-time setup form: the first admin's username and password. */
export const setupSchema = z
  .object({
    token: z.string({ error: "This setup link is invalid or has already been used." }).max(200),
    username: usernameField,
    password: newPasswordField,
    confirm: confirmField,
  })
  .refine(...passwordsMatch);

export const CURRENT_PASSWORD_NEEDED = "Enter your current password";

/** The password that proves it is still the operator; never compared here, only bounded. */
const currentPasswordField = z
  .string({ error: CURRENT_PASSWORD_NEEDED })
  .min(1, CURRENT_PASSWORD_NEEDED)
  .max(1000, "Current password is incorrect");

/** My Account's username form. */
export const accountUsernameSchema = z.object({
  intent: z.literal("username"),
  username: usernameField,
  currentPassword: currentPasswordField,
});

/** My Account's password form: the new password as setup asks for it. */
export const accountPasswordSchema = z
  .object({
    intent: z.literal("password"),
    currentPassword: currentPasswordField,
    password: newPasswordField,
    confirm: confirmField,
  })
  .refine(...passwordsMatch);

/** My Account's "Forget" beside a remembered device: its session (the row's id) ends. */
export const forgetDeviceSchema = z.object({
  intent: z.literal("forget-device"),
  device: z.string({ error: "Choose a device" }).regex(/^[0-9a-f]{64}$/, "Choose a device"),
});

/** The forms of My Account, as its action reads them. */
export const accountActionSchema = z.discriminatedUnion(
  "intent",
  [accountUsernameSchema, accountPasswordSchema, forgetDeviceSchema],
  UNKNOWN_ACTION,
);
export type AccountAction = z.output<typeof accountActionSchema>;

/** Signing out: by the operator, or by the page when the session ran out (said differently on the sign-in page). */
export const logoutSchema = z.discriminatedUnion(
  "intent",
  [z.object({ intent: z.literal("logout") }), z.object({ intent: z.literal("expired") })],
  UNKNOWN_ACTION,
);
