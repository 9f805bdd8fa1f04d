export const ADMIN_HOME = "/admin/dashboard";

/** A throwaway origin to resolve a path against; only its sameness matters. */
const BASE = "http://admin.invalid";

/**
 * Where to go after sign-in: only a same-origin admin path, never another site
 * ("//evil.example", "/\\evil.example") and never the login page itself.
 *
 * The answer goes into a Location header, which carries only ASCII: the path
 * comes back as the URL parser serialises it, so "/admin/€" becomes
 * "/admin/%E2%82%AC" instead of a header the server cannot write (a 500).
 */
export function safeAdminRedirect(target: string | null | undefined): string {
  if (!target || target.length > 2000) return ADMIN_HOME;
  if (!isAdminPath(target) || /[\\\s]/.test(target)) return ADMIN_HOME;
  let url: URL;
  try {
    url = new URL(target, BASE);
  } catch {
    return ADMIN_HOME;
  }
  if (url.origin !== BASE) return ADMIN_HOME;
  const path = `${url.pathname}${url.search}${url.hash}`;
  // Checked again after parsing: the parser resolves "." and ".." segments.
  if (!isAdminPath(path) || !/^[\x21-\x7E]+$/.test(path)) return ADMIN_HOME;
  return path;
}

function isAdminPath(path: string): boolean {
  if (!path.startsWith("/admin") || /^\/admin[^/?#]/.test(path)) return false;
  if (path.includes("//")) return false;
  return !/^\/admin\/(login|logout|setup)\b/.test(path);
}
