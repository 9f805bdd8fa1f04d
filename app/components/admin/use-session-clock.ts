import { useEffect, useState } from "react";

/**
 * Milliseconds left in the admin session, from the server's expiry time and
 * the server's clock at render (so a wrong phone clock cannot skew it).
 */
export function useSessionClock(expiresAt: number, serverNow: number): number {
  const [skew] = useState(() => serverNow - Date.now());
  const [remaining, setRemaining] = useState(expiresAt - serverNow);
  useEffect(() => {
    const tick = () => setRemaining(expiresAt - (Date.now() + skew));
    tick();
    const every = setInterval(tick, 15_000);
    // Land exactly on the expiry instead of up to one interval late.
    const atEnd = setTimeout(tick, Math.max(0, expiresAt - (Date.now() + skew)) + 50);
    return () => {
      clearInterval(every);
      clearTimeout(atEnd);
    };
  }, [expiresAt, skew]);
  return remaining;
}

/**
 * The session's time left as a person says it: "30 days remaining" for a
 * remembered device (not "719h 59m"), "1 h 59 min remaining", "5 min remaining".
 */
export function formatRemaining(ms: number): string {
  const minutes = Math.max(0, Math.floor(ms / 60_000));
  const hours = Math.floor(minutes / 60);
  if (hours >= 48) {
    const days = Math.round(minutes / (24 * 60));
    return `${days} days remaining`;
  }
  if (hours === 0) return `${minutes} min remaining`;
  return minutes % 60 === 0 ? `${hours} h remaining` : `${hours} h ${minutes % 60} min remaining`;
}
