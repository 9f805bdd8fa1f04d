import { useEffect, useRef, useState } from "react";
import { useRevalidator } from "react-router";
import type { AdminPulse } from "~/domain/orders/pulse.server";
import { apiCall } from "~/lib/api-client";
import { pulseEndpoint } from "~/routes/api/admin/pulse.types";

const POLL_MS = 4_000;

/**
 * Keeps an open admin page current without a reload: asks the server for its
 * pulse every few seconds while the tab is visible (and at once when it comes
 * back), and reloads the page's data when any order changed. Returns the
 * latest counts for the sidebar badge and the page title.
 */
export function useAdminPulse(initial: AdminPulse): AdminPulse {
  const revalidator = useRevalidator();
  const [pulse, setPulse] = useState(initial);
  const seen = useRef(initial.version);
  const revalidate = useRef(revalidator.revalidate);
  revalidate.current = revalidator.revalidate;

  // A reload of the page's data (navigation, action) brings a fresh pulse with it.
  useEffect(() => {
    seen.current = initial.version;
    setPulse(initial);
  }, [initial]);

  useEffect(() => {
    let stopped = false;
    const check = async () => {
      if (document.visibilityState === "hidden") return;
      const reply = await apiCall(pulseEndpoint, {});
      // Offline for a moment, or signed out: the next tick tries again.
      if (!reply.ok || stopped) return;
      const { pulse: latest } = reply.data;
      setPulse(latest);
      if (latest.version !== seen.current) {
        seen.current = latest.version;
        void revalidate.current();
      }
    };
    const timer = setInterval(check, POLL_MS);
    document.addEventListener("visibilitychange", check);
    return () => {
      stopped = true;
      clearInterval(timer);
      document.removeEventListener("visibilitychange", check);
    };
  }, []);

  return pulse;
}
