/**
 * What the `crossbones online` tests need: a real server started in this process (apps/server's
 * `buildServer`, the server tests' FAST timing, a temporary data directory) that can be stopped
 * and started again on the same port and data, the built command run as a child process, and a
 * TCP proxy between the two that can cut the connection at a chosen moment.
 */

import { type ChildProcess, spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { connect, createServer, type Server as NetServer, type Socket } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { readServerMessage, TableCopies, type TableMessage } from "@crossbones/protocol";
import type { Timing } from "@crossbones/table";
import { buildServer, type Server } from "../../../apps/server/src/app.js";
import type { OnlineOptions } from "../../../apps/server/src/online/hub.js";
import { FAST } from "../../../apps/server/test/harness.js";

export { createTable, guest } from "../../../apps/server/test/harness.js";

export interface OnlineServer {
  readonly url: string;
  readonly port: number;
  readonly dataDir: string;
  /** The running server (a new one after `restart`). */
  readonly server: Server;
  /** Stops the server (its sockets close) and starts a new one on the same port and data. */
  restart(pauseMs?: number): Promise<void>;
  close(): Promise<void>;
}

async function listen(
  dataDir: string,
  port: number,
  timing: Partial<Timing>,
  online: Partial<OnlineOptions>,
): Promise<{ server: Server; port: number }> {
  const server = await buildServer({
    root: false,
    // Every command of a test comes from one address (127.0.0.1): no per-address request limit.
    online: {
      dataDir,
      timing: { ...FAST, ...timing },
      tablesPerAddress: 1_000_000,
      requestsPerMinute: 1_000_000,
      ...online,
    },
  });
  await server.app.listen({ port, host: "127.0.0.1" });
  const address = server.app.server.address();
  return { server, port: typeof address === "object" && address ? address.port : port };
}

/** A server on a free port (`online`: more of the hub's options, e.g. a fake clock's `now` and `timers`). */
export async function startOnlineServer(
  timing: Partial<Timing> = {},
  online: Partial<OnlineOptions> = {},
): Promise<OnlineServer> {
  const dataDir = mkdtempSync(join(tmpdir(), "crossbones-cli-online-"));
  let current = await listen(dataDir, 0, timing, online);
  const port = current.port;
  return {
    url: `http://127.0.0.1:${port}`,
    port,
    dataDir,
    get server() {
      return current.server;
    },
    async restart(pauseMs = 300) {
      await current.server.app.close();
      await new Promise((r) => setTimeout(r, pauseMs));
      current = await listen(dataDir, port, timing, online);
    },
    async close() {
      await current.server.app.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

const bin = fileURLToPath(new URL("../bin/crossbones.js", import.meta.url));

export interface CliRun {
  readonly child: ChildProcess;
  /** Standard error so far. */
  stderr(): string;
  /** Exit status and both outputs, once the command is done. */
  readonly done: Promise<{ status: number; stdout: string; stderr: string }>;
}

/** Runs the built `crossbones ...args` (with `env` added to this process's environment). */
export function crossbones(args: readonly string[], env: Record<string, string> = {}): CliRun {
  const child = spawn(process.execPath, [bin, ...args], {
    env: { ...process.env, CROSSBONES_TOKEN: "", CROSSBONES_SERVER: "", ...env },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let stdout = "";
  let stderr = "";
  child.stdout.setEncoding("utf8").on("data", (d: string) => {
    stdout += d;
  });
  child.stderr.setEncoding("utf8").on("data", (d: string) => {
    stderr += d;
  });
  const done = new Promise<{ status: number; stdout: string; stderr: string }>((resolve) => {
    child.on("close", (code, signal) => resolve({ status: code ?? (signal ? 128 : 1), stdout, stderr }));
  });
  return { child, stderr: () => stderr, done };
}

/** Waits until `test` holds, polling; throws after `ms`. */
/**
 * The whole tables in a `--dump-frames` file (one frame a line), as a client holds them: each
 * `table` message, and each patch applied to the table before it. Throws on a frame the protocol
 * refuses.
 */
export function tablesIn(dump: string): TableMessage[] {
  const copies = new TableCopies();
  return dump
    .trim()
    .split("\n")
    .flatMap((line) => {
      const read = readServerMessage(line);
      if (!read.ok) throw new Error(`not a frame (${read.reason}): ${line.slice(0, 200)}`);
      const m = copies.receive(read.message).message;
      return m?.t === "table" ? [m] : [];
    });
}

export async function until(test: () => boolean, ms = 20_000, what = "the condition"): Promise<void> {
  const end = Date.now() + ms;
  while (!test()) {
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 5));
  }
}

/**
 * A TCP proxy in front of a server. `cutAtAck(n)` makes it drop the connection, without passing
 * it on, at the chunk from the server holding the n-th `ack` (from now): the client's action was
 * applied, but the client never hears so.
 */
export class CuttingProxy {
  readonly cut: { id: string; text: string }[] = [];
  private acksLeft = -1;
  private readonly sockets = new Set<Socket>();

  private constructor(
    private readonly server: NetServer,
    readonly port: number,
  ) {}

  static async start(targetPort: number): Promise<CuttingProxy> {
    let proxy: CuttingProxy | null = null;
    const server = createServer((client) => {
      proxy?.track(client, connect(targetPort, "127.0.0.1"));
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    const address = server.address();
    proxy = new CuttingProxy(server, typeof address === "object" && address ? address.port : 0);
    return proxy;
  }

  get url(): string {
    return `http://127.0.0.1:${this.port}`;
  }

  cutAtAck(n: number): void {
    this.acksLeft = n;
  }

  private track(client: Socket, upstream: Socket): void {
    this.sockets.add(client);
    this.sockets.add(upstream);
    const drop = () => {
      client.destroy();
      upstream.destroy();
      this.sockets.delete(client);
      this.sockets.delete(upstream);
    };
    client.on("data", (d) => upstream.write(d));
    upstream.on("data", (d: Buffer) => {
      const text = d.toString("latin1");
      if (this.acksLeft > 0) {
        const acks = text.match(/"t":"ack","id":"[^"]*"/g) ?? [];
        if (acks.length >= this.acksLeft) {
          const id = /"id":"([^"]*)"/.exec(acks[this.acksLeft - 1])?.[1] ?? "";
          this.acksLeft = -1;
          this.cut.push({ id, text });
          drop();
          return;
        }
        this.acksLeft -= acks.length;
      }
      client.write(d);
    });
    client.on("close", drop);
    upstream.on("close", drop);
    client.on("error", drop);
    upstream.on("error", drop);
  }

  async close(): Promise<void> {
    for (const s of this.sockets) s.destroy();
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }
}
