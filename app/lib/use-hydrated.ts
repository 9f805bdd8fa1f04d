import { useSyncExternalStore } from "react";

const noSubscription = () => () => {};

/**
 * False in the server's HTML and during hydration, true once React runs the
 * page: for controls that do nothing until then (a button that opens a
 * dialog), so they are shown disabled instead of swallowing a tap.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    noSubscription,
    () => true,
    () => false,
  );
}
