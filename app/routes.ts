import { type RouteConfig, index, layout, prefix, route } from "@react-router/dev/routes";

export default [
  // Public storefront: every page here gets the site header and footer.
  layout("routes/public/layout.tsx", [
    index("routes/public/home.tsx"),
    // storefront pages (policies, contact)
    route("privacy-policy", "routes/public/privacy-policy.tsx"),
    route("terms-of-service", "routes/public/terms-of-service.tsx"),
    route("delivery-policy", "routes/public/delivery-policy.tsx"),
    route("refund-policy", "routes/public/refund-policy.tsx"),
    route("contact-us", "routes/public/contact-us.tsx"),
    // buying pages (service pages, checkout, track)
    route("followers", "routes/public/service.tsx", { id: "service-followers" }),
    route("likes", "routes/public/service.tsx", { id: "service-likes" }),
    route("views", "routes/public/service.tsx", { id: "service-views" }),
    route("comments", "routes/public/service.tsx", { id: "service-comments" }),
    route("checkout", "routes/public/checkout.tsx"),
    route("track", "routes/public/track.tsx"),
    // blog
    route("blog", "routes/public/blog-index.tsx"),
    route("blog/:slug", "routes/public/blog-article.tsx"),
  ]),

  // Public JSON API (buyers).
  ...prefix("api", [
    // buying API
    route("create-order", "routes/api/create-order.ts"),
    route("orders/:orderId/utr", "routes/api/order-utr.ts"),
    route("plans", "routes/api/plans.ts"),
    route("recent-orders", "routes/api/recent-orders.ts"),
    // payment sources (signed by the sender, no session)
    route("payments/sms-alert", "routes/api/payments-sms-alert.ts"),
    route("payments/razorpay-webhook", "routes/api/payments-razorpay-webhook.ts"),
    route("alerts/telegram", "routes/api/alerts-telegram.ts"),
    route("orders/:orderId/gateway", "routes/api/order-gateway.ts"),
    route("orders/:orderId/gateway/check", "routes/api/order-gateway-check.ts"),
  ]),

  // Admin JSON API: every route inside the guard requires an admin session.
  ...prefix("api/admin", [
    layout("routes/api/admin/guard.ts", [
      // admin API (dashboard, orders)
      route("dashboard", "routes/api/admin/dashboard.ts"),
      route("pulse", "routes/api/admin/pulse.ts"),
      route("orders", "routes/api/admin/orders.ts"),
      route("orders/export", "routes/api/admin/orders-export.ts"),
      route("orders/:id", "routes/api/admin/order.ts"),
      route("orders/:id/:action", "routes/api/admin/order-action.ts"),
      // panel API
      route("panel/services", "routes/api/admin/panel-services.ts"),
      route("panel/balance", "routes/api/admin/panel-balance.ts"),
      route("panel/update-profits", "routes/api/admin/panel-profits.ts"),
      // plans, settings and danger zone API
      route("plans", "routes/api/admin/plans.ts"),
      route("plans/:id", "routes/api/admin/plan.ts", { id: "api-admin-plan" }),
      route("plans/:id/toggle", "routes/api/admin/plan.ts", { id: "api-admin-plan-toggle" }),
      route("setting", "routes/api/admin/setting-save.ts"),
      route("setting/:key", "routes/api/admin/setting.ts"),
      route("delete-selected-data", "routes/api/admin/delete-data.ts", { id: "api-admin-delete-selected" }),
      route("delete-all-data", "routes/api/admin/delete-data.ts", { id: "api-admin-delete-all" }),
      route("backups", "routes/api/admin/backups.ts", { id: "api-admin-backups" }),
      route("backups/:name", "routes/api/admin/backups.ts", { id: "api-admin-backup" }),
      // alerts API (this device's Web Push subscription)
      route("push-subscriptions", "routes/api/admin/push-subscriptions.ts"),
    ]),
  ]),

  // The admin's web app manifest: no session (browsers fetch it without cookies), no secrets.
  route("admin/manifest.webmanifest", "routes/admin/manifest.ts"),

  // Admin pages. The boundary (cross-site refusal, no-store) is the parent of all of them.
  layout("routes/admin/boundary.tsx", [
    route("admin/login", "routes/admin/login.tsx"),
    route("admin/setup", "routes/admin/setup.tsx"),
    route("admin/logout", "routes/admin/logout.ts"),
    // Every page inside requires an admin session (the layout's middleware).
    route("admin", "routes/admin/layout.tsx", [
      index("routes/admin/index.ts"),
      route("dashboard", "routes/admin/dashboard.tsx"),
      route("orders", "routes/admin/orders.tsx"),
      route("orders/:orderId", "routes/admin/order-details.tsx"),
      route("payments", "routes/admin/payments.tsx"),
      route("plans", "routes/admin/plans.tsx"),
      route("social-proof", "routes/admin/social-proof.tsx"),
      route("settings", "routes/admin/settings.tsx"),
      route("audit", "routes/admin/audit.tsx"),
      route("account", "routes/admin/account.tsx"),
    ]),
  ]),

  // SEO files (robots, sitemap, rss)
  route("robots.txt", "routes/seo/robots.ts"),
  route("sitemap.xml", "routes/seo/sitemap.ts"),
  route("blog/rss.xml", "routes/seo/rss.ts"),

  route("*", "routes/not-found.tsx"),
] satisfies RouteConfig;
