/**
 * `npm run bench:wire-floor`: what the wire alone costs a server on this machine, with no game
 * behind it. A plain `ws` server (the library under @fastify/websocket) holds N groups of four
 * sockets over loopback; a client in this process sends, per group, one small message every 1–3 s
 * (bench:server's pace: about 475 a second at 1,000 groups), and for each the server parses it and
 * writes what bench:server's server writes for an action: a frame of `--bytes` (default 550, the
 * mean patch) to each of the four sockets, and an acknowledgement to the sender. Measured: the
 * server's CPU per message (user and kernel), the floor under bench:server's "server cpu per
 * action" that no work on the game itself can go below.
 *
 * Options: --groups N (default 1000), --seconds S (default 30), --bytes B (default 550), --json.
 */

import { spawn } from "node:child_process";
import { createServer } from "node:http";
import { fileURLToPath } from "node:url";
import WebSocket, { WebSocketServer } from "ws";
import { cpuOf } from "./proc.js";

const argv = process.argv.slice(2);
const get = (name: string, fallback: string) => {
  const i = argv.indexOf(`--${name}`);
  return i >= 0 && argv[i + 1] ? argv[i + 1] : fallback;
};

/** The server: groups of four sockets; each message is answered as an action is. */
function serve(bytes: number): void {
  // `{"t":"patch","pad":""}` is 22 bytes: padded to `bytes`.
  const frame = JSON.stringify({ t: "patch", pad: "x".repeat(Math.max(0, bytes - 22)) });
  const groups = new Map<number, WebSocket[]>();
  const http = createServer();
  const wss = new WebSocketServer({ server: http });
  wss.on("connection", (ws, req) => {
    const g = Number(new URL(req.url ?? "/", "http://x").searchParams.get("g"));
    const members = groups.get(g) ?? [];
    members.push(ws);
    groups.set(g, members);
    ws.on("message", (data) => {
      const m = JSON.parse(data.toString()) as { id: string };
      for (const peer of members) peer.send(frame);
      ws.send(`{"t":"ack","id":${JSON.stringify(m.id)},"version":1}`);
    });
  });
  http.listen(0, "127.0.0.1", () => {
    const address = http.address();
    process.stdout.write(`${typeof address === "object" && address ? address.port : 0}\n`);
  });
}

async function measure(): Promise<void> {
  const groups = Number(get("groups", "1000"));
  const seconds = Number(get("seconds", "30"));
  const bytes = Number(get("bytes", "550"));
  const child = spawn(
    process.execPath,
    ["--import", "tsx", fileURLToPath(import.meta.url), "--serve", "--bytes", String(bytes)],
    { stdio: ["ignore", "pipe", "inherit"] },
  );
  const port = await new Promise<number>((resolve) => child.stdout.once("data", (d) => resolve(Number(String(d)))));
  const sockets: WebSocket[][] = [];
  for (let g = 0; g < groups; g++) {
    const four = await Promise.all(
      [0, 1, 2, 3].map(
        () =>
          new Promise<WebSocket>((resolve, reject) => {
            const ws = new WebSocket(`ws://127.0.0.1:${port}/?g=${g}`);
            ws.once("open", () => resolve(ws));
            ws.once("error", reject);
          }),
      ),
    );
    sockets.push(four);
  }
  let sent = 0;
  let measuring = false;
  const timers = sockets.map((four, g) => {
    const tick = (): NodeJS.Timeout =>
      setTimeout(
        () => {
          four[Math.floor(Math.random() * 4)].send(JSON.stringify({ t: "act", id: `a${sent}` }));
          if (measuring) sent++;
          timers[g] = tick();
        },
        1000 + Math.random() * 2000,
      );
    return tick();
  });
  // Every group has sent a few before measuring starts.
  await new Promise((r) => setTimeout(r, 5000));
  const before = cpuOf(child.pid as number);
  measuring = true;
  await new Promise((r) => setTimeout(r, seconds * 1000));
  measuring = false;
  const after = cpuOf(child.pid as number);
  for (const t of timers) clearTimeout(t);
  for (const four of sockets) for (const ws of four) ws.terminate();
  child.kill();
  const figures = {
    messagesPerSecond: Math.round((sent / seconds) * 10) / 10,
    cpuMsPerMessage: Math.round(((after.user + after.sys - before.user - before.sys) * 1e5) / sent) / 100,
    kernelCpuMsPerMessage: Math.round(((after.sys - before.sys) * 1e5) / sent) / 100,
  };
  if (argv.includes("--json")) process.stdout.write(`${JSON.stringify(figures)}\n`);
  else
    process.stdout.write(
      `${groups} groups of 4 sockets, ${bytes}-byte frames: ${figures.messagesPerSecond} messages/s, ` +
        `server cpu per message ${figures.cpuMsPerMessage} ms (kernel ${figures.kernelCpuMsPerMessage} ms)\n`,
    );
}

if (argv.includes("--serve")) serve(Number(get("bytes", "550")));
else await measure();
