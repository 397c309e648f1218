import { defaultClientConditions, defineConfig } from "vite";

export default defineConfig({
  // Bundle the workspace packages from their TypeScript sources ("source" export condition).
  resolve: { conditions: ["source", ...defaultClientConditions] },
  oxc: { jsx: { runtime: "automatic", importSource: "preact" } },
  worker: { format: "es" },
  base: "./",
  build: { target: "es2022", sourcemap: false },
});
