import { useEffect, useState } from "react";
import { useLocation, useSubmit } from "react-router";
import { Button } from "~/components/ui/button";
import { Dialog, DialogClose, DialogContent, DialogDescription, DialogTitle } from "~/components/ui/dialog";
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
    <Dialog open={open} onOpenChange={(next) => !next && setDismissed(true)}>
      <DialogContent overlayClassName="bg-black/40" className="rounded-xl">
        <DialogTitle className="font-semibold">Session Expiring Soon</DialogTitle>
        <DialogDescription className="mt-2">
          Your admin session will expire in less than 30 minutes. Please save your work and login again if needed.
        </DialogDescription>
        <div className="mt-6 flex justify-end gap-2">
          <DialogClose asChild>
            <Button variant="neutral" size="md" className="text-sm font-medium">
              Dismiss
            </Button>
          </DialogClose>
          <Button
            size="md"
            className="text-sm"
            onClick={() =>
              void submit(
                { intent: "logout" },
                { method: "post", action: `/admin/logout?${new URLSearchParams({ redirectTo: here })}` },
              )
            }
          >
            Login Again
          </Button>
        </div>
      </DialogContent>
    </Dialog>
  );
}
