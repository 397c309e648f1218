import { createHash } from "node:crypto";
import { readdirSync, readFileSync } from "node:fs";
import { defaultClientConditions, defineConfig, type Plugin } from "vite";

/**
 * Writes sw.js: the service worker of sw-template.js with the list of every built file and
 * public asset to precache, and a version that changes whenever any of them does.
 */
function serviceWorker(): Plugin {
  return {
    name: "crossbones-service-worker",
    apply: "build",
    generateBundle(_options, bundle) {
      const publicFiles = readdirSync(new URL("./public", import.meta.url));
      const files = ["./", "index.html", ...publicFiles, ...Object.keys(bundle)].filter((f) => f !== "sw.js").sort();
      const hash = createHash("sha256");
      for (const name of Object.keys(bundle).sort()) {
        const item = bundle[name];
        hash.update(name);
        hash.update(item.type === "chunk" ? item.code : item.source);
      }
      const template = readFileSync(new URL("./sw-template.js", import.meta.url), "utf8");
      this.emitFile({
        type: "asset",
        fileName: "sw.js",
        source: template
          .replace("__VERSION__", hash.digest("hex").slice(0, 12))
          .replace("__FILES__", JSON.stringify(files)),
      });
    },
  };
}

export default defineConfig({
  // Bundle the workspace packages from their TypeScript sources ("source" export condition).
  resolve: { conditions: ["source", ...defaultClientConditions] },
  oxc: { jsx: { runtime: "automatic", importSource: "preact" } },
  worker: { format: "es" },
  base: "./",
  build: { target: "es2022", sourcemap: false },
  plugins: [serviceWorker()],
});
