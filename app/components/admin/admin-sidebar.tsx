import { X } from "lucide-react";
import { useEffect, useRef, useState } from "react";
import { NavLink } from "react-router";
import { Button } from "~/components/ui/button";
import { ADMIN_NAV } from "./admin-nav";

/** Fixed on large screens; a drawer toggled by the header's menu button on small ones. */
export function AdminSidebar({
  open,
  onClose,
  badges = {},
}: {
  open: boolean;
  onClose: () => void;
  /** A count beside a nav entry (payments to confirm beside Orders). */
  badges?: Record<string, { count: number; label: string }>;
}) {
  // A closed drawer is off screen; keep its links out of the tab order too.
  const [narrow, setNarrow] = useState(false);
  useEffect(() => {
    const query = window.matchMedia("(max-width: 1023.98px)");
    const update = () => setNarrow(query.matches);
    update();
    query.addEventListener("change", update);
    return () => query.removeEventListener("change", update);
  }, []);
  // Open on a phone, it is a drawer over the page: Escape closes it, as the backdrop does, and focus goes into it.
  const closeButton = useRef<HTMLButtonElement>(null);
  const drawer = narrow && open;
  useEffect(() => {
    if (!drawer) return;
    closeButton.current?.focus();
    const onKey = (event: KeyboardEvent) => {
      if (event.key === "Escape") onClose();
    };
    document.addEventListener("keydown", onKey);
    return () => document.removeEventListener("keydown", onKey);
  }, [drawer, onClose]);
  return (
    <>
      {open && (
        <div
          className="fixed inset-0 z-30 bg-black/40 lg:hidden"
          onClick={onClose}
          aria-hidden
          data-testid="admin-menu-backdrop"
        />
      )}
      <aside
        inert={narrow && !open}
        className={`fixed inset-y-0 left-0 z-40 w-64 transform border-r border-gray-200 bg-white transition-transform lg:sticky lg:top-0 lg:h-screen lg:translate-x-0 ${open ? "translate-x-0" : "-translate-x-full"}`}
      >
        <div className="flex h-14 items-center justify-between border-b border-gray-200 px-4">
          <div className="flex items-center gap-2">
            <img src="/favicon.svg" alt="" width={28} height={28} />
            <span className="font-bold">Admin Panel</span>
          </div>
          <Button
            ref={closeButton}
            variant="ghost"
            size="inline"
            className="rounded-lg p-2 lg:hidden"
            aria-label="Close menu"
            onClick={onClose}
          >
            <X className="h-5 w-5" aria-hidden />
          </Button>
        </div>
        <nav className="space-y-1 p-3" aria-label="Admin navigation">
          {ADMIN_NAV.map(({ to, label, icon: Icon }) => (
            <NavLink
              key={to}
              to={to}
              className={({ isActive }) =>
                `flex items-center gap-3 rounded-lg px-3 py-2 text-sm font-medium ${isActive ? "bg-brand-50 text-brand-700" : "text-gray-700 hover:bg-gray-100"}`
              }
            >
              <Icon className="h-4 w-4" aria-hidden />
              {label}
              {(badges[to]?.count ?? 0) > 0 && (
                <span
                  className="ml-auto rounded-full bg-amber-700 px-2 py-0.5 text-xs font-bold text-white"
                  data-testid={`nav-badge-${label.toLowerCase()}`}
                >
                  {badges[to]!.count}
                  <span className="sr-only"> {badges[to]!.label}</span>
                </span>
              )}
            </NavLink>
          ))}
        </nav>
      </aside>
    </>
  );
}
