/** What My Account's action answers on a refusal: formFailure or pageFailure (app/lib). */
export type AccountAnswer = { ok: true } | { ok: false; message: string; field?: string | null };

/**
 * The message to show under `name`: the browser's own check first, else the
 * server's refusal when it named that field (a wrong current password, a
 * taken username).
 */
export function fieldMessage(
  answer: AccountAnswer | undefined,
  name: string,
  own: string[] | undefined,
): string | undefined {
  if (own?.[0]) return own[0];
  return answer && !answer.ok && answer.field === name ? answer.message : undefined;
}

/** A refusal that names none of the form's fields (the server busy, a session gone): shown under the form. */
export function formMessage(answer: AccountAnswer | undefined, fields: readonly string[]): string | undefined {
  if (!answer || answer.ok) return undefined;
  return answer.field && fields.includes(answer.field) ? undefined : answer.message;
}
