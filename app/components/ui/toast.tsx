import { lazy, Suspense, useLayoutEffect, useSyncExternalStore } from "react";
import { useTranslation } from "react-i18next";
import { useLocation } from "react-router";

type Sonner = typeof import("sonner");
type Options = { description?: string };

/*
 * Toasts load their library (about 10 KB gzip) with the first toast, not with
 * every page: most visits to the storefront never see one. Sonner keeps the
 * toasts created before its Toaster subscribed and shows them once it does.
 */
let sonner: Promise<Sonner> | undefined;
const listeners = new Set<() => void>();

function loadSonner(): Promise<Sonner> {
  if (!sonner) {
    sonner = import("sonner");
    for (const listener of listeners) listener();
  }
  return sonner;
}

/*
 * A toast is about the page it was raised on: when the address moves to
 * another page, the old page's toasts go (an error from a dialog must not
 * follow the buyer to the checkout). `page` counts the pages shown.
 */
let page = 0;
const raisedOn = new Map<string | number, number>();

function show(kind: "success" | "error" | "info", message: string, options?: Options): void {
  const on = page;
  void loadSonner().then(({ toast: sonnerToast }) => {
    // Raised by a page that was left before the library arrived: nothing to say on this one.
    if (on !== page) return;
    raisedOn.set(sonnerToast[kind](message, options), on);
  });
}

/** The page changed: the toasts raised before go. Called before the new page's own effects may raise theirs. */
function leavePage(): void {
  page += 1;
  const current = page;
  void sonner?.then(({ toast: sonnerToast }) => {
    for (const [id, on] of raisedOn) {
      if (on === current) continue;
      sonnerToast.dismiss(id);
      raisedOn.delete(id);
    }
  });
}

/** The one way the app raises a toast. */
export const toast = {
  success: (message: string, options?: Options) => show("success", message, options),
  error: (message: string, options?: Options) => show("error", message, options),
  info: (message: string, options?: Options) => show("info", message, options),
};

const LazyToaster = lazy(() => loadSonner().then((m) => ({ default: m.Toaster })));

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

/** Where toasts appear; renders nothing, and loads nothing, until the first toast is raised. */
export function Toaster() {
  const { t } = useTranslation("common");
  const { pathname } = useLocation();
  // A layout effect: it runs before any passive effect of the new page, which may raise that page's toasts.
  useLayoutEffect(() => leavePage(), [pathname]);
  const wanted = useSyncExternalStore(
    subscribe,
    () => sonner !== undefined,
    () => false,
  );
  if (!wanted) return null;
  return (
    <Suspense fallback={null}>
      <LazyToaster
        position="top-center"
        // On a phone, below the sticky header (56-64 px): a toast must never cover the menu button.
        mobileOffset={{ top: 72 }}
        richColors
        closeButton
        containerAriaLabel={t("toast.region")}
        toastOptions={{ closeButtonAriaLabel: t("toast.close") }}
      />
    </Suspense>
  );
}
