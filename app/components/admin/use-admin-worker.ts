import { useEffect } from "react";
import { registerAdminWorker } from "~/lib/client/admin-worker";

/** Every signed-in admin page registers the admin's service worker once it has loaded. */
export function useAdminWorker() {
  useEffect(() => {
    // Without it the admin still works; only the installed app and alerts need it.
    registerAdminWorker().catch(() => undefined);
  }, []);
}
