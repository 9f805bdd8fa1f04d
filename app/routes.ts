import { type RouteConfig, index, layout, prefix, route } from "@react-router/dev/routes";

export default [
  // Public storefront: every page here gets the site header and footer.
  layout("routes/public/layout.tsx", [
    index("routes/public/home.tsx"),
    // storefront pages (policies, contact)
    // buying pages (service pages, checkout, track)
    // blog
  ]),

  // Public JSON API (buyers).
  ...prefix("api", [
    // buying API
  ]),

  // Admin JSON API: every route inside the guard requires an admin session.
  ...prefix("api/admin", [
    layout("routes/api/admin/guard.ts", [
      // admin API (dashboard, orders)
      // panel API
    ]),
  ]),

  // Admin pages.
  // admin pages

  // SEO files (sitemap, rss)

  route("*", "routes/not-found.tsx"),
] satisfies RouteConfig;
