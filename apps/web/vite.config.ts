import { defineConfig } from "vite";

export default defineConfig({
  resolve: { conditions: ["source"] },
  oxc: { jsx: { runtime: "automatic", importSource: "preact" } },
  build: { target: "es2022" },
});
