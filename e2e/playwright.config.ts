/**
 * End-to-end tests of the web app in Debian's Chromium, against the production build served by
 * apps/server (as `npm start` serves it). `npm test` builds the app first and reads the JSON
 * report; screenshots go to test-results/ as artifacts.
 */

import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { defineConfig, devices } from "@playwright/test";

const PORT = Number(process.env.E2E_PORT ?? 3199);

export default defineConfig({
  testDir: ".",
  testMatch: process.env.E2E_BENCH ? "bench/*.bench.ts" : "*.spec.ts",
  outputDir: "../test-results/e2e",
  fullyParallel: false,
  workers: 1,
  retries: 0,
  timeout: 90_000,
  expect: { timeout: 15_000 },
  reporter: [["list"], ["json", { outputFile: "../.test-results/playwright.json" }]],
  use: {
    baseURL: `http://localhost:${PORT}/`,
    ...devices["Desktop Chrome"],
    viewport: { width: 1280, height: 800 },
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
      args: [
        "--headless",
        "--no-sandbox",
        "--disable-gpu",
        "--no-first-run",
        "--disable-background-networking",
        "--disable-component-update",
        "--disable-sync",
      ],
    },
    screenshot: "only-on-failure",
    trace: "off",
  },
  webServer: {
    command: "node ../apps/server/bin/server.js",
    // Online tables in a fresh directory: every run starts with no guests and no tables.
    // Quick match fills with bots after 3 s (the default 20 s would only slow the tests).
    env: {
      PORT: String(PORT),
      DATA_DIR: mkdtempSync(join(tmpdir(), "crossbones-e2e-")),
      QUICK_WAIT: "3",
      QUICK_ONE_PER_ADDRESS: "off",
      TABLES_PER_ADDRESS: "1000",
    },
    url: `http://localhost:${PORT}/healthz`,
    reuseExistingServer: false,
    timeout: 30_000,
  },
});
