import { listeners } from "./listen";

/** Pointer leaving the menu gets this grace period, so moving diagonally onto it does not close it. */
const CLOSE_DELAY_MS = 150;

/**
 * The Services disclosure menu of the desktop bar: opens on hover with a
 * mouse, toggles on click or tap, and works from the keyboard (Enter/Space,
 * ArrowDown into the links and between them, Escape back to the button).
 */
export function enhanceServicesMenu(root: HTMLElement): () => void {
  const button = root.querySelector<HTMLButtonElement>("button[aria-controls]");
  const panel = button && document.getElementById(button.getAttribute("aria-controls")!);
  if (!button || !panel) return () => {};
  const links = () => [...root.querySelectorAll<HTMLAnchorElement>("[data-services-link]")];
  let openedByHover = false;
  let closeTimer: number | undefined;
  const isOpen = () => !panel.hidden;

  const onOutsidePointer = (e: PointerEvent) => {
    if (!root.contains(e.target as Node)) hide();
  };
  const onEscape = (e: KeyboardEvent) => {
    if (e.key !== "Escape") return;
    hide();
    button.focus();
  };
  const set = (open: boolean) => {
    panel.hidden = !open;
    button.setAttribute("aria-expanded", String(open));
    button.dataset.state = open ? "open" : "closed";
    if (open) {
      document.addEventListener("pointerdown", onOutsidePointer);
      document.addEventListener("keydown", onEscape);
    } else {
      document.removeEventListener("pointerdown", onOutsidePointer);
      document.removeEventListener("keydown", onEscape);
    }
  };
  const show = (byHover: boolean) => {
    window.clearTimeout(closeTimer);
    if (!isOpen()) openedByHover = byHover;
    set(true);
  };
  const hide = () => {
    window.clearTimeout(closeTimer);
    openedByHover = false;
    set(false);
  };
  const focusLink = (index: number) => {
    const all = links();
    if (all.length) all[(index + all.length) % all.length]!.focus();
  };

  const onEnter = (e: PointerEvent) => e.pointerType === "mouse" && show(true);
  const onLeave = (e: PointerEvent) => {
    if (e.pointerType === "mouse") closeTimer = window.setTimeout(hide, CLOSE_DELAY_MS);
  };
  const onFocusOut = (e: FocusEvent) => {
    if (!root.contains(e.relatedTarget as Node | null)) hide();
  };
  const onClick = () => {
    // A click that lands right after the hover opened the menu should not shut it again.
    if (isOpen() && openedByHover) openedByHover = false;
    else if (isOpen()) hide();
    else show(false);
  };
  const onButtonKey = (e: KeyboardEvent) => {
    if (e.key !== "ArrowDown") return;
    e.preventDefault();
    show(false);
    requestAnimationFrame(() => focusLink(0));
  };
  const onPanelKey = (e: KeyboardEvent) => {
    const index = links().indexOf(e.target as HTMLAnchorElement);
    if (index === -1) return;
    if (e.key === "ArrowDown") focusLink(index + 1);
    else if (e.key === "ArrowUp") focusLink(index - 1);
    else return;
    e.preventDefault();
  };
  const onPanelClick = (e: MouseEvent) => {
    if ((e.target as Element).closest("a")) hide();
  };

  const events = listeners();
  events.add(hide);
  events.on(root, "pointerenter", onEnter);
  events.on(root, "pointerleave", onLeave);
  events.on(root, "focusout", onFocusOut);
  events.on(button, "click", onClick);
  events.on(button, "keydown", onButtonKey);
  events.on(panel, "keydown", onPanelKey);
  events.on(panel, "click", onPanelClick);
  return events.cleanup;
}
