/**
 * Adds event listeners and returns one cleanup that removes them all, so an
 * enhancer's teardown can never miss one it added.
 */
export function listeners() {
  const removers: Array<() => void> = [];
  return {
    on<E extends Event>(
      target: EventTarget,
      type: string,
      handler: (event: E) => void,
      options?: AddEventListenerOptions,
    ) {
      target.addEventListener(type, handler as EventListener, options);
      removers.push(() => target.removeEventListener(type, handler as EventListener, options));
    },
    add(cleanup: () => void) {
      removers.push(cleanup);
    },
    cleanup: () => removers.splice(0).forEach((remove) => remove()),
  };
}
