import { INERT_MODULE_TYPE } from "~/lib/page-handle";
import { listeners } from "./listen";

/**
 * What a visitor does when about to use a page rather than read it. A phone's
 * first touch gives `touchstart`/`pointerdown`, a keyboard `keydown` or
 * `focusin`, a mouse `pointermove`; scrolling a phone begins with a touch too.
 */
const INTENT_EVENTS = ["pointerdown", "pointermove", "touchstart", "keydown", "focusin"] as const;

/**
 * On a page sent with React Router's module script inert (ADR 0011), starts
 * React at the visitor's first intent: the same code, as a module script with
 * the inert one's nonce (the page cache's CSP lists its hash). Returns whether
 * the page has such a script.
 */
export function hydrateOnIntent(document: Document): boolean {
  const inert = [...document.querySelectorAll<HTMLScriptElement>(`script[type="${INERT_MODULE_TYPE}"]`)];
  if (inert.length === 0) return false;
  const armed = listeners();
  const start = () => {
    armed.cleanup();
    for (const script of inert) {
      const live = document.createElement("script");
      live.type = "module";
      if (script.nonce) live.nonce = script.nonce;
      live.textContent = script.textContent;
      script.after(live);
    }
  };
  for (const type of INTENT_EVENTS) armed.on(document, type, start, { capture: true, passive: true, once: true });
  return true;
}

/**
 * Text typed before React hydrated is on the page but not in React's state,
 * which still holds the server's value, so a form would see an empty field.
 * Each such field is told to React as the change it was: its value is set
 * past React's tracker and an `input` event dispatched, the way a browser's
 * own typing reaches React.
 */
export function replayTypedInput(root: HTMLElement): void {
  for (const field of root.querySelectorAll<HTMLInputElement | HTMLTextAreaElement>("input, textarea")) {
    if (field instanceof HTMLInputElement && !TEXT_TYPES.has(field.type)) continue;
    if (field.value === field.defaultValue) continue;
    const typed = field.value;
    const prototype = field instanceof HTMLInputElement ? HTMLInputElement.prototype : HTMLTextAreaElement.prototype;
    // Through React's own setter first, so that its tracker holds the old value and sees the change.
    field.value = field.defaultValue;
    Object.getOwnPropertyDescriptor(prototype, "value")?.set?.call(field, typed);
    field.dispatchEvent(new Event("input", { bubbles: true }));
  }
}

const TEXT_TYPES = new Set(["text", "search", "url", "tel", "email", "number", "password"]);
