/**
 * A saved secret (the SMM panel's API key, the mailbox password, the SMTP
 * password) is sent only to the server it was saved for. Settings forms keep
 * a secret when its field is left empty, so without this rule whoever holds
 * the admin session could type another server's address, leave the field
 * empty and have the shop hand the secret over: a different server needs the
 * secret typed again. Each caller names "where it goes" its own way (the
 * panel's API endpoint, a mail server's host and port); null means no place.
 */
export interface SecretDestination {
  /** The secret on file (empty or null: none saved). */
  saved: string | null | undefined;
  /** What the form's secret field holds (empty: keep the saved one). */
  typed: string;
  /** Where the saved secret was saved for. */
  savedFor: string | null;
  /** Where it would go now. */
  goingTo: string | null;
}

/** True when the saved secret would go somewhere it was not saved for: the form must have it typed again. */
export function secretLeftBehind({ saved, typed, savedFor, goingTo }: SecretDestination): boolean {
  if (!saved?.trim() || typed.trim()) return false;
  return savedFor === null || savedFor !== goingTo;
}
