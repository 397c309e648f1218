import { createHash } from "node:crypto";
import { readdirSync, readFileSync } from "node:fs";
import { resolve } from "node:path";
import { defaultClientConditions, defineConfig, type Plugin } from "vite";
import { compressDir } from "./compress.ts";

/**
 * Writes sw.js: the service worker of sw-template.js with the list of every built file and
 * public asset to precache, and a version that changes whenever any of them does.
 */
function serviceWorker(): Plugin {
  return {
    name: "crossbones-service-worker",
    apply: "build",
    // After Vite's own hooks: its CSS plugin drops the empty script of a chunk that is only CSS
    // (a stylesheet shared by screens loaded on demand), which must not be precached (the
    // service worker's install fails on any file it cannot fetch).
    generateBundle: {
      order: "post",
      handler(_options, bundle) {
        const publicFiles = readdirSync(new URL("./public", import.meta.url));
        // A Set: running after Vite's hooks, the bundle holds index.html too.
        const files = [...new Set(["./", "index.html", ...publicFiles, ...Object.keys(bundle)])]
          .filter((f) => f !== "sw.js")
          .sort();
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
    },
  };
}

/**
 * Adds to index.html a small script that preloads the dictionary main.tsx is about to load, so
 * it downloads alongside the main chunk rather than after it. It guesses the language as
 * `readSettings` (src/settings.ts) chooses it: the saved one, else the browser's first one we
 * speak, else English. A wrong guess only costs a preload.
 */
function preloadDictionary(): Plugin {
  return {
    name: "crossbones-preload-dictionary",
    apply: "build",
    transformIndexHtml: {
      order: "post",
      handler(_html, ctx) {
        const files: Record<string, string> = {};
        for (const item of Object.values(ctx.bundle ?? {})) {
          const lang =
            item.type === "chunk" ? /\/src\/i18n\/(\w+)\.ts$/.exec(item.facadeModuleId ?? "")?.[1] : undefined;
          if (lang && lang !== "index" && lang !== "all") files[lang] = `./${item.fileName}`;
        }
        const script = `(function () {
  var files = ${JSON.stringify(files)}, lang;
  try { lang = JSON.parse(localStorage.getItem("crossbones/v1") || "{}").settings.lang; } catch (e) {}
  if (!files[lang]) {
    lang = "en";
    var wanted = navigator.languages || [navigator.language];
    for (var i = 0; i < wanted.length; i++) {
      var base = String(wanted[i]).toLowerCase().split("-")[0];
      if (files[base]) { lang = base; break; }
    }
  }
  if (!files[lang]) return;
  var link = document.createElement("link");
  link.rel = "modulepreload";
  link.href = files[lang];
  document.head.appendChild(link);
})();`;
        return [{ tag: "script", children: script, injectTo: "head-prepend" }];
      },
    },
  };
}

/**
 * Brotli and gzip copies of every built text file (compress.ts), once everything is written: the
 * service worker's list (above) names the files themselves, never their compressed copies.
 */
function precompress(): Plugin {
  let outDir = "";
  return {
    name: "crossbones-precompress",
    apply: "build",
    configResolved(config) {
      outDir = resolve(config.root, config.build.outDir);
    },
    closeBundle() {
      compressDir(outDir);
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
  plugins: [preloadDictionary(), serviceWorker(), precompress()],
});
