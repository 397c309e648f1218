#!/usr/bin/env node
// `npm test`: type check and build, lint, then every test suite; ends with one line
// "N passed, N failed" that CI reads (vitest's own summary is not read).
import { spawnSync } from "node:child_process";
import { existsSync, readFileSync, rmSync } from "node:fs";

const steps = [];
let passed = 0;
let failed = 0;

function run(name, command, args) {
  process.stdout.write(`\n== ${name}: ${command} ${args.join(" ")}\n`);
  const r = spawnSync(command, args, { stdio: "inherit", shell: false });
  steps.push({ name, ok: r.status === 0 });
  return r.status === 0;
}

const bin = (name) => `node_modules/.bin/${name}`;

if (!run("type check and build", bin("tsc"), ["-b"])) failed++;
else passed++;
// Tests, benches and scripts are not part of any package build: check their types on their own.
if (!run("type check tests", bin("tsc"), ["-p", "tsconfig.tests.json"])) failed++;
else passed++;
if (!run("lint and format", bin("biome"), ["check", "."])) failed++;
else passed++;

rmSync(".test-results/vitest.json", { force: true });
run("unit and property tests", bin("vitest"), ["run"]);
if (existsSync(".test-results/vitest.json")) {
  const report = JSON.parse(readFileSync(".test-results/vitest.json", "utf8"));
  passed += report.numPassedTests;
  failed +=
    report.numFailedTests +
    (report.numTotalTestSuites > 0 && report.success === false && report.numFailedTests === 0 ? 1 : 0);
} else {
  failed++;
}

// The web app, end to end: its production build served by apps/server, driven in Chromium.
rmSync(".test-results/playwright.json", { force: true });
if (run("build the web app", bin("vite"), ["build", "--logLevel", "warn", "apps/web"])) {
  passed++;
  run("end-to-end tests (Chromium)", bin("playwright"), ["test", "-c", "e2e/playwright.config.ts"]);
  if (existsSync(".test-results/playwright.json")) {
    const { stats } = JSON.parse(readFileSync(".test-results/playwright.json", "utf8"));
    passed += stats.expected + stats.flaky;
    failed += stats.unexpected;
  } else {
    failed++;
  }
} else {
  failed++;
}

process.stdout.write(`\n${steps.map((s) => `${s.ok ? "ok  " : "FAIL"} ${s.name}`).join("\n")}\n`);
process.stdout.write(`${passed} passed, ${failed} failed\n`);
process.exit(failed === 0 ? 0 : 1);
