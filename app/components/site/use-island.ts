import { useEffect, useRef } from "react";
import { type IslandName, enhance } from "~/islands/registry";

/**
 * On a page React hydrates, the same behaviour the static pages get from
 * app/islands/main.ts: spread the result on the part's root element.
 * The enhancer owns the attributes it toggles (hidden, aria-expanded…);
 * the component renders their initial values and never changes them.
 */
export function useIsland<T extends HTMLElement>(name: IslandName) {
  const ref = useRef<T>(null);
  useEffect(() => (ref.current ? enhance(name, ref.current) : undefined), [name]);
  return { ref, "data-island": name } as const;
}
