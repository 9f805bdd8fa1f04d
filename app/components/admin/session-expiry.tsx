import { Dialog } from "radix-ui";
import { useEffect, useState } from "react";
import { useLocation, useSubmit } from "react-router";
import { useSessionClock } from "./use-session-clock";

const WARN_BEFORE_MS = 30 * 60 * 1000;

/** The spec's 'Session Expiring Soon' warning, and the sign-out when the server's expiry passes. */
export function SessionExpiry({ expiresAt, serverNow }: { expiresAt: number; serverNow: number }) {
  const remaining = useSessionClock(expiresAt, serverNow);
  const [dismissed, setDismissed] = useState(false);
  const submit = useSubmit();
  const { pathname, search } = useLocation();
  const here = `${pathname}${search}`;

  const expired = remaining <= 0;
  useEffect(() => {
    if (!expired) return;
    const params = new URLSearchParams({ redirectTo: here });
    void submit({ intent: "expired" }, { method: "post", action: `/admin/logout?${params}`, replace: true });
    // Only the moment of expiry matters, not later route changes.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [expired]);

  const open = !expired && !dismissed && remaining < WARN_BEFORE_MS;
  return (
    <Dialog.Root open={open} onOpenChange={(next) => !next && setDismissed(true)}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-40 bg-black/40" />
        <Dialog.Content className="fixed left-1/2 top-1/2 z-50 w-[calc(100%-2rem)] max-w-md -translate-x-1/2 -translate-y-1/2 rounded-xl bg-white p-6 shadow-xl">
          <Dialog.Title className="text-lg font-semibold">Session Expiring Soon</Dialog.Title>
          <Dialog.Description className="mt-2 text-sm text-gray-700">
            Your admin session will expire in less than 30 minutes. Please save your work and login again if needed.
          </Dialog.Description>
          <div className="mt-6 flex justify-end gap-2">
            <Dialog.Close className="rounded-lg border border-gray-300 px-4 py-2 text-sm font-medium hover:bg-gray-50">
              Dismiss
            </Dialog.Close>
            <button
              type="button"
              className="rounded-lg bg-brand-600 px-4 py-2 text-sm font-semibold text-white hover:bg-brand-700"
              onClick={() =>
                submit(
                  { intent: "logout" },
                  { method: "post", action: `/admin/logout?${new URLSearchParams({ redirectTo: here })}` },
                )
              }
            >
              Login Again
            </button>
          </div>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
