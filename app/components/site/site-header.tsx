import { Link } from "react-router";
import type { SiteChrome } from "~/domain/content/site.server";

export function SiteHeader({ site }: { site: SiteChrome }) {
  return (
    <header className="sticky top-0 z-40 border-b border-gray-100 bg-white/90 backdrop-blur">
      <div className="mx-auto flex max-w-6xl items-center justify-between px-4 py-3">
        <Link to="/" className="text-xl font-extrabold text-brand-600">
          {site.brandName}
        </Link>
      </div>
    </header>
  );
}
