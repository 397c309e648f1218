/**
 * The online flow of online.spec.ts on a cluster (issue 12, Tests): three server processes on
 * this machine's PostgreSQL and Redis (a database and key prefix of this test's own), each browser
 * on a different process: Ama makes the table on the first, Bea joins by the invite link on the
 * second, Cy watches from the third.
 */

import { type ChildProcess, spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { type Services, services } from "../apps/server/test/services";
import { test } from "./fixtures";
import { partnerFlow } from "./online-flow";

const here = dirname(fileURLToPath(import.meta.url));
const PORTS = [3211, 3212, 3213];
let svc: Services;
const children: ChildProcess[] = [];
const dataDir = mkdtempSync(join(tmpdir(), "crossbones-e2e-cluster-"));

test.beforeAll(async () => {
  test.setTimeout(60_000);
  svc = await services();
  for (const port of PORTS) {
    const child = spawn(process.execPath, ["../apps/server/bin/server.js"], {
      cwd: here,
      env: {
        ...process.env,
        PORT: String(port),
        DATA_DIR: dataDir,
        DATABASE_URL: svc.databaseUrl,
        REDIS_URL: svc.redisUrl,
        REDIS_PREFIX: svc.redisPrefix,
        LOG_LEVEL: "warn",
        // Every browser here is on one machine.
        QUICK_ONE_PER_ADDRESS: "off",
        TABLES_PER_ADDRESS: "1000",
      },
      stdio: ["ignore", "ignore", "inherit"],
    });
    children.push(child);
  }
  for (const port of PORTS) {
    const deadline = Date.now() + 30_000;
    for (;;) {
      const ok = await fetch(`http://localhost:${port}/readyz`).then(
        (r) => r.ok,
        () => false,
      );
      if (ok) break;
      if (Date.now() > deadline) throw new Error(`the server on port ${port} did not start`);
      await new Promise((r) => setTimeout(r, 200));
    }
  }
});

test.afterAll(async () => {
  await Promise.all(
    children.map(
      (c) =>
        new Promise<void>((resolve) => {
          if (c.exitCode !== null) return resolve();
          c.once("exit", () => resolve());
          c.kill("SIGTERM");
        }),
    ),
  );
  await svc?.cleanUp();
  rmSync(dataDir, { recursive: true, force: true });
});

test("the Partner flow with each browser on a different server process", async ({ browser }) => {
  test.setTimeout(180_000);
  const [a, b, c] = PORTS.map((p) => `http://localhost:${p}/`);
  await partnerFlow(browser, [a, b, c]);
});
