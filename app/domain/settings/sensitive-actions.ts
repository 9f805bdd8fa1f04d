/**
 * Whether a Settings submit needs the password typed in the last 15 minutes
 * (app/domain/auth/recent-password.ts): an intent each feature names as
 * always asking (the danger zone, a restore, a new SMS secret), or a new value
 * for any of the secret fields the features name. Saving a card with its
 * secret left empty ("keep the saved one") does not.
 */
export function needsRecentPassword(
  action: { intent: string },
  sensitive: { intents: readonly string[]; secretFields: readonly string[] },
): boolean {
  if (sensitive.intents.includes(action.intent)) return true;
  const values = action as unknown as Record<string, unknown>;
  return sensitive.secretFields.some((field) => typeof values[field] === "string" && values[field].trim() !== "");
}
