import { useRouteError } from "react-router";
import { Button } from "~/components/ui/button";
import { AdminFrame } from "./admin-frame";
import { routeErrorKind } from "~/lib/route-error";

/**
 * The admin's own error page: refused requests (a form that is not a form, a
 * cross-site post, a body too large) and failures inside /admin are shown in
 * the admin's plain frame, never under the storefront's header and footer,
 * and with a way back into the admin rather than to the shop's home page.
 */
export function AdminErrorPage() {
  const { status, notFound, refused } = routeErrorKind(useRouteError());
  const title = notFound ? "Page not found" : refused ? "Request refused" : "Something went wrong";
  const detail = notFound
    ? "This admin page does not exist or has moved."
    : refused
      ? "This request could not be handled as it was sent. Go back and try again."
      : "The admin hit an unexpected error. Try again in a moment.";
  return (
    <>
      <title>{`${title} | Admin`}</title>
      <meta name="robots" content="noindex" />
      <AdminFrame className="max-w-md text-center" data-testid="admin-error">
        <p className="text-5xl font-extrabold text-gray-400" aria-hidden="true">
          {status}
        </p>
        <h1 className="mt-2 text-xl font-bold">{title}</h1>
        <p className="mt-2 text-sm text-gray-700">{detail}</p>
        <Button asChild size="md" className="mt-5 text-sm">
          <a href="/admin/dashboard">Back to the admin</a>
        </Button>
      </AdminFrame>
    </>
  );
}
