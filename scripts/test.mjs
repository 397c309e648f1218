#!/usr/bin/env node
// `npm test`: type check and build, lint, then every test suite; ends with one line
// "N passed, N failed" that CI reads (vitest's own summary is not read).
import { spawnSync } from "node:child_process";
import { existsSync, readFileSync, rmSync } from "node:fs";
import { stripVTControlCharacters } from "node:util";

const steps = [];
let passed = 0;
let failed = 0;
// What failed, named again at the very end: CI shows only the tail of the output.
const failures = [];

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
  for (const file of report.testResults ?? []) {
    const where = file.name.replace(`${process.cwd()}/`, "");
    for (const t of file.assertionResults ?? []) {
      if (t.status === "failed") failures.push(`${where} › ${t.fullName}: ${firstLine(t.failureMessages?.[0])}`);
    }
    if (file.status === "failed" && !(file.assertionResults ?? []).some((t) => t.status === "failed")) {
      failures.push(`${where}: ${firstLine(file.message)}`);
    }
  }
  if (report.success === false && report.numFailedTests === 0 && failures.length === 0) {
    failures.push("vitest: the run failed outside any test (an unhandled error; see its output above)");
  }
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
    const report = JSON.parse(readFileSync(".test-results/playwright.json", "utf8"));
    collectPlaywright(report.suites ?? [], []);
  } else {
    failed++;
  }
} else {
  failed++;
}

function firstLine(text) {
  return (
    stripVTControlCharacters(String(text ?? ""))
      .split("\n")
      .find((l) => l.trim() !== "") ?? ""
  );
}

function collectPlaywright(suites, titles) {
  for (const suite of suites) {
    const path = suite.title ? [...titles, suite.title] : titles;
    for (const spec of suite.specs ?? []) {
      for (const test of spec.tests ?? []) {
        if (test.status === "unexpected") {
          const error = test.results?.at(-1)?.error?.message;
          failures.push(`${[...path, spec.title].join(" › ")}: ${firstLine(error)}`);
        }
      }
    }
    collectPlaywright(suite.suites ?? [], path);
  }
}

if (failures.length > 0) process.stdout.write(`\nFailed:\n${failures.map((f) => `  ${f}`).join("\n")}\n`);
process.stdout.write(`\n${steps.map((s) => `${s.ok ? "ok  " : "FAIL"} ${s.name}`).join("\n")}\n`);
process.stdout.write(`${passed} passed, ${failed} failed\n`);
process.exit(failed === 0 ? 0 : 1);
