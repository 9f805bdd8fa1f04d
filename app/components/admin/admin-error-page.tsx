import { useRouteError } from "react-router";
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
      <main className="flex min-h-screen items-center justify-center bg-gray-50 px-4 py-10" data-testid="admin-error">
        <div className="w-full max-w-md rounded-2xl border border-gray-200 bg-white p-6 text-center shadow-sm">
          <p className="text-5xl font-extrabold text-gray-400" aria-hidden="true">
            {status}
          </p>
          <h1 className="mt-2 text-xl font-bold">{title}</h1>
          <p className="mt-2 text-sm text-gray-700">{detail}</p>
          <a
            href="/admin/dashboard"
            className="mt-5 inline-block rounded-lg bg-brand-600 px-4 py-2 text-sm font-semibold text-white hover:bg-brand-700"
          >
            Back to the admin
          </a>
        </div>
      </main>
    </>
  );
}
