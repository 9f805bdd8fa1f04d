import { useCallback, useEffect, useRef, useState } from "react";
import { Outlet, useLocation, useNavigation } from "react-router";
import type { Route } from "./+types/layout";
import { AdminSidebar } from "~/components/admin/admin-sidebar";
import { SessionExpiry } from "~/components/admin/session-expiry";
import { SessionMenu } from "~/components/admin/session-menu";
import { UnsafeDefaultsBanner } from "~/components/admin/unsafe-defaults-banner";
import { bannerOpen } from "~/components/admin/unsafe-defaults-banner-state";
import { useAdminPulse } from "~/components/admin/use-admin-pulse";
import { useAdminWorker } from "~/components/admin/use-admin-worker";
import { servicesContext } from "~/context";
import { requireAdmin } from "~/domain/auth/guard.server";
import { adminPageGuard } from "~/routes/admin/middleware.server";
import { adminPulse } from "~/domain/orders/pulse.server";
import { unsafeDefaults } from "~/domain/health/unsafe-defaults.server";
import { Menu } from "lucide-react";
import { Button } from "~/components/ui/button";
import { useHydrated } from "~/lib/use-hydrated";
import { formatCount } from "~/lib/money";
import { plural, pluralWord } from "~/lib/plural";

/** Every admin page sits below this route: no session, no page (nor its data). */
export const middleware: Route.MiddlewareFunction[] = [adminPageGuard];

export async function loader({ request, context }: Route.LoaderArgs) {
  const session = requireAdmin(context);
  const services = context.get(servicesContext);
  const [pulse, unsafe] = await Promise.all([adminPulse(services.db), unsafeDefaults(services)]);
  const unsafeOpen = bannerOpen(
    request,
    unsafe.map((item) => item.id),
  );
  return { username: session.username, expiresAt: session.expiresAt, serverNow: Date.now(), pulse, unsafe, unsafeOpen };
}

export const meta: Route.MetaFunction = () => [{ name: "robots", content: "noindex" }];

export default function AdminLayout({ loaderData }: Route.ComponentProps) {
  const { pathname, hash } = useLocation();
  // The menu belongs to the page it was opened on: any navigation closes it.
  const [menuOpenOn, setMenuOpenOn] = useState<string | null>(null);
  const menuOpen = menuOpenOn === pathname;
  const menuButton = useRef<HTMLButtonElement>(null);
  // Closed by its ×, the backdrop or Escape, focus goes back to the button that opened it.
  const closeMenu = useCallback(() => {
    setMenuOpenOn(null);
    menuButton.current?.focus();
  }, []);
  const loading = useNavigation().state === "loading";
  const pulse = useAdminPulse(loaderData.pulse);
  // The menu button and the session menu do nothing until React runs: shown disabled until then.
  const running = useHydrated();
  useAdminWorker();

  useEffect(() => {
    // A link to a card (a banner's "Set your UPI ID") lands on that card, below the sticky header.
    const target = hash ? document.getElementById(hash.slice(1)) : null;
    if (target) target.scrollIntoView();
    else window.scrollTo(0, 0);
  }, [pathname, hash]);

  return (
    <div className="min-h-screen bg-gray-50 lg:flex">
      <AdminSidebar
        open={menuOpen}
        onClose={closeMenu}
        badges={{
          "/admin/orders": { count: pulse.toConfirm, label: `${pluralWord(pulse.toConfirm, "payment")} to confirm` },
        }}
      />
      <div className="flex min-w-0 flex-1 flex-col">
        <header className="sticky top-0 z-20 flex h-14 items-center justify-between border-b border-gray-200 bg-white px-4">
          <Button
            ref={menuButton}
            variant="ghost"
            size="inline"
            className="relative rounded-lg p-2 lg:hidden"
            aria-label={
              // The count the badge shows is a word of the name (WCAG 2.5.3, label in name): not "(3".
              pulse.toConfirm > 0 ? `Open menu, ${plural(pulse.toConfirm, "payment")} to confirm` : "Open menu"
            }
            aria-expanded={menuOpen}
            disabled={!running}
            onClick={() => setMenuOpenOn(pathname)}
          >
            <Menu className="h-5 w-5" aria-hidden />
            {/* On a phone the sidebar is hidden: payments waiting for confirmation show on its button. */}
            {pulse.toConfirm > 0 && (
              <span
                className="absolute -right-1 -top-1 min-w-5 rounded-full bg-amber-700 px-1.5 text-center text-xs font-bold leading-5 text-white"
                data-testid="menu-badge"
                aria-hidden
              >
                {formatCount(pulse.toConfirm)}
              </span>
            )}
          </Button>
          <div className="hidden lg:block" />
          <SessionMenu
            username={loaderData.username}
            expiresAt={loaderData.expiresAt}
            serverNow={loaderData.serverNow}
          />
        </header>
        <main className="flex-1 p-4 sm:p-6" aria-busy={loading}>
          <UnsafeDefaultsBanner items={loaderData.unsafe} open={loaderData.unsafeOpen} />
          <Outlet />
        </main>
      </div>
      <SessionExpiry expiresAt={loaderData.expiresAt} serverNow={loaderData.serverNow} />
    </div>
  );
}
