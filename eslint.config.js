// ESLint finds bugs; Prettier owns formatting, so no stylistic rules here.
// Type-aware rules read the TypeScript program through the project service
// (tsconfig.json); route modules need `react-router typegen` first, which
// `npm run lint` runs.
import js from "@eslint/js";
import { defineConfig, globalIgnores } from "eslint/config";
import jsxA11y from "eslint-plugin-jsx-a11y";
import reactHooks from "eslint-plugin-react-hooks";
import globals from "globals";
import tseslint from "typescript-eslint";

export default defineConfig(
  globalIgnores([
    "build/",
    ".react-router/",
    "data/",
    "content/",
    "public/",
    "test-results/",
    "playwright-report/",
    ".tmp/",
    "tests/security/observatory/",
  ]),
  { linterOptions: { reportUnusedDisableDirectives: "error" } },
  js.configs.recommended,
  tseslint.configs.recommendedTypeChecked,
  {
    languageOptions: {
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
      globals: { ...globals.node },
    },
    rules: {
      // An event handler may be async (React ignores what a handler returns); a promise where a value is
      // expected (a condition, a spread) is still an error.
      "@typescript-eslint/no-misused-promises": ["error", { checksVoidReturn: { attributes: false } }],
      // The codebase's convention for a parameter a signature needs but the body does not (Express's error
      // handler must take four) and for leaving a property out of a rest copy.
      "@typescript-eslint/no-unused-vars": [
        "error",
        { argsIgnorePattern: "^_", varsIgnorePattern: "^_", caughtErrorsIgnorePattern: "^_", ignoreRestSiblings: true },
      ],
      // React Router answers with what a loader or action throws: a Response (redirect) or `data(...)`.
      "@typescript-eslint/only-throw-error": [
        "error",
        {
          allow: [
            { from: "lib", name: "Response" },
            { from: "package", package: "react-router", name: "DataWithResponseInit" },
          ],
        },
      ],
    },
  },
  {
    files: ["app/**/*.{ts,tsx}"],
    languageOptions: { globals: { ...globals.browser } },
  },
  {
    files: ["app/**/*.{ts,tsx}"],
    extends: [reactHooks.configs.flat.recommended],
  },
  {
    // Toasts go through app/components/ui/toast.tsx, which loads the library with the first toast; a
    // direct import would put it back into every page's first download.
    files: ["app/**/*.{ts,tsx}"],
    ignores: ["app/components/ui/toast.tsx"],
    rules: {
      "no-restricted-imports": ["error", { paths: [{ name: "sonner", message: "Use ~/components/ui/toast." }] }],
    },
  },
  {
    files: ["**/*.tsx"],
    extends: [jsxA11y.flatConfigs.recommended],
    rules: {
      // A region that scrolls but holds nothing focusable takes the focus itself, or the keyboard cannot scroll
      // it (WCAG 2.1.1, axe's scrollable-region-focusable).
      "jsx-a11y/no-noninteractive-tabindex": ["error", { tags: [], roles: ["tabpanel", "region"] }],
    },
  },
  {
    // A migration must keep working after the app's table types move on, so it sees the database untyped
    // (Kysely's own advice); the migration test writes rows in the shapes of those older schemas.
    files: ["app/db/migrations/**/*.ts", "tests/integration/order-migration.test.ts"],
    rules: { "@typescript-eslint/no-explicit-any": "off" },
  },
  {
    // Playwright reads a fixture's dependencies from its first parameter's pattern: none is written `{}`.
    files: ["tests/e2e/**/*.ts"],
    rules: { "no-empty-pattern": ["error", { allowObjectPatternsAsParameters: true }] },
  },
  {
    // Plain JavaScript files are outside tsconfig.json.
    files: ["**/*.{js,mjs,cjs}"],
    extends: [tseslint.configs.disableTypeChecked],
  },
  {
    files: ["**/*.cjs"],
    languageOptions: { sourceType: "commonjs" },
  },
);
