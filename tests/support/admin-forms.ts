/** Where a signed-in operator sends a form: the shop's address and the session cookie (a `TestShop` is one). */
export interface AdminSession {
  url: string;
  cookie: string;
}

/**
 * The operator submits a form of an admin page as the page's own script does (POST `<path>.data` with
 * the session, from the shop's origin): the answer's status and text (the page's data, with its message).
 */
export async function submitAdminForm(
  session: AdminSession,
  path: string,
  fields: Record<string, string> | string[][] | URLSearchParams | string,
): Promise<{ status: number; text: string }> {
  const res = await fetch(`${session.url}${path}.data`, {
    method: "POST",
    body: fields instanceof URLSearchParams || typeof fields === "string" ? fields : new URLSearchParams(fields),
    headers: { cookie: session.cookie, origin: session.url },
  });
  return { status: res.status, text: await res.text() };
}

/** The Settings page's form (`intent` names the section), as `submitAdminForm` sends it. */
export const submitSettings = (session: AdminSession, fields: Parameters<typeof submitAdminForm>[2]) =>
  submitAdminForm(session, "/admin/settings", fields);
