import { data } from "react-router";
import { UNSAFE_TEXT } from "./api.server";

const FORM_TYPES = /^(application\/x-www-form-urlencoded|multipart\/form-data)\b/i;

/**
 * Reads a page action's form. A body that is not a form (JSON, text, a broken
 * multipart) is the client's mistake: it is refused with 415/400 through the
 * error boundary, never allowed to throw a 500 from `request.formData()`.
 */
export async function readForm(request: Request): Promise<FormData> {
  if (!FORM_TYPES.test(request.headers.get("content-type") ?? "")) {
    throw data("Send the form as application/x-www-form-urlencoded or multipart/form-data", { status: 415 });
  }
  let form: FormData;
  try {
    form = await request.formData();
  } catch {
    throw data("The form could not be read", { status: 400 });
  }
  for (const [key, value] of form) {
    if (key.includes("\u0000") || (typeof value === "string" && value.includes("\u0000"))) {
      throw data(UNSAFE_TEXT, { status: 400 });
    }
  }
  return form;
}
