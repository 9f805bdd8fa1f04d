export const ADMIN_HOME = "/admin/dashboard";

/**
 * Where to go after sign-in: only a same-origin admin path, never another site
 * ("//evil.example", "/\\evil.example") and never the login page itself.
 */
export function safeAdminRedirect(target: string | null | undefined): string {
  if (!target || target.length > 2000) return ADMIN_HOME;
  if (!target.startsWith("/admin") || /^\/admin[^/?#]/.test(target)) return ADMIN_HOME;
  if (/[\\\s]/.test(target) || target.includes("//")) return ADMIN_HOME;
  if (/^\/admin\/(login|logout|setup)\b/.test(target)) return ADMIN_HOME;
  return target;
}
