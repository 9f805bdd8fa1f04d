import { fileURLToPath } from "node:url";
import { defineConfig } from "vitest/config";

const alias = { "~": fileURLToPath(new URL("./app", import.meta.url)) };

export default defineConfig({
  resolve: { alias },
  test: {
    projects: [
      {
        resolve: { alias },
        test: {
          name: "unit",
          include: ["app/**/*.test.{ts,tsx}", "server/**/*.test.ts", "scripts/**/*.test.ts"],
          environment: "node",
        },
      },
      {
        resolve: { alias },
        test: {
          name: "integration",
          include: ["tests/integration/**/*.test.ts"],
          setupFiles: ["tests/support/order-listeners.ts"],
          environment: "node",
          testTimeout: 30_000,
          hookTimeout: 60_000,
          // Two files at a time: most of an integration test's time is spent waiting on a server, a
          // database or a window to close, so a second file fills the gaps (ADR 0016). Each test has
          // a database of its own and every server a port of its own; a file must not assume it is alone.
          fileParallelism: true,
          maxWorkers: Number(process.env.INTEGRATION_WORKERS ?? 2),
        },
      },
    ],
  },
});
