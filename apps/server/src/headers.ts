/**
 * Security headers on every answer (@fastify/helmet): a Content-Security-Policy that lets the page
 * run only the app's own files and its one inline script (the dictionary preload vite.config.ts
 * writes into index.html, allowed by its hash), never framed, no content sniffing, and no
 * address sent to other sites (a page's address can hold a private table's code).
 */

import { createHash } from "node:crypto";
import type { IncomingMessage } from "node:http";
import type { FastifyHelmetOptions } from "@fastify/helmet";

/** The CSP source for each inline `<script>` of a page: `'sha256-…'` of its exact text. */
export function inlineScriptHashes(html: string): string[] {
  const hashes: string[] = [];
  for (const m of html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script\s*>/gi)) {
    if (/\bsrc\s*=/i.test(m[1]) || m[2] === "") continue;
    hashes.push(`'sha256-${createHash("sha256").update(m[2], "utf8").digest("base64")}'`);
  }
  return hashes;
}

/** A Host header fit to be named in a policy (a name or an address, and a port), else null. */
function safeHost(host: string | undefined): string | null {
  return host && /^(?:[a-z0-9.-]+|\[[0-9a-f:.]+\])(?::\d{1,5})?$/i.test(host) ? host : null;
}

/**
 * Helmet's options. `scripts`: the hashes of the page's inline scripts (none without the app).
 * HSTS is left to whatever terminates TLS (the server itself speaks plain HTTP, also on a LAN);
 * `upgrade-insecure-requests` is left out: it would send a page served over plain HTTP to fetch
 * its own files over HTTPS.
 */
export function helmetOptions(scripts: readonly string[]): FastifyHelmetOptions {
  return {
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'", ...scripts],
        scriptSrcAttr: ["'none'"],
        // Preact sets styles through the DOM (allowed); the app has no inline style element.
        styleSrc: ["'self'"],
        imgSrc: ["'self'", "data:"],
        fontSrc: ["'self'"],
        // The socket at /ws: Safari does not count ws: and wss: of the page's own host as 'self'.
        connectSrc: [
          "'self'",
          (req: IncomingMessage) => {
            const host = safeHost(req.headers.host);
            return host ? `ws://${host} wss://${host}` : "";
          },
        ],
        // The bots' and the review's workers, and the service worker: the app's own files.
        workerSrc: ["'self'"],
        manifestSrc: ["'self'"],
        objectSrc: ["'none'"],
        baseUri: ["'none'"],
        formAction: ["'self'"],
        frameAncestors: ["'none'"],
      },
    },
    strictTransportSecurity: false,
    xFrameOptions: { action: "deny" },
    // Same-origin requests keep their referrer (and Origin); other sites learn nothing of the page.
    referrerPolicy: { policy: "same-origin" },
  };
}
