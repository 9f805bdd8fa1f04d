import { lazy, Suspense, useSyncExternalStore } from "react";
import { useTranslation } from "react-i18next";

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

function show(kind: "success" | "error" | "info", message: string, options?: Options): void {
  void loadSonner().then(({ toast: sonnerToast }) => sonnerToast[kind](message, options));
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
        richColors
        closeButton
        containerAriaLabel={t("toast.region")}
        toastOptions={{ closeButtonAriaLabel: t("toast.close") }}
      />
    </Suspense>
  );
}
