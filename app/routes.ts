import { type RouteConfig, index, layout, prefix, route } from "@react-router/dev/routes";

/**
 * The storefront's translated pages for one language: English at the usual
 * paths and ids, Hindi under /hi with ids of their own over the same modules.
 */
function storefront(locale: "en" | "hi") {
  const at = (path: string) => (locale === "en" ? path : path ? `hi/${path}` : "hi");
  const id = (name: string) => (locale === "en" ? name : `hi-${name}`);
  const page = (path: string, file: string, name?: string) =>
    locale === "en" && !name ? route(path, file) : route(at(path), file, { id: id(name ?? path) });
  return [
    locale === "en" ? index("routes/public/home.tsx") : route("hi", "routes/public/home.tsx", { id: "hi-home" }),
    // storefront pages (policies, contact)
    page("privacy-policy", "routes/public/privacy-policy.tsx"),
    page("terms-of-service", "routes/public/terms-of-service.tsx"),
    page("delivery-policy", "routes/public/delivery-policy.tsx"),
    page("refund-policy", "routes/public/refund-policy.tsx"),
    page("contact-us", "routes/public/contact-us.tsx"),
    // buying pages (service pages, checkout, track)
    page("followers", "routes/public/service.tsx", "service-followers"),
    page("likes", "routes/public/service.tsx", "service-likes"),
    page("views", "routes/public/service.tsx", "service-views"),
    page("comments", "routes/public/service.tsx", "service-comments"),
    page("checkout", "routes/public/checkout.tsx"),
    page("track", "routes/public/track.tsx"),
    page("stop-updates", "routes/public/stop-updates.tsx"),
    page("receipt", "routes/public/receipt.tsx"),
  ];
}

/**
 * The admin JSON API: each URL under /api/admin with its module in routes/api/admin/, and a route id
 * where two URLs share a module. Every one sits inside the guard, which requires an admin session.
 */
const ADMIN_API: Array<[path: string, file: string, id?: string]> = [
  // admin API (dashboard, orders)
  ["dashboard", "dashboard"],
  ["pulse", "pulse"],
  ["orders", "orders"],
  ["orders/export", "orders-export"],
  ["tax-documents/export", "tax-documents-export"],
  ["orders/:id", "order"],
  ["orders/:id/:action", "order-action"],
  // panel API
  ["panel/services", "panel-services"],
  ["panel/balance", "panel-balance"],
  ["panel/update-profits", "panel-profits"],
  ["panels/:panelId/services", "panel-service-search"],
  // plans, settings and danger zone API
  ["plans", "plans"],
  ["plans/:id", "plan", "plan"],
  ["plans/:id/toggle", "plan", "plan-toggle"],
  ["setting", "setting-save"],
  ["setting/:key", "setting"],
  ["delete-selected-data", "delete-data", "delete-selected"],
  ["delete-all-data", "delete-data", "delete-all"],
  ["confirm-password", "confirm-password"],
  ["payment-check", "payment-check"],
  ["backups", "backups", "backups"],
  ["backups/:name", "backups", "backup"],
  ["database-backups/:name", "database-backups"],
  // alerts API (this device's Web Push subscription)
  ["push-subscriptions", "push-subscriptions"],
];

export default [
  // Public storefront: every page here gets the site header and footer.
  layout("routes/public/layout.tsx", [
    ...storefront("en"),
    // blog (English only)
    route("blog", "routes/public/blog-index.tsx"),
    route("blog/:slug", "routes/public/blog-article.tsx"),
    // The same pages in Hindi under /hi (app/lib/i18n/locale.ts): the address alone names the language.
    ...storefront("hi"),
  ]),

  // A paid order's receipt as a PDF (order id and phone posted, as /receipt).
  route("receipt.pdf", "routes/public/receipt-pdf.ts"),

  // Public JSON API (buyers).
  ...prefix("api", [
    // buying API
    route("orders/:orderId/utr", "routes/api/order-utr.ts"),
    route("orders/:orderId/qr.png", "routes/api/order-qr.ts"),
    route("plans", "routes/api/plans.ts"),
    route("recent-orders", "routes/api/recent-orders.ts"),
    route("coupons/quote", "routes/api/coupon-quote.ts"),
    // payment sources (signed by the sender, no session)
    route("payments/sms-alert", "routes/api/payments-sms-alert.ts"),
    route("payments/app-alert", "routes/api/payments-app-alert.ts"),
    route("payments/razorpay-webhook", "routes/api/payments-razorpay-webhook.ts"),
    route("alerts/telegram", "routes/api/alerts-telegram.ts"),
    route("orders/:orderId/gateway", "routes/api/order-gateway.ts"),
    route("orders/:orderId/gateway/check", "routes/api/order-gateway-check.ts"),
    // buyer messages: this browser's notifications for one order; WhatsApp's webhook (signed by Meta)
    route("orders/:orderId/notifications", "routes/api/order-notifications.ts"),
    route("whatsapp/webhook", "routes/api/whatsapp-webhook.ts"),
  ]),

  // Admin JSON API: every route inside the guard requires an admin session.
  ...prefix("api/admin", [
    layout(
      "routes/api/admin/guard.ts",
      ADMIN_API.map(([path, file, id]) => {
        const module = `routes/api/admin/${file}.ts`;
        return id ? route(path, module, { id: `api-admin-${id}` }) : route(path, module);
      }),
    ),
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
      route("complaints", "routes/admin/complaints.tsx"),
      route("payments", "routes/admin/payments.tsx"),
      route("plans", "routes/admin/plans.tsx"),
      route("coupons", "routes/admin/coupons.tsx"),
      route("panels", "routes/admin/panels.tsx"),
      route("social-proof", "routes/admin/social-proof.tsx"),
      route("settings", "routes/admin/settings.tsx"),
      route("health", "routes/admin/health.tsx"),
      route("audit", "routes/admin/audit.tsx"),
      route("account", "routes/admin/account.tsx"),
      route("docs/:name", "routes/admin/docs.tsx"),
    ]),
  ]),

  // SEO files (robots, sitemap, rss)
  route("robots.txt", "routes/seo/robots.ts"),
  route("sitemap.xml", "routes/seo/sitemap.ts"),
  route("blog/rss.xml", "routes/seo/rss.ts"),

  route("*", "routes/not-found.tsx"),
] satisfies RouteConfig;
