import { fileURLToPath } from "node:url";
import { defineConfig } from "vitest/config";

const src = (pkg: string) => fileURLToPath(new URL(`./packages/${pkg}/src/index.ts`, import.meta.url));

export default defineConfig({
  resolve: {
    // Tests run against the TypeScript sources of the workspace packages, not their builds.
    alias: {
      "@crossbones/engine": src("engine"),
      "@crossbones/bots": src("bots"),
      "@crossbones/cli": src("cli"),
      "@crossbones/protocol": src("protocol"),
      "@crossbones/fair": src("fair"),
      "@crossbones/table": src("table"),
      "@crossbones/tournament": src("tournament"),
    },
  },
  test: {
    include: ["packages/*/test/**/*.test.ts", "apps/*/test/**/*.test.ts"],
    reporters: ["default", ["json", { outputFile: ".test-results/vitest.json" }]],
    testTimeout: 60_000,
  },
});
