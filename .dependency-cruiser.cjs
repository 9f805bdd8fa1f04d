// Which layer may import which (the picture is in docs/architecture.md). `npm run deps:check` runs this
// over every source folder and config file, then scripts/check-unused-deps.mjs for the reverse question.

// The feature folders under app/domain, lowest first (ADR 0018, 0040). A feature imports only features listed
// before it, so no two feature folders import each other, directly or round a longer loop: "a payment arrives"
// walks one way, checkout → payments → fulfilment → orders, and what follows a change to an order (or to a
// panel's services list) is order-events' listeners. There are no exceptions (ADR 0040 emptied the list):
// a feature that needs one above it publishes an event, or the code that spans both moves up.
const FEATURES = [
  "jobs",
  "audit",
  "panel",
  "public-pages",
  "receiving-accounts",
  "settings",
  "social-proof",
  "auth",
  "mail-server",
  "plans",
  "orders",
  "coupons",
  "fulfilment",
  "dashboard",
  "content",
  "operator-alerts",
  "self-service",
  "complaints",
  "receipts",
  "payments",
  "checkout",
  "buyer-messages",
  "privacy",
  "backups",
  "health",
  "order-actions",
  "order-events",
];

const above = (feature) => FEATURES.slice(FEATURES.indexOf(feature) + 1);
const folders = (names) => `^app/domain/(${names.join("|")})/`;

const featureRules = FEATURES.slice(0, -1).map((feature) => ({
  name: "feature-folders-one-way",
  comment:
    `app/domain/${feature} imports only the features before it in FEATURES (.dependency-cruiser.cjs), so ` +
    "feature folders never import each other in a loop. React to another feature's change with a listener " +
    "(app/domain/order-events/subscribers.server.ts) instead of importing it.",
  severity: "error",
  from: { path: `^app/domain/${feature}/` },
  to: { path: folders(above(feature)) },
}));

/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: "orders-know-no-listeners",
      comment:
        "The status writer publishes what happened (app/domain/orders/events.server.ts); the audit, the operator alerts, " +
        "the public pages and the payments listen in app/domain/order-events/. Orders never import them.",
      severity: "error",
      from: { path: "^app/domain/orders/" },
      to: {
        path: "^app/domain/(payments|operator-alerts|public-pages|self-service|order-events|order-actions|checkout|buyer-messages)/",
      },
    },
    ...featureRules,
    {
      name: "feature-folder-listed",
      comment:
        "Every folder under app/domain is a feature listed in FEATURES (.dependency-cruiser.cjs), so the one-way " +
        "rule sees it: add a new folder to the list where it belongs.",
      severity: "error",
      from: { path: "^app/domain/", pathNot: folders(FEATURES) },
      to: {},
    },
    {
      name: "domain-not-to-ui",
      comment:
        "The domain (app/domain) is plain functions over the database: it never imports routes or components, " +
        "so it runs the same from a loader, a job, a script or a test.",
      severity: "error",
      from: { path: "^app/domain/" },
      to: { path: "^app/(routes|components)/" },
    },
    {
      name: "lib-imports-nothing-above",
      comment:
        "app/lib is the bottom layer (ADR 0051): helpers every layer may use, importing only packages and other " +
        "lib files. What needs the domain, a route or the database lives above it (a route, server/hot-routes).",
      severity: "error",
      from: { path: "^app/lib/" },
      to: { path: "^(app/(?!lib/)|server/)" },
    },
    {
      name: "universal-lib-runs-anywhere",
      comment:
        "app/lib (outside server/ and client/) runs in Node and in the browser alike, so it imports neither " +
        "app/lib/server (Node only) nor app/lib/client (browser only).",
      severity: "error",
      from: { path: "^app/lib/(?!server/|client/)" },
      to: { path: "^app/lib/(server|client)/" },
    },
    {
      name: "client-only-not-on-the-server",
      comment:
        "app/lib/client touches what only a browser has (fetch to the shop's API, service workers): server code " +
        "(server/, app/lib/server, the domain, the database, *.server files) never imports it.",
      severity: "error",
      from: { path: "(^server/|^app/(lib/server|domain|db)/|\\.server\\.tsx?$)" },
      to: { path: "^app/lib/client/" },
    },
    {
      name: "server-only-not-in-the-browser",
      comment:
        "app/lib/server holds Node-only code (the edge's answers, body parsing, config, logging): what runs in the " +
        "browser (app/lib/client, the universal lib, components, islands, *.client files) never imports it.",
      severity: "error",
      from: { path: "(^app/lib/client/|^app/lib/(?!server/)|^app/(components|islands)/|\\.client\\.tsx?$)" },
      to: { path: "^app/lib/server/", dependencyTypesNot: ["type-only"] },
    },
    {
      name: "app-not-to-server",
      comment:
        "app/ is what React Router builds; server/ is the Express process around it. The server passes what " +
        "the app needs through the request context, so app/ never imports server/.",
      severity: "error",
      from: { path: "^app/" },
      to: { path: "^server/" },
    },
    {
      name: "no-circular",
      comment: "An import cycle makes load order matter and hides which module owns what.",
      severity: "error",
      from: {},
      to: { circular: true },
    },
    {
      name: "not-to-unresolvable",
      comment: "An import that resolves to nothing: a typo, or a package that is not installed.",
      severity: "error",
      from: {},
      // React Router's generated route types (./+types/…) live under .react-router/types, joined by tsconfig's rootDirs;
      // its server build, the language chunks' addresses (scripts/locale-chunks/) and the static pages' script
      // address (scripts/islands/) are Vite virtual modules that exist only inside the build.
      to: {
        couldNotResolve: true,
        pathNot: ["^\\./\\+types/", "^virtual:react-router/", "^virtual:locale-chunks$", "^virtual:islands$"],
      },
    },
    {
      name: "islands-without-react",
      comment:
        "app/islands/ is all the JavaScript a static page loads (ADR 0010): React, React Router or i18next " +
        "there would bring them back into every page's first download.",
      severity: "error",
      from: { path: "^app/islands/" },
      to: {
        path: "(node_modules/(react|react-dom|react-router|i18next|react-i18next)/|^app/(components|routes|locales/instance|lib/i18n/use-locale))",
      },
    },
    {
      name: "radix-only-in-ui",
      comment:
        "Radix's primitives are wrapped once in app/components/ui (styled with cva, like Button and Input); " +
        "features use those wrappers, so a menu, a select or a checkbox looks and behaves the same everywhere.",
      severity: "error",
      from: { pathNot: "^app/components/ui/" },
      to: { path: "node_modules/@radix-ui/" },
    },
    {
      name: "no-undeclared-dependency",
      comment:
        "A package used but not in package.json works only while some other package happens to pull it in; " +
        "`npm ci` on a clean machine may not.",
      severity: "error",
      from: {},
      to: { dependencyTypes: ["npm-no-pkg", "npm-unknown"] },
    },
    {
      name: "shipped-code-not-to-dev-dependency",
      comment:
        "The production build leaves packages in node_modules, so what app/ and server/ load at run time " +
        "must be a dependency, not a devDependency. Type-only imports vanish in the build; app/routes.ts is " +
        "read by the React Router build only; Vite is loaded only by the development server (--dev).",
      severity: "error",
      from: { path: "^(app|server)/", pathNot: ["\\.(test|fixture)\\.tsx?$", "^app/routes\\.ts$"] },
      to: { dependencyTypes: ["npm-dev"], dependencyTypesNot: ["type-only"], pathNot: "node_modules/vite/" },
    },
  ],
  options: {
    doNotFollow: { path: "node_modules" },
    exclude: { path: "^(build|\\.react-router|data|content|public|test-results|playwright-report|\\.tmp)/" },
    // Type-only imports count for cycles and layering too: a type pulled from the wrong layer is still a coupling.
    tsPreCompilationDeps: true,
    tsConfig: { fileName: "tsconfig.json" },
    enhancedResolveOptions: {
      exportsFields: ["exports"],
      conditionNames: ["import", "require", "node", "default", "types"],
      mainFields: ["module", "main", "types", "typings"],
    },
    skipAnalysisNotInRules: true,
  },
};
