/**
 * The toasts a redirect can carry to the next page. The cookie names one of
 * them, never free text: a cookie planted from elsewhere can at worst show
 * one of these sentences.
 */
export const REDIRECT_TOASTS = {
  "logged-in": { type: "success", message: "Login successful" },
  "logged-out": { type: "success", message: "Logged out successfully" },
  "session-expired": { type: "error", message: "Session expired. Please login again." },
  "admin-created": { type: "success", message: "Admin account created. Please sign in." },
  "username-changed": { type: "success", message: "Username changed." },
  "password-changed": { type: "success", message: "Password changed. Every other session has been signed out." },
  "device-forgotten": { type: "success", message: "Device forgotten. It must sign in again." },
} as const satisfies Record<string, { type: "success" | "error" | "info"; message: string }>;

export type RedirectToastKey = keyof typeof REDIRECT_TOASTS;
export type RedirectToast = (typeof REDIRECT_TOASTS)[RedirectToastKey] & { key: RedirectToastKey };
