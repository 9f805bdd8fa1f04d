import { useEffect } from "react";
import { Outlet, data } from "react-router";
import { toast as showToast } from "~/components/ui/toast";
import type { Route } from "./+types/boundary";
import { adminPageBoundary } from "~/routes/admin/middleware.server";
import { readToast } from "~/lib/server/toast.server";
import { AdminErrorPage } from "~/components/admin/admin-error-page";
import { AdminAppMeta } from "~/components/admin/admin-app-meta";
import { ADMIN_MANIFEST_URL } from "~/lib/admin-app";

/**
 * Parent of every admin page, the sign-in, setup and sign-out pages included:
 * its middleware refuses cross-site writes and marks every answer no-store
 * before any child loader or action runs (app/routes/admin/middleware.server.ts).
 */
export const middleware: Route.MiddlewareFunction[] = [adminPageBoundary];

/** The admin installs as its own app on the operator's phone; the storefront never offers it. */
export const links: Route.LinksFunction = () => [
  { rel: "manifest", href: ADMIN_MANIFEST_URL },
  { rel: "apple-touch-icon", href: "/apple-touch-icon.png" },
];

/** The toast a redirect left for this page (app/lib/server/toast.server.ts), read once. */
export function loader({ request }: Route.LoaderArgs) {
  const { toast, headers } = readToast(request);
  return data({ toast }, headers ? { headers } : undefined);
}

export default function AdminBoundary({ loaderData }: Route.ComponentProps) {
  const { toast } = loaderData;
  useEffect(() => {
    if (!toast) return;
    if (toast.type === "success") showToast.success(toast.message);
    else showToast.error(toast.message);
  }, [toast]);
  return (
    <>
      <AdminAppMeta />
      <Outlet />
    </>
  );
}

/** Errors anywhere in the admin (sign-in, setup and the signed-in pages) stay in the admin's frame. */
export const ErrorBoundary = AdminErrorPage;
