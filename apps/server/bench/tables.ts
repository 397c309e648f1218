/**
 * `npm run bench:server`: many live tables on one server, over loopback. The server runs as its
 * own process (so its CPU and memory are its own); this process plays every seat of every table
 * like people do: a move 1–3 s after the seat's turn comes (random), a rematch after each game.
 * Measured: from an action sent to the new position reaching all four seats (p50, p99), actions a
 * second, the server's CPU (share of one core) and its resident memory per live table.
 *
 * Options: --tables N (default 1000), --seconds S of measuring after the tables are full
 * (default 60; a soak: 600), --game french|cutthroat|partner (default french), --store
 * sqlite|postgres (default sqlite), --processes N (default 1; more than one is a cluster on this
 * machine's PostgreSQL and Redis, each table made on one process and its four people connected to
 * four processes in turn, so most frames cross Redis), --sync on|off (PostgreSQL's synchronous
 * commit, DATABASE_SYNC; default on), --runs N (default 1: the whole measurement N times in a
 * row, each with fresh server processes and a fresh database, then every figure's median; one run's
 * tail moves with whatever else the machine does, so a claim quotes the median of several).
 * With PostgreSQL, the CPU of its processes and of Redis is measured too. --json: the headline
 * figures as one JSON object on standard output instead of the lines (with --runs, the medians).
 * --watchers W: W spectators at every table besides its people (with several processes, each on
 * another process than the table's; their frames are counted apart from the seats').
 * --hold: nobody moves until every table is set up (thousands of tables: set-up does not wait
 * behind the games already going; measuring starts 5 s after play does).
 */

import { execFileSync, spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import { mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { monitorEventLoopDelay } from "node:perf_hooks";
import { fileURLToPath } from "node:url";
import { PROTOCOL, type ServerMessage, TableCopies } from "@crossbones/protocol";
import { Redis } from "ioredis";
import WebSocket from "ws";
import { type Services, services } from "../test/services.js";
import { post } from "./http.js";
import { cpuOf } from "./proc.js";

interface Options {
  readonly tables: number;
  readonly seconds: number;
  readonly game: "french" | "cutthroat" | "partner";
  readonly processes: number;
  readonly postgres: boolean;
  /** PostgreSQL waits for the disk at each commit (DATABASE_SYNC). */
  readonly sync: boolean;
  readonly runs: number;
  readonly json: boolean;
  readonly hold: boolean;
  readonly watchers: number;
}

function options(argv: readonly string[]): Options {
  const get = (name: string, fallback: string) => {
    const i = argv.indexOf(`--${name}`);
    return i >= 0 && argv[i + 1] ? argv[i + 1] : fallback;
  };
  return {
    tables: Number(get("tables", "1000")),
    seconds: Number(get("seconds", "60")),
    game: get("game", "french") as Options["game"],
    processes: Number(get("processes", "1")),
    postgres: get("store", "sqlite") === "postgres" || Number(get("processes", "1")) > 1,
    sync: get("sync", "on") !== "off",
    runs: Number(get("runs", "1")),
    json: argv.includes("--json"),
    hold: argv.includes("--hold"),
    watchers: Number(get("watchers", "0")),
  };
}

/**
 * The server process's CPU time (user + system, seconds; `sys`: the system part alone; `main`: its
 * main thread's, the rest being V8's and the store's helper threads) and resident memory (bytes),
 * from /proc.
 */
function usage(pid: number): { cpu: number; sys: number; main: number; rss: number } {
  const { user, sys } = cpuOf(pid);
  const main = cpuOf(`${pid}/task/${pid}`);
  const rssLine = readFileSync(`/proc/${pid}/status`, "utf8").match(/VmRSS:\s+(\d+) kB/);
  return { cpu: user + sys, sys, main: main.user + main.sys, rss: Number(rssLine?.[1] ?? 0) * 1024 };
}

/** CPU seconds used so far by each PostgreSQL process on the machine (its server and backends), by pid. */
function postgresCpu(): Map<string, number> {
  const cpu = new Map<string, number>();
  for (const pid of readdirSync("/proc").filter((d) => /^\d+$/.test(d))) {
    try {
      const { name, user, sys } = cpuOf(pid);
      if (name === "postgres") cpu.set(pid, user + sys);
    } catch {
      // Gone meanwhile.
    }
  }
  return cpu;
}

/** PostgreSQL's CPU seconds between two looks (processes that came or went in between counted from zero or left out). */
function postgresUsed(before: Map<string, number>, after: Map<string, number>): number {
  let used = 0;
  for (const [pid, cpu] of after) used += cpu - (before.get(pid) ?? 0);
  return used;
}

/** Redis's CPU seconds so far, and the bytes it has read (the publishes, mostly: frames crossing). */
async function redisUsage(redis: Redis): Promise<{ cpu: number; bytesIn: number }> {
  const info = `${await redis.info("cpu")}${await redis.info("stats")}`;
  const get = (k: string) => Number(new RegExp(`${k}:([\\d.]+)`).exec(info)?.[1] ?? 0);
  return { cpu: get("used_cpu_sys") + get("used_cpu_user"), bytesIn: get("total_net_input_bytes") };
}

const quantile = (sorted: readonly number[], q: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))];

/** Frames the simulated clients received, and their bytes (while measuring and not). */
const frames = { count: 0, bytes: 0, whole: 0, resyncs: 0 };
/** The same, to the spectators. */
const watched = { count: 0, bytes: 0 };

/** With `--hold`, nobody moves before every table is set up (so that set-up does not wait behind play). */
const play = { on: true };

type TableMessage = Extract<ServerMessage, { t: "table" }>;

/** Per action: when it was sent, and which of the table's seats have seen its result. */
interface InFlight {
  readonly sent: number;
  seen: number;
}

class Seat {
  private socket!: WebSocket;
  /** The game at the table (a rematch starts the next, whose versions start again) and its version. */
  private game = -1;
  private version = -1;
  /** The commitment of the deal this seat last sent a seed for. */
  private seeded = "";
  private timer: NodeJS.Timeout | null = null;
  private ids = 0;

  constructor(
    private readonly url: string,
    private readonly token: string,
    private readonly code: string,
    readonly run: TableRun,
    /** A spectator (`--watchers`): follows the table and does nothing else; its frames are not the seats'. */
    private readonly watcher = false,
  ) {}

  async open(): Promise<void> {
    this.socket = new WebSocket(`${this.url.replace("http", "ws")}/ws`);
    await new Promise<void>((resolve, reject) => {
      this.socket.once("open", () => resolve());
      this.socket.once("error", reject);
    });
    this.socket.on("message", (data) => {
      const counted = this.watcher ? watched : frames;
      counted.count++;
      counted.bytes += (data as Buffer).length;
      this.receive(data.toString());
    });
    this.socket.send(JSON.stringify({ t: "hello", protocol: PROTOCOL, token: this.token }));
    this.socket.send(JSON.stringify({ t: "watch", table: this.code }));
  }

  /** The table as this seat holds it (the last whole frame, every patch since applied). */
  private readonly copies = new TableCopies(false);

  private receive(text: string): void {
    // The clients are the load, not what is measured: they apply patches without checking the
    // result against the schema (the web app and the command line do check it).
    const whole = text.startsWith('{"t":"table"');
    if (!whole && !text.startsWith('{"t":"patch"')) return;
    if (whole && !this.watcher) frames.whole++;
    const { message, resync } = this.copies.receive(JSON.parse(text) as ServerMessage);
    if (resync !== null) {
      // A frame was missed: the whole table again.
      frames.resyncs++;
      this.socket.send(JSON.stringify({ t: "watch", table: this.code }));
    }
    if (message?.t !== "table" || this.watcher) return;
    const m = message;
    const game = m.table.game;
    const v = m.view.version;
    if (game < this.game || (game === this.game && v <= this.version)) return;
    this.game = game;
    this.version = v;
    this.run.seen(game, v);
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    const finished = m.table.status === "finished";
    // A seed for each deal, as the web app sends it (docs/fairness.md).
    const fair = m.table.fair;
    const you = m.table.you ?? -1;
    if (fair && !fair.dealt && !fair.seeded.includes(you) && this.seeded !== fair.commitment) {
      this.seeded = fair.commitment;
      const seed = randomBytes(32).toString("hex");
      this.socket.send(JSON.stringify({ t: "seed", table: this.code, commitment: fair.commitment, seed }));
    }
    if (finished) {
      this.run.finished.add(game);
      this.socket.send(JSON.stringify({ t: "rematch", table: this.code }));
      return;
    }
    this.move(m);
  }

  /** The table's last frame, held back while the tables are being set up (`--hold`). */
  private held: TableMessage | null = null;

  /** Every table is set up: a seat whose turn it is moves now. */
  start(): void {
    const m = this.held;
    this.held = null;
    if (m) this.move(m);
  }

  private move(m: TableMessage): void {
    if (!play.on) {
      this.held = m;
      return;
    }
    const { game } = m.table;
    const v = m.view.version;
    const moves = m.view.you?.legalMoves ?? [];
    if (m.view.turn !== m.table.you || moves.length === 0) return;
    // People take 1-3 s to move.
    this.timer = setTimeout(
      () => {
        this.timer = null;
        const move = moves[Math.floor(Math.random() * moves.length)];
        const [bone, target] = move.split("@");
        const action =
          move === "pass" ? { type: "pass" } : target ? { type: "play", bone, target } : { type: "play", bone };
        this.run.sent(game, v + 1);
        this.socket.send(JSON.stringify({ t: "act", table: this.code, id: `b${this.ids++}`, version: v, action }));
      },
      1000 + Math.random() * 2000,
    );
  }

  close(): void {
    if (this.timer) clearTimeout(this.timer);
    this.socket.close();
  }
}

/** One table's seats and the actions in flight there. */
class TableRun {
  /** The games played to their end here (a rematch follows each). */
  readonly finished = new Set<number>();
  /** By game and version ("2:57"). */
  private readonly inFlight = new Map<string, InFlight>();
  constructor(
    private readonly seats: number,
    private readonly latencies: number[],
    private readonly measuring: () => boolean,
  ) {}

  sent(game: number, version: number): void {
    this.inFlight.set(`${game}:${version}`, { sent: performance.now(), seen: 0 });
  }

  seen(game: number, version: number): void {
    const key = `${game}:${version}`;
    const f = this.inFlight.get(key);
    if (!f) return;
    f.seen++;
    if (f.seen === this.seats) {
      this.inFlight.delete(key);
      if (this.measuring()) this.latencies.push(performance.now() - f.sent);
    }
  }
}

/** One server process of the benchmark, and its memory after a full garbage collection. */
class ServerProcess {
  private constructor(
    readonly child: ReturnType<typeof spawn>,
    readonly url: string,
  ) {}

  static async start(
    dataDir: string,
    cluster: Services | null,
    postgres: Services | null,
    sync: boolean,
  ): Promise<ServerProcess> {
    const script = fileURLToPath(new URL("./server-process.mjs", import.meta.url));
    const store = postgres ? { databaseUrl: postgres.databaseUrl, databaseSync: sync } : {};
    const shared = cluster ? { redisUrl: cluster.redisUrl, redisPrefix: cluster.redisPrefix } : {};
    const child = spawn(
      process.execPath,
      [
        "--expose-gc",
        // As `npm start` runs it: a larger young generation, so that the many short-lived strings of
        // frames die there instead of being promoted (fewer, shorter collections).
        "--max-semi-space-size=32",
        // More for the server processes, e.g. "--cpu-prof --cpu-prof-dir=prof" to profile them.
        ...(process.env.BENCH_SERVER_NODE_ARGS ?? "").split(" ").filter(Boolean),
        script,
        dataDir,
        // A free port from the system: a port picked at random here could be one of the clients'.
        "0",
      ],
      {
        stdio: ["ignore", "pipe", "inherit"],
        env: { ...process.env, CROSSBONES_BENCH_STORE: JSON.stringify({ ...store, ...shared }) },
      },
    );
    const port = await new Promise<number>((resolve) =>
      child.stdout?.once("data", (d: Buffer) => resolve(Number(/^ready (\d+)/.exec(d.toString())?.[1]))),
    );
    // A bench that fails (a server too busy to answer, say) leaves no server behind it.
    process.once("exit", () => child.kill("SIGKILL"));
    return new ServerProcess(child, `http://127.0.0.1:${port}`);
  }

  get pid(): number {
    return this.child.pid as number;
  }

  /** The server's memory after a full garbage collection (it prints it on SIGUSR2). */
  collected(): Promise<{
    rss: number;
    heapUsed: number;
    heapTotal: number;
    external: number;
    lagP99: number;
    lagMax: number;
  }> {
    return new Promise((resolve) => {
      const onData = (d: Buffer) => {
        const m = /^mem (.*)$/m.exec(d.toString());
        if (!m) return;
        this.child.stdout?.off("data", onData);
        resolve(JSON.parse(m[1]));
      };
      this.child.stdout?.on("data", onData);
      this.child.kill("SIGUSR2");
    });
  }
}

/** The sum of every process's figures (memory), and the worst of their loop delays. */
async function collectAll(servers: readonly ServerProcess[]) {
  const all = await Promise.all(servers.map((s) => s.collected()));
  return {
    rss: all.reduce((n, m) => n + m.rss, 0),
    heapUsed: all.reduce((n, m) => n + m.heapUsed, 0),
    heapTotal: all.reduce((n, m) => n + m.heapTotal, 0),
    lagP99: Math.max(...all.map((m) => m.lagP99)),
    lagMax: Math.max(...all.map((m) => m.lagMax)),
    each: all,
  };
}

/** The figures `--json` prints, each named after the line it is read from. */
const JSON_FIGURES = {
  p50Ms: "server action to all seats p50",
  p99Ms: "server action to all seats p99",
  actionsPerSecond: "server actions",
  cpuMsPerAction: "server cpu per action",
  kernelCpuMsPerAction: "server cpu per action in the kernel",
  mainCpuMsPerAction: "server cpu per action on the main thread",
  bytesPerSeatAction: "frame bytes per seat per action",
  redisBytesPerAction: "redis bytes in per action",
  rssKbPerTable: "server rss per table (after a GC)",
} as const;

function jsonOf(figures: ReadonlyMap<string, number>): Record<keyof typeof JSON_FIGURES, number | null> {
  return Object.fromEntries(
    Object.entries(JSON_FIGURES).map(([key, name]) => [key, figures.get(name) ?? null]),
  ) as Record<keyof typeof JSON_FIGURES, number | null>;
}

/**
 * `--runs N`: this bench N times, one after the other, each a process of its own (the argument
 * list without `--runs`), echoing each run's figures and then, per figure, the median over the
 * runs and every run's value.
 */
function repeat(argv: readonly string[], runs: number, json: boolean): void {
  const i = argv.indexOf("--runs");
  // Each run prints its lines; the medians are read from them.
  const args = [...argv.slice(0, i), ...argv.slice(i + 2)].filter((a) => a !== "--json");
  const write = (text: string) => {
    if (!json) process.stdout.write(text);
  };
  const figures = new Map<string, { values: number[]; unit: string }>();
  for (let run = 1; run <= runs; run++) {
    const out = execFileSync(process.execPath, [...process.execArgv, fileURLToPath(import.meta.url), ...args], {
      encoding: "utf8",
      stdio: ["ignore", "pipe", "ignore"],
      maxBuffer: 1 << 24,
    });
    write(`run ${run} of ${runs}\n${out}`);
    for (const m of out.matchAll(/^([^:\n]+): (-?[\d.]+) (.*)$/gm)) {
      // A run's own extreme ("(max 41.6 ms)") is not the median's.
      const f = figures.get(m[1]) ?? { values: [], unit: m[3].replace(/ \(max [\d.]+ ms\)/, "") };
      f.values.push(Number(m[2]));
      figures.set(m[1], f);
    }
  }
  write(`median of ${runs} runs\n`);
  const medians = new Map<string, number>();
  for (const [name, { values, unit }] of figures) {
    const sorted = [...values].sort((a, b) => a - b);
    medians.set(name, quantile(sorted, 0.5));
    write(`${name}: ${quantile(sorted, 0.5)} ${unit} [runs: ${values.join(", ")}]\n`);
  }
  if (json) process.stdout.write(`${JSON.stringify({ runs, ...jsonOf(medians) })}\n`);
}

async function main(): Promise<void> {
  const o = options(process.argv.slice(2));
  play.on = !o.hold;
  if (o.runs > 1) {
    repeat(process.argv.slice(2), o.runs, o.json);
    return;
  }
  const dataDir = mkdtempSync(join(tmpdir(), "crossbones-bench-"));
  const svc = o.postgres ? await services() : null;
  const servers: ServerProcess[] = [];
  for (let i = 0; i < o.processes; i++)
    servers.push(await ServerProcess.start(dataDir, o.processes > 1 ? svc : null, svc, o.sync));
  const redis = svc && o.processes > 1 ? new Redis(svc.redisUrl) : null;
  const pids = servers.map((s) => s.pid);
  const usageAll = () => {
    const u = pids.map(usage);
    const sum = (f: (x: (typeof u)[number]) => number) => u.reduce((n, x) => n + f(x), 0);
    return { cpu: sum((x) => x.cpu), sys: sum((x) => x.sys), main: sum((x) => x.main), rss: sum((x) => x.rss) };
  };
  const collected = () => collectAll(servers);
  const idle = await collected();
  // Every game at four seats: Partner needs them, and French and Cut Throat are measured alike.
  const players = 4;

  const latencies: number[] = [];
  let measuring = false;
  const started = performance.now();
  const urls = servers.map((x) => x.url);
  const runs: Seat[][] = [];
  const spectators: Seat[] = [];
  /** Sets up table `i`: its guests, the table, its people seated and following it. */
  const setUp = async (i: number): Promise<void> => {
    const seats: Seat[] = [];
    runs[i] = seats;
    // Made on one process; with several, each of its people is connected to another in turn.
    const url = urls[i % urls.length];
    const seatUrl = (s: number) => urls[(i + s) % urls.length];
    const guests = (await Promise.all(
      Array.from({ length: players }, (_, s) => post(url, "/api/guests", { name: `P${i}-${s}` })),
    )) as { token: string }[];
    const { code } = (await post(
      url,
      "/api/tables",
      {
        setup: {
          game: o.game,
          players,
          options: {},
          seats: new Array(players).fill("human"),
          clock: null,
          private: true,
        },
      },
      guests[0].token,
    )) as { code: string };
    const table = new TableRun(players, latencies, () => measuring);
    for (const [s, g] of guests.entries()) {
      if (s > 0) {
        // The others take their seats through the socket, as a client does.
        const socket = new WebSocket(`${seatUrl(s).replace("http", "ws")}/ws`);
        await new Promise<void>((resolve, reject) => {
          socket.once("open", () => resolve());
          socket.once("error", reject);
        });
        socket.send(JSON.stringify({ t: "hello", protocol: PROTOCOL, token: g.token }));
        socket.send(JSON.stringify({ t: "sit", table: code }));
        await new Promise<void>((resolve) =>
          socket.on("message", (d) => d.toString().startsWith('{"t":"table"') && resolve()),
        );
        socket.close();
      }
      const seat = new Seat(seatUrl(s), g.token, code, table);
      await seat.open();
      seats.push(seat);
    }
    for (let w = 0; w < o.watchers; w++) {
      // Each on the next process after the table's: with several, a table's watchers are spread.
      const watcherUrl = urls[(i + w + 1) % urls.length];
      const g = (await post(watcherUrl, "/api/guests", { name: `W${i}-${w}` })) as { token: string };
      const watcher = new Seat(watcherUrl, g.token, code, table, true);
      await watcher.open();
      spectators.push(watcher);
    }
  };
  // A few tables at a time (as many people would arrive), so that a thousand are ready in minutes.
  let next = 0;
  await Promise.all(
    Array.from({ length: 8 }, async () => {
      while (next < o.tables) await setUp(next++);
    }),
  );
  const ramp = (performance.now() - started) / 1000;
  const tables = runs.map((seats) => seats[0].run);
  const all = runs.flat();
  play.on = true;
  for (const seat of all) seat.start();
  // Let the tables settle into play, then measure.
  await new Promise((r) => setTimeout(r, 5000));
  // The server's loop delay is counted from here (the report resets it; the GC comes before t0).
  const start = await collected();
  const before = usageAll();
  const services0 = { postgres: postgresCpu(), redis: redis ? await redisUsage(redis) : null };
  const ours = process.cpuUsage();
  // The clients share the machine: how late their own event loop runs is part of every latency.
  const lag = monitorEventLoopDelay({ resolution: 10 });
  lag.enable();
  const framesBefore = { ...frames };
  const watchedBefore = { ...watched };
  measuring = true;
  const t0 = performance.now();
  // A soak says how it goes every minute (on standard error; the figures stay on standard output).
  const progress = setInterval(() => {
    const u = usageAll();
    process.stderr.write(
      `${Math.round((performance.now() - t0) / 1000)} s: ${latencies.length} actions, rss ${Math.round(u.rss / 2 ** 20)} MB\n`,
    );
  }, 60_000);
  await new Promise((r) => setTimeout(r, o.seconds * 1000));
  clearInterval(progress);
  measuring = false;
  const seconds = (performance.now() - t0) / 1000;
  const after = usageAll();
  const services1 = { postgres: postgresCpu(), redis: redis ? await redisUsage(redis) : null };
  const live = await collected();
  for (const s of [...all, ...spectators]) s.close();
  for (const x of servers) x.child.kill("SIGTERM");
  await Promise.all(servers.map((x) => new Promise((r) => x.child.once("exit", r))));
  redis?.disconnect();
  await svc?.cleanUp();
  rmSync(dataDir, { recursive: true, force: true });

  const sorted = [...latencies].sort((a, b) => a - b);
  const figures = new Map<string, number>();
  const line = (name: string, value: number, unit: string) => {
    figures.set(name, Math.round(value * 100) / 100);
    if (!o.json) process.stdout.write(`${name}: ${Math.round(value * 100) / 100} ${unit}\n`);
  };
  const pg = `PostgreSQL${o.sync ? "" : " (synchronous commit off)"}`;
  const store = o.processes > 1 ? `${pg} and Redis` : o.postgres ? pg : "SQLite";
  line(
    "server tables",
    o.tables,
    `live tables (${o.game}, ${players} people each; set up in ${Math.round(ramp)} s) on ${o.processes} process(es), ${store}`,
  );
  line("server actions", latencies.length / seconds, "actions/s");
  line("server action to all seats p50", quantile(sorted, 0.5), "ms");
  line("server action to all seats p99", quantile(sorted, 0.99), "ms");
  line("server cpu", ((after.cpu - before.cpu) / seconds) * 100, "% of one core (all server processes)");
  line("server cpu per action", ((after.cpu - before.cpu) * 1000) / latencies.length, "ms");
  // The kernel's part: on loopback it includes the receiving side's TCP work for every frame written.
  line("server cpu per action in the kernel", ((after.sys - before.sys) * 1000) / latencies.length, "ms");
  // The main thread's part: the rest is V8's helper threads (collection, compiling) and the store's.
  line("server cpu per action on the main thread", ((after.main - before.main) * 1000) / latencies.length, "ms");
  if (svc)
    line("postgres cpu", (postgresUsed(services0.postgres, services1.postgres) / seconds) * 100, "% of one core");
  if (services0.redis && services1.redis) {
    line("redis cpu", ((services1.redis.cpu - services0.redis.cpu) / seconds) * 100, "% of one core");
    // What crosses between the processes for an action (frames, requests and their answers).
    line("redis bytes in per action", (services1.redis.bytesIn - services0.redis.bytesIn) / latencies.length, "bytes");
  }
  const client = process.cpuUsage(ours);
  line("clients cpu", ((client.user + client.system) / 1e6 / seconds) * 100, "% of one core (the measuring process)");
  line("clients event loop delay p99", lag.percentile(99) / 1e6, "ms (part of every latency above)");
  line("frames to clients", (frames.count - framesBefore.count) / seconds, "frames/s");
  if (o.watchers > 0) line("frames to watchers", (watched.count - watchedBefore.count) / seconds, "frames/s");
  line("frame size mean", (frames.bytes - framesBefore.bytes) / (frames.count - framesBefore.count), "bytes");
  // Whole tables sent while measuring (the rest are patches), and the missed frames that asked for one.
  line("whole tables to clients", (frames.whole - framesBefore.whole) / seconds, "frames/s");
  line("clients' missed frames", (frames.resyncs - framesBefore.resyncs) / seconds, "a second");
  // What one action costs the wire: every frame sent over the window, per action, per seat.
  line("frame bytes per seat per action", (frames.bytes - framesBefore.bytes) / latencies.length / players, "bytes");
  line("server rss", after.rss / 2 ** 20, "MB");
  line("server rss per table (after a GC)", (live.rss - idle.rss) / o.tables / 1024, "KB");
  line("server heap per table (after a GC)", (live.heapUsed - idle.heapUsed) / o.tables / 1024, "KB");
  line("server event loop delay p99", live.lagP99, `ms (max ${live.lagMax.toFixed(1)} ms)`);
  // Where the rest of the resident memory is: the JavaScript heap's reserve, buffers outside it.
  process.stderr.write(`memory idle ${JSON.stringify(idle)}\nmemory live ${JSON.stringify(live)}\n`);
  line(
    "server games finished",
    tables.reduce((n, t) => n + t.finished.size, 0),
    "games (each followed by a rematch)",
  );
  // Growth: what the server holds after a full collection, at the start of measuring and at the end.
  line(
    "server heap growth while measuring (after a GC)",
    (live.heapUsed - start.heapUsed) / 2 ** 20,
    `MB over ${Math.round(seconds)} s (from ${(start.heapUsed / 2 ** 20).toFixed(1)} MB)`,
  );
  line("server rss growth while measuring", (after.rss - before.rss) / 2 ** 20, `MB over ${Math.round(seconds)} s`);
  // Resident memory counts the pages V8 keeps for the heap, used or not: most of a growth in RSS.
  line(
    "server heap reserve growth while measuring (after a GC)",
    (live.heapTotal - start.heapTotal) / 2 ** 20,
    `MB over ${Math.round(seconds)} s (from ${(start.heapTotal / 2 ** 20).toFixed(1)} MB)`,
  );
  if (o.json) process.stdout.write(`${JSON.stringify({ runs: 1, ...jsonOf(figures) })}\n`);
  process.exit(0);
}

await main().catch((error: unknown) => {
  // Said in a line (a server that cannot keep up refuses a socket: 408 after 10 s without its request).
  process.stderr.write(`bench:server failed: ${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(1);
});
