import { useEffect, useEffectEvent, useRef, useState } from "react";
import { useRevalidator } from "react-router";
import type { AdminPulse } from "~/domain/orders/pulse.server";
import { apiCall } from "~/lib/client/api-client";
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
  const [loaded, setLoaded] = useState(initial);
  const seen = useRef(initial.version);
  // The revalidator changes identity on every render; the poll must not restart for it.
  const reload = useEffectEvent(() => void revalidator.revalidate());

  // A reload of the page's data (navigation, action) brings a fresh pulse with it.
  if (loaded !== initial) {
    setLoaded(initial);
    setPulse(initial);
  }
  useEffect(() => {
    seen.current = initial.version;
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
        reload();
      }
    };
    const onTick = () => void check();
    const timer = setInterval(onTick, POLL_MS);
    document.addEventListener("visibilitychange", onTick);
    return () => {
      stopped = true;
      clearInterval(timer);
      document.removeEventListener("visibilitychange", onTick);
    };
  }, []);

  return pulse;
}
