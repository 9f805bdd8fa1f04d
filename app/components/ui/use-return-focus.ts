import { useRef } from "react";

/**
 * For a Radix dialog opened from state rather than from its own Trigger:
 * Radix returns focus to the Trigger on close, and without one focus falls to
 * the page's start. This remembers what had focus when the dialog opened and
 * puts it back there, if it is still on the page (a deleted row's button is not).
 */
export function useReturnFocus() {
  const opener = useRef<HTMLElement | null>(null);
  return {
    onOpenAutoFocus: () => {
      opener.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    },
    onCloseAutoFocus: (event: Event) => {
      const target = opener.current;
      opener.current = null;
      if (target?.isConnected) {
        event.preventDefault();
        target.focus();
      }
    },
  };
}
