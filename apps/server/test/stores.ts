/**
 * Both stores for a test file that checks they keep the same promises: SQLite in a fresh data
 * directory (or the file's one directory, `sameDir`, to open the same database again) and
 * PostgreSQL in the file's own database (services.ts), both cleaned up after the file.
 */

import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll } from "vitest";
import { PgStore } from "../src/online/pg-store.js";
import { SqliteStore } from "../src/online/sqlite-store.js";
import type { Store } from "../src/online/store.js";
import { type Services, services } from "./services.js";

export interface StoreKind {
  readonly name: "sqlite" | "postgres";
  open(): Promise<Store>;
}

/** The two kinds of store (call at the top of a test file: it registers the set-up and clean-up). */
export function bothStores(options: { sameDir?: boolean } = {}): { kinds: StoreKind[]; services: () => Services } {
  let svc: Services;
  const dirs: string[] = [];
  beforeAll(async () => {
    svc = await services();
  });
  afterAll(async () => {
    await svc?.cleanUp();
    for (const d of dirs) rmSync(d, { recursive: true, force: true });
  });
  const sqliteDir = () => {
    if (options.sameDir && dirs[0]) return dirs[0];
    const dir = mkdtempSync(join(tmpdir(), "crossbones-store-"));
    dirs.push(dir);
    return dir;
  };
  return {
    kinds: [
      { name: "sqlite", open: async () => new SqliteStore(sqliteDir()) },
      { name: "postgres", open: () => PgStore.open(svc.databaseUrl) },
    ],
    services: () => svc,
  };
}
