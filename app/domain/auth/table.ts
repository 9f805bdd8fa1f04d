import type { Generated, Selectable } from "kysely";

export interface AdminUserTable {
  id: Generated<number>;
  username: string;
  /** scrypt hash with its parameters and salt, never the password. */
  password_hash: string;
  created_at: number;
  updated_at: number;
}

export interface AdminSessionTable {
  /** SHA-256 of the cookie token, so a leaked table cannot be replayed. */
  id: string;
  admin_user_id: number;
  created_at: number;
  expires_at: number;
}

export type AdminUserRow = Selectable<AdminUserTable>;
export type AdminSessionRow = Selectable<AdminSessionTable>;

export interface AdminLoginFailureTable {
  id: Generated<number>;
  /** "ip:<address>" or "user:<lower-case username>". */
  subject: string;
  failed_at: number;
}

export interface AdminSetupTokenTable {
  /** SHA-256 of the one-time token printed to the server log. */
  token_hash: string;
  created_at: number;
  expires_at: number;
}
