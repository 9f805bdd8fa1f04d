import { type RouteConfig, index, layout, prefix, route } from "@react-router/dev/routes";

export default [
  // Public storefront: every page here gets the site header and footer.
  layout("routes/public/layout.tsx", [
    index("routes/public/home.tsx"),
  ]),

  // JSON API (resource routes).

  // Admin panel.

  route("*", "routes/not-found.tsx"),
] satisfies RouteConfig;
