import type { SiteChrome } from "~/domain/content/site.server";

export function SiteFooter({ site }: { site: SiteChrome }) {
  return (
    <footer className="border-t border-gray-100 px-4 py-8 text-center text-sm text-gray-600">
      <p>
        <a href={`mailto:${site.supportEmail}`}>{site.supportEmail}</a> · {site.supportPhone} · {site.location}
      </p>
    </footer>
  );
}
