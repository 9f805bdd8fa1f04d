import { redirect } from "react-router";
import { REDIRECT_TOASTS, type RedirectToast, type RedirectToastKey } from "~/lib/toast";

/**
 * Toasts after a redirect travel one way: a short-lived cookie the redirect
 * sets, read (and cleared) once by the loader of the page it lands on, and
 * shown by the toaster (app/components/ui/toast.tsx). The address stays clean of `?loggedOut=1`-style flags.
 */
const TOAST_COOKIE = "toast";
const MAX_AGE_SECONDS = 60;

function attributes(request: Request, maxAge: number): string {
  const secure = new URL(request.url).protocol === "https:" ? "; Secure" : "";
  return `Path=/; HttpOnly; SameSite=Lax; Max-Age=${maxAge}${secure}`;
}

export function toastCookie(request: Request, key: RedirectToastKey): string {
  return `${TOAST_COOKIE}=${key}; ${attributes(request, MAX_AGE_SECONDS)}`;
}

/** A redirect that shows `key`'s toast on the page it leads to. */
export function redirectWithToast(request: Request, url: string, key: RedirectToastKey, init: ResponseInit = {}) {
  const headers = new Headers(init.headers);
  headers.append("Set-Cookie", toastCookie(request, key));
  return redirect(url, { ...init, headers });
}

function isToastKey(value: string): value is RedirectToastKey {
  return Object.hasOwn(REDIRECT_TOASTS, value);
}

/**
 * The toast this request carries, if any, and the header that clears it so it
 * shows once. An unknown value is cleared and ignored.
 */
export function readToast(request: Request): { toast: RedirectToast | null; headers: Headers | null } {
  const header = request.headers.get("cookie") ?? "";
  const values = header
    .split(";")
    .map((part) => part.trim())
    .filter((part) => part.startsWith(`${TOAST_COOKIE}=`))
    .map((part) => part.slice(TOAST_COOKIE.length + 1));
  if (values.length === 0) return { toast: null, headers: null };
  const headers = new Headers({ "Set-Cookie": `${TOAST_COOKIE}=; ${attributes(request, 0)}` });
  const key = values.at(-1)!;
  return { toast: isToastKey(key) ? { key, ...REDIRECT_TOASTS[key] } : null, headers };
}
