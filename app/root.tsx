import {
  Links,
  Meta,
  Outlet,
  Scripts,
  ScrollRestoration,
  isRouteErrorResponse,
  useRouteError,
} from "react-router";
import type { Route } from "./+types/root";
import "./app.css";
import { Toaster } from "sonner";
import { useNonce } from "~/lib/nonce";

export function Layout({ children }: { children: React.ReactNode }) {
  const nonce = useNonce();
  return (
    <html lang="en-IN">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="theme-color" content="#d6246e" />
        <link rel="icon" href="/favicon.svg" type="image/svg+xml" />
        <Meta />
        <Links />
      </head>
      <body>
        {children}
        <Toaster position="top-center" richColors closeButton />
        <ScrollRestoration nonce={nonce} />
        <Scripts nonce={nonce} />
      </body>
    </html>
  );
}

export default function App() {
  return <Outlet />;
}

export function ErrorBoundary() {
  const error = useRouteError();
  const notFound = isRouteErrorResponse(error) && error.status === 404;
  return (
    <main className="mx-auto flex min-h-screen max-w-xl flex-col items-center justify-center gap-4 p-6 text-center">
      <title>{notFound ? "Page not found" : "Unexpected Application Error!"}</title>
      <meta name="robots" content="noindex" />
      <h1 className="text-2xl font-bold">
        {notFound ? "Oops! Page not found" : "Unexpected Application Error!"}
      </h1>
      <p className="text-gray-600">
        {notFound
          ? "The page you are looking for does not exist."
          : "Something went wrong on our side. Please try again in a moment."}
      </p>
      <a href="/" className="rounded-lg bg-brand-600 px-5 py-2.5 font-semibold text-white hover:bg-brand-700">
        Go back home
      </a>
    </main>
  );
}

export const meta: Route.MetaFunction = () => [{ title: "BoostKaro" }];
