import { ChevronDown } from "lucide-react";
import { useEffect, useId, useRef, useState } from "react";
import { Link } from "react-router";
import { useTranslation } from "react-i18next";
import { useLocalizedPath } from "~/lib/i18n/use-locale";
import { SERVICE_LINKS } from "./service-links";

/** Pointer leaving the menu gets this grace period, so moving diagonally onto it does not close it. */
const CLOSE_DELAY_MS = 150;

/**
 * The Services disclosure menu of the desktop bar: opens on hover with a
 * mouse, toggles on click or tap, and works from the keyboard (Enter/Space,
 * ArrowDown into the links, Escape back to the button). Written out rather
 * than taken from a menu library to keep the first-load JavaScript small.
 */
export function ServicesMenu() {
  const [open, setOpen] = useState(false);
  const { t } = useTranslation("common");
  const to = useLocalizedPath();
  const openedByHover = useRef(false);
  const closeTimer = useRef<number | undefined>(undefined);
  const root = useRef<HTMLLIElement>(null);
  const button = useRef<HTMLButtonElement>(null);
  const panelId = useId();

  useEffect(() => {
    if (!open) return;
    const onPointerDown = (e: PointerEvent) => {
      if (!root.current?.contains(e.target as Node)) setOpen(false);
    };
    const onKey = (e: KeyboardEvent) => {
      if (e.key !== "Escape") return;
      setOpen(false);
      button.current?.focus();
    };
    document.addEventListener("pointerdown", onPointerDown);
    document.addEventListener("keydown", onKey);
    return () => {
      document.removeEventListener("pointerdown", onPointerDown);
      document.removeEventListener("keydown", onKey);
    };
  }, [open]);

  useEffect(() => () => window.clearTimeout(closeTimer.current), []);

  const show = (byHover: boolean) => {
    window.clearTimeout(closeTimer.current);
    if (!open) openedByHover.current = byHover;
    setOpen(true);
  };
  const hide = () => {
    window.clearTimeout(closeTimer.current);
    openedByHover.current = false;
    setOpen(false);
  };
  const focusLink = (index: number) => {
    const links = root.current?.querySelectorAll<HTMLAnchorElement>("[data-services-link]");
    if (links?.length) links[(index + links.length) % links.length]!.focus();
  };

  return (
    <li
      ref={root}
      className="relative"
      onPointerEnter={(e) => e.pointerType === "mouse" && show(true)}
      onPointerLeave={(e) => {
        if (e.pointerType !== "mouse") return;
        closeTimer.current = window.setTimeout(hide, CLOSE_DELAY_MS);
      }}
      onBlur={(e) => {
        if (!root.current?.contains(e.relatedTarget)) setOpen(false);
      }}
    >
      <button
        ref={button}
        type="button"
        aria-expanded={open}
        aria-controls={panelId}
        data-state={open ? "open" : "closed"}
        className="nav-link group inline-flex items-center gap-1"
        onClick={() => {
          // A click that lands right after the hover opened the menu should not shut it again.
          if (open && openedByHover.current) openedByHover.current = false;
          else if (open) hide();
          else show(false);
        }}
        onKeyDown={(e) => {
          if (e.key !== "ArrowDown") return;
          e.preventDefault();
          show(false);
          requestAnimationFrame(() => focusLink(0));
        }}
      >
        {t("nav.services")}
        <ChevronDown aria-hidden="true" className={`size-4 transition-transform ${open ? "rotate-180" : ""}`} />
      </button>
      <div id={panelId} hidden={!open} className="absolute left-0 top-full z-50 w-64 pt-2">
        <ul className="rounded-xl border border-gray-200 bg-white p-2 shadow-xl">
          {SERVICE_LINKS.map((service, index) => (
            <li key={service.path}>
              <Link
                to={to(service.path)}
                data-services-link
                onClick={hide}
                onKeyDown={(e) => {
                  if (e.key === "ArrowDown") focusLink(index + 1);
                  else if (e.key === "ArrowUp") focusLink(index - 1);
                  else return;
                  e.preventDefault();
                }}
                className="block rounded-lg px-3 py-2.5 font-medium text-ink hover:bg-brand-50 hover:text-brand-700 focus-visible:bg-brand-50"
              >
                {t(`services.${service.type}`)}
              </Link>
            </li>
          ))}
        </ul>
      </div>
    </li>
  );
}
