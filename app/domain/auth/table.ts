import type { Generated, Selectable } from "kysely";
import type { Timestamps } from "~/db/timestamps";

export interface AdminUserTable extends Timestamps {
  id: Generated<number>;
  username: string;
  /** scrypt hash with its parameters and salt, never the password. */
  password_hash: string;
}

export interface AdminSessionTable {
  /** SHA-256 of the cookie token, so a leaked table cannot be replayed. */
  id: string;
  admin_user_id: number;
  created_at: number;
  expires_at: number;
  /** 1 when the operator asked this device to be remembered (up to 30 days); 0 for the 2-hour session. */
  remembered: Generated<number>;
  /** What the browser said it was at sign-in ("Chrome on Android"), to recognise a remembered device. */
  device: string | null;
  /** When the password was last typed on this session (sign-in, or asked again); null on older sessions. */
  password_at: number | null;
}

/** A device the admin signed in on (its cookie's token hashed): a sign-in from it is not counted with its address. */
export interface AdminKnownDeviceTable {
  /** SHA-256 of the cookie token. */
  id: string;
  admin_user_id: number;
  created_at: number;
  /** The last sign-in from it; its cookie and row last KNOWN_DEVICE_DAYS from then. */
  used_at: number;
  expires_at: number;
}

export type AdminUserRow = Selectable<AdminUserTable>;
export type AdminSessionRow = Selectable<AdminSessionTable>;

/**
 * A failed sign-in or current-password check, or one still being checked (it
 * counts as failed until it turns out right); one row per subject it counts under.
 */
export interface AdminLoginFailureTable {
  id: Generated<number>;
  /**
   * "ip:<address key>", "user:<lower-case username>", "admin:<id>@<address key>", "admin:<id>",
   * or a device the admin signed in on before: "device:<hash>", "session:<hash>" (known-device.server.ts).
   */
  subject: string;
  failed_at: number;
}

/** One row per lock subject, upserted to serialise concurrent attempts on it. */
export interface AdminLoginGateTable {
  subject: string;
  touched_at: number;
}

export interface AdminSetupTokenTable {
  /** SHA-256 of the one-time token printed to the server log. */
  token_hash: string;
  created_at: number;
  expires_at: number;
}
