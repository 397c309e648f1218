/**
 * `crossbones online` against a real server over real sockets: the built command makes tables,
 * plays them to the end with a bot or a program, comes back after a dropped connection or a
 * restarted server (resending an action whose acknowledgement was lost, which the server applies
 * once), and prints the server's record. Errors are refusals said in a line, with exit statuses.
 */

import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { replayRecord } from "@crossbones/engine";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { WebSocketServer } from "ws";
import { CREATE_OPTIONS, ONLINE_HELP, runOnline, setupFrom } from "../src/index.js";
import { parseOptions, splitCommand } from "../src/online/args.js";
import { type GameResult, readAnswer } from "../src/online/deciders.js";
import { requireBuilt } from "./binary.js";
import {
  CuttingProxy,
  createTable,
  crossbones,
  guest,
  type OnlineServer,
  startOnlineServer,
  tablesIn,
  until,
} from "./online-helpers.js";

let server: OnlineServer;
let dir: string;

beforeAll(async () => {
  requireBuilt();
  // Deals wait for the seeds of the people at the table, as they do by default; long enough for a
  // command to start on a busy machine (the first deal is committed to when the table is made,
  // before the command has started). A seed that comes ends the wait at once.
  server = await startOnlineServer({ seedWait: 10_000 });
  dir = mkdtempSync(join(tmpdir(), "crossbones-cli-test-"));
});
afterAll(async () => {
  await server.close();
  rmSync(dir, { recursive: true, force: true });
});

async function serverRecord(url: string, code: string): Promise<unknown> {
  return (await fetch(`${url}/api/tables/${code}/record`)).json();
}

/** The record replays under the engine, to a finished game at `version`. */
function expectFinishedRecord(record: unknown, version: number): void {
  const replayed = replayRecord(record);
  expect(replayed.ok).toBe(true);
  if (!replayed.ok) return;
  expect(replayed.value.game.finished).toBe(true);
  expect(replayed.value.game.version).toBe(version);
}

function resultOf(stdout: string): GameResult {
  const lines = stdout.trim().split("\n");
  return JSON.parse(lines[lines.length - 1]) as GameResult;
}

/** A French set to 20 (a hand or two) with `seats`, no clock, made by a new guest; its code and token. */
async function frenchTable(url: string, seats: string[], target = 20): Promise<{ code: string; token: string }> {
  const host = await guest(url, "Ana");
  const code = await createTable(url, host.token, {
    game: "french",
    players: 4,
    options: { target },
    seats: seats as ("human" | "bot:easy")[],
    clock: null,
    private: true,
  });
  return { code, token: host.token };
}

describe("crossbones online, whole games", () => {
  it("create prints the code and link; play finishes the game with a bot; record prints the server's record", async () => {
    const made = await crossbones(["online", "guest", "--server", server.url, "--name", "Ana"]).done;
    expect(made.status, made.stderr).toBe(0);
    const token = made.stdout.trim();
    expect(token).toMatch(/^g2\./);
    const env = { CROSSBONES_TOKEN: token };

    const created = await crossbones(
      [
        "online",
        "create",
        "--server",
        server.url,
        "--game",
        "french",
        "--options",
        '{"target": 20}',
        "--seats",
        "human,bot:easy,medium,bot:hard",
        "--clock",
        "off",
      ],
      env,
    ).done;
    expect(created.status, created.stderr).toBe(0);
    const m = /^([A-Z2-9]{10})\n(\S+)\n$/.exec(created.stdout);
    expect(m).not.toBeNull();
    const code = (m as RegExpExecArray)[1];
    expect((m as RegExpExecArray)[2]).toBe(`${server.url}/t/${code}`);
    expect(server.server.hub?.table(code)?.setup).toMatchObject({
      seats: ["human", "bot:easy", "bot:medium", "bot:hard"],
      clock: null,
      private: true,
    });

    const frames = join(dir, "frames.jsonl");
    const played = await crossbones(
      ["online", "play", "--server", server.url, "--table", code, "--bot", "medium", "--dump-frames", frames],
      env,
    ).done;
    expect(played.stderr).not.toMatch(/error|refused/i);
    expect(played.status, played.stderr).toBe(0);
    const result = resultOf(played.stdout);
    expect(result).toMatchObject({ table: code, game: "french", players: 4, seat: 0 });
    expect(result.names[0]).toBe("Ana");

    // Every frame received, one per line, each a valid server message; the last table (its
    // patches applied) is the end.
    const tables = tablesIn(readFileSync(frames, "utf8"));
    expect(tables.at(-1)?.view.finished).toBe(true);
    expect(tables.at(-1)?.view.version).toBe(result.version);

    const printed = await crossbones(["online", "record", "--server", server.url, "--table", code]).done;
    expect(printed.status, printed.stderr).toBe(0);
    const record = JSON.parse(printed.stdout);
    expect(record).toEqual(await serverRecord(server.url, code));
    expectFinishedRecord(record, result.version);

    // The command sent a seed for every deal and checked each hand's proof; the record verifies.
    expect(played.stderr).toMatch(/hand 1: deal verified/);
    expect(record.hands.every((h: { fair?: { seeds: unknown[] } }) => h.fair?.seeds[0] !== null)).toBe(true);
    const file = join(dir, "game.json");
    writeFileSync(file, printed.stdout);
    const verified = await crossbones(["verify", file]).done;
    expect(verified.status, verified.stdout).toBe(0);
    expect(JSON.parse(verified.stdout)).toMatchObject({ verified: true });
  });

  it("two players from the command line at one table", async () => {
    const host = await guest(server.url, "Ana");
    const created = await crossbones(
      [
        "online",
        "create",
        "--server",
        server.url,
        "--game",
        "french",
        "--options",
        '{"target": 20}',
        "--seats",
        "human,easy,human,easy",
        "--clock",
        "off",
        "--json",
      ],
      { CROSSBONES_TOKEN: host.token },
    ).done;
    expect(created.status, created.stderr).toBe(0);
    const { code, link } = JSON.parse(created.stdout) as { code: string; link: string };
    const ana = crossbones(["online", "play", "--server", server.url, "--table", code, "--bot", "easy"], {
      CROSSBONES_TOKEN: host.token,
    });
    // The second player joins through the invite link, as a new guest.
    const bo = crossbones([
      "online",
      "play",
      "--server",
      server.url,
      "--table",
      link,
      "--name",
      "Bo",
      "--bot",
      "medium",
    ]);
    const [a, b] = await Promise.all([ana.done, bo.done]);
    expect(a.status, a.stderr).toBe(0);
    expect(b.status, b.stderr).toBe(0);
    expect(b.stderr).toMatch(/new guest Bo/);
    const ra = resultOf(a.stdout);
    const rb = resultOf(b.stdout);
    expect([ra.seat, rb.seat]).toEqual([0, 2]);
    expect([ra.names[0], ra.names[2]]).toEqual(["Ana", "Bo"]);
    expect(rb.names).toEqual(ra.names);
    expect(rb.totals).toEqual(ra.totals);
    expect(rb.winner).toBe(ra.winner);
    expect(rb.version).toBe(ra.version);
    expect(ra.won && rb.won).toBe(false);
    const record = (await serverRecord(server.url, code)) as { names: string[] };
    expect([record.names[0], record.names[2]]).toEqual(["Ana", "Bo"]);
    expectFinishedRecord(record, ra.version);
  });

  it("a rated table made with --rated: after its game, `online player` prints both players' new ratings", async () => {
    const [ana, bo] = [await guest(server.url, "Ana"), await guest(server.url, "Bo")];
    const created = await crossbones(
      ["online", "create", "--server", server.url, "--game", "cutthroat", "--seats", "human,human"].concat([
        "--options",
        '{"match": "straight"}',
        "--clock",
        "off",
        "--rated",
        "--json",
      ]),
      { CROSSBONES_TOKEN: ana.token },
    ).done;
    expect(created.status, created.stderr).toBe(0);
    const { code, setup } = JSON.parse(created.stdout) as { code: string; setup: { rated?: boolean } };
    expect(setup.rated).toBe(true);
    const play = (token: string, level: string) =>
      crossbones(["online", "play", "--server", server.url, "--table", code, "--bot", level, "--quiet"], {
        CROSSBONES_TOKEN: token,
      }).done;
    const [a, b] = await Promise.all([play(ana.token, "easy"), play(bo.token, "hard")]);
    expect(a.status, a.stderr).toBe(0);
    expect(b.status, b.stderr).toBe(0);
    const winner = resultOf(a.stdout).won ? ana : bo;
    // The ratings are kept just after the game's last frame: ask until they are there.
    const ratingOf = async (id: string) => {
      const r = await crossbones(["online", "player", "--server", server.url, "--id", id]).done;
      expect(r.status, r.stderr).toBe(0);
      return JSON.parse(r.stdout) as {
        id: string;
        name: string;
        ratings: { kind: string; rating: number; games: number }[];
      };
    };
    for (let tries = 0; (await ratingOf(winner.player.id)).ratings.length === 0; tries++) {
      expect(tries).toBeLessThan(100);
      await new Promise((r) => setTimeout(r, 50));
    }
    const [pa, pb] = [await ratingOf(ana.player.id), await ratingOf(bo.player.id)];
    expect(pa).toMatchObject({ id: ana.player.id, name: "Ana", ratings: [{ kind: "cutthroat", games: 1 }] });
    expect(pb).toMatchObject({ id: bo.player.id, name: "Bo", ratings: [{ kind: "cutthroat", games: 1 }] });
    const [w, l] = winner === ana ? [pa, pb] : [pb, pa];
    expect(w.ratings[0].rating).toBeGreaterThan(l.ratings[0].rating);
    // --rated with a bot seat is a wrong command line.
    const refused = await crossbones(["online", "create", "--server", server.url, "--game", "cutthroat", "--rated"], {
      CROSSBONES_TOKEN: ana.token,
    }).done;
    expect(refused.status).toBe(2);
    expect(refused.stderr).toMatch(/rated table seats people only/);
  });

  it("a program plays on standard input and output; refusals are reported back; its stderr passes through", async () => {
    const { code, token } = await frenchTable(server.url, ["human", "bot:easy", "bot:easy", "bot:easy"]);
    const script = join(dir, "first-move.mjs");
    writeFileSync(
      script,
      `import { createInterface } from "node:readline";
let decisions = 0;
for await (const line of createInterface({ input: process.stdin })) {
  const m = JSON.parse(line);
  console.error("program: got " + m.t);
  if (m.t === "start") console.error("program: protocol " + m.protocol + ", wire " + m.wire + ", seat " + m.seat);
  if (m.t === "refused") console.error("program: refused " + m.answer + " " + m.refusal.code);
  if (m.t !== "decide") continue;
  decisions++;
  const you = m.view.you;
  if (decisions === 1) console.log("nonsense");
  else if (decisions === 2) {
    const taken = new Set([...you.hand, ...m.view.table.played]);
    const all = [];
    for (let a = 0; a <= 6; a++) for (let b = a; b <= 6; b++) all.push(a + "-" + b);
    console.log(JSON.stringify({ type: "play", bone: all.find((b) => !taken.has(b)), target: "N" }));
  } else console.log(you.legalMoves[0]);
}
console.error("program: done after " + decisions + " decisions");
`,
    );
    const played = await crossbones(
      ["online", "play", "--server", server.url, "--table", code, "--program", `node "${script}"`],
      { CROSSBONES_TOKEN: token },
    ).done;
    expect(played.status, played.stderr).toBe(0);
    const err = played.stderr;
    expect(err, err).toMatch(/program: protocol crossbones-program\/1, wire crossbones\/2, seat 0/);
    expect(err, err).toMatch(/program: refused nonsense bad-notation/);
    expect(err, err).toMatch(/program: refused \d-\d@N (not-held|pose-has-target|wrong-pose|must-pose)/);
    expect(err, err).toMatch(/program: got end/);
    expect(err, err).toMatch(/program: done after \d+ decisions/);
    const result = resultOf(played.stdout);
    expect(result.table).toBe(code);
    expectFinishedRecord(await serverRecord(server.url, code), result.version);
  });
});

describe("crossbones online, connections lost", () => {
  it("the acknowledgement of an action is lost with the connection: the command connects again, resends it, and the server applies it once", async () => {
    const proxy = await CuttingProxy.start(server.port);
    try {
      const { code, token } = await frenchTable(server.url, ["human", "bot:easy", "bot:easy", "bot:easy"], 50);
      const frames = join(dir, "cut.jsonl");
      proxy.cutAtAck(2);
      const played = await crossbones(
        ["online", "play", "--server", proxy.url, "--table", code, "--bot", "easy", "--dump-frames", frames],
        { CROSSBONES_TOKEN: token },
      ).done;
      expect(played.status, played.stderr).toBe(0);
      expect(proxy.cut).toHaveLength(1);
      const id = proxy.cut[0].id;
      expect(played.stderr).toMatch(/connection lost/);
      expect(played.stderr).toContain(`(action ${id},`);
      expect(played.stderr).toMatch(/connected again as Ana/);
      // The ack came once, to the resent action; the table's log holds the action once.
      const acks = readFileSync(frames, "utf8")
        .trim()
        .split("\n")
        .filter((line) => line.includes(`"t":"ack","id":"${id}"`));
      expect(acks).toHaveLength(1);
      const log = (await server.server.hub?.store.log(code)) ?? [];
      expect(log.filter((e) => e.k === "act" && e.id === id)).toHaveLength(1);
      expectFinishedRecord(await serverRecord(server.url, code), resultOf(played.stdout).version);
    } finally {
      await proxy.close();
    }
  });

  it("the server restarts on the same data mid-game: the command comes back and the game completes", async () => {
    const own = await startOnlineServer();
    try {
      const { code, token } = await frenchTable(own.url, ["human", "bot:easy", "bot:medium", "bot:easy"], 60);
      const frames = join(dir, "restart.jsonl");
      const run = crossbones(
        ["online", "play", "--server", own.url, "--table", code, "--bot", "easy", "--dump-frames", frames],
        { CROSSBONES_TOKEN: token },
      );
      const table = () => own.server.hub?.table(code);
      // Connected before the restart: the server makes Ana's forced passes without her, so the game
      // can be under way before the command (slow to start on a loaded machine) first connects, and a
      // first connection that is refused is reported at once as a wrong address, not retried.
      const welcomed = () => existsSync(frames) && readFileSync(frames, "utf8").includes('"t":"welcome"');
      await until(() => welcomed() && (table()?.version ?? 0) >= 12, 20_000, "the game to be under way");
      expect(table()?.isFinished).toBe(false);
      const before = table()?.version ?? 0;
      await own.restart();
      // The table comes back (by itself: something was due at the stop; or when the command asks
      // for it), rebuilt where the old one stopped.
      await until(() => table() !== undefined, 20_000, "the table to be loaded again");
      expect(table()?.version).toBeGreaterThanOrEqual(before);
      const played = await run.done;
      expect(played.status, played.stderr).toBe(0);
      expect(played.stderr).toMatch(/connection lost/);
      expect(played.stderr).toMatch(/connected again as Ana/);
      // Every deal checked, across the restart (a deal committed to before it included).
      expect(played.stderr).toMatch(/deal verified/);
      expect(played.stderr).not.toMatch(/FAILED/);
      expectFinishedRecord(await serverRecord(own.url, code), resultOf(played.stdout).version);
    } finally {
      await own.close();
    }
  });
});

/** Runs `crossbones online ...args` in this process: status and both outputs. */
async function inProcess(args: string[], env: NodeJS.ProcessEnv = {}) {
  let out = "";
  let err = "";
  const status = await runOnline(args, {
    out: (t) => {
      out += t;
    },
    err: (t) => {
      err += t;
    },
    env,
  });
  return { status, out, err };
}

describe("crossbones online, errors", () => {
  it("says what the server refused, with its code, and exits 1", async () => {
    const unknown = await inProcess(["play", "--server", server.url, "--table", "ABCDEF", "--bot", "easy", "--quiet"]);
    expect(unknown.status).toBe(1);
    expect(unknown.err).toMatch(/there is no table with that code \[unknown-table\]/);
    expect(unknown.err).not.toMatch(/\n\s+at /);

    const { code } = await frenchTable(server.url, ["human", "bot:easy", "bot:easy", "bot:easy"]);
    const full = await inProcess(["play", "--server", server.url, "--table", code, "--bot", "easy", "--name", "Cy"]);
    expect(full.status).toBe(1);
    expect(full.err).toMatch(/every seat at this table is taken \[table-full\]/);

    const forged = await inProcess([
      "play",
      "--server",
      server.url,
      "--table",
      code,
      "--bot",
      "easy",
      "--token",
      "g1.forged-token-value",
    ]);
    expect(forged.status).toBe(1);
    expect(forged.err).toMatch(/the guest token is not valid.*\[bad-token\]/);

    const record = await inProcess(["record", "--server", server.url, "--table", "ABCDEF"]);
    expect(record.status).toBe(1);
    expect(record.err).toMatch(/\[unknown-table\]/);

    const create = await inProcess(["create", "--server", server.url, "--token", "g1.forged-token-value"]);
    expect(create.status).toBe(1);
    expect(create.err).toMatch(/\[bad-token\]/);
  });

  it("the token comes from a file (--token-file) or CROSSBONES_TOKEN, and the help says to keep it off the command line", async () => {
    const made = await inProcess(["guest", "--server", server.url, "--name", "Fay"]);
    const file = join(dir, "token");
    writeFileSync(file, made.out, { mode: 0o600 });
    const fromFile = await inProcess(["create", "--server", server.url, "--token-file", file]);
    expect(fromFile.status, fromFile.err).toBe(0);
    expect(fromFile.err).toBe("");
    const missing = await inProcess(["create", "--server", server.url, "--token-file", join(dir, "none")]);
    expect(missing.status).toBe(2);
    expect(missing.err).toMatch(/cannot read --token-file/);
    // Without a token a guest is made, and the way back offered is a file or the variable.
    const fresh = await inProcess(["create", "--server", server.url, "--name", "Gus"]);
    expect(fresh.err).toMatch(/--token-file FILE \(or set CROSSBONES_TOKEN\)/);
    expect(ONLINE_HELP).toMatch(/not on the command line/);
  });

  it("a server that cannot be reached exits 3", async () => {
    const r = await inProcess([
      "play",
      "--server",
      "http://127.0.0.1:9",
      "--table",
      "ABCDEF",
      "--bot",
      "easy",
      "--token",
      "g1.xxxxxxxxxxxx",
    ]);
    expect(r.status).toBe(3);
    expect(r.err).toMatch(/cannot connect to ws:\/\/127\.0\.0\.1:9\/ws: ECONNREFUSED/);
    const g = await inProcess(["guest", "--server", "http://127.0.0.1:9", "--name", "Ana"]);
    expect(g.status).toBe(3);
    expect(g.err).toMatch(/cannot reach http:\/\/127\.0\.0\.1:9/);
  });

  it("a program that cannot run, or stops before the end, fails the command", async () => {
    const a = await frenchTable(server.url, ["human", "bot:easy", "bot:easy", "bot:easy"]);
    const missing = await inProcess([
      "play",
      "--server",
      server.url,
      "--table",
      a.code,
      "--token",
      a.token,
      "--program",
      "/nonexistent/bot --fast",
      "--quiet",
    ]);
    expect(missing.status).toBe(1);
    expect(missing.err).toMatch(/cannot run \/nonexistent\/bot: ENOENT/);

    const quits = await inProcess([
      "play",
      "--server",
      server.url,
      "--table",
      a.code,
      "--token",
      a.token,
      "--program",
      `${process.execPath} -e "process.exit(4)"`,
      "--quiet",
    ]);
    expect(quits.status).toBe(1);
    expect(quits.err).toMatch(/stopped \(exit status 4\) before the game was over/);
  });

  it("a frame that is not the protocol is an error, not a crash", async () => {
    const fake = new WebSocketServer({ port: 0, host: "127.0.0.1" });
    fake.on("connection", (socket) => {
      socket.on("message", () => socket.send(JSON.stringify({ t: "welcome", protocol: "crossbones/0", player: {} })));
    });
    await new Promise((r) => fake.once("listening", r));
    const port = (fake.address() as { port: number }).port;
    try {
      const r = await inProcess([
        "play",
        "--server",
        `http://127.0.0.1:${port}`,
        "--table",
        "ABCDEF",
        "--bot",
        "easy",
        "--token",
        "g1.xxxxxxxxxxxx",
      ]);
      expect(r.status).toBe(1);
      expect(r.err).toMatch(/the server sent a frame that is not crossbones\/2 \(protocol: /);
    } finally {
      await new Promise((r) => fake.close(r));
    }
  });

  it("a wrong command line exits 2 and says why", async () => {
    const cases: [string[], RegExp][] = [
      [["play", "--server", server.url, "--table", "ABCDEF"], /--bot LEVEL or --program CMD/],
      [["play", "--server", server.url, "--table", "ABCDEF", "--bot", "easy", "--program", "x"], /one of them/],
      [["play", "--server", server.url, "--table", "nope", "--bot", "easy"], /not a table code/],
      [["play", "--server", server.url, "--table", "ABCDEF", "--bot", "genius"], /choose easy, medium or hard/],
      [["play", "--table", "ABCDEF", "--bot", "easy"], /--server URL is needed/],
      [["play", "--server", "ftp://x", "--table", "ABCDEF", "--bot", "easy"], /http:\/\/ or https:\/\//],
      [["create", "--server", server.url, "--game", "poker"], /unknown game "poker"/],
      [["create", "--server", server.url, "--public", "--clock", "off"], /public table keeps a turn clock/],
      [["create", "--server", server.url, "--clock", "1,60"], /a move takes 5 to 300 seconds/],
      [["create", "--server", server.url, "--options", '{"target": 0}'], /--options: /],
      [["create", "--server", server.url, "--seats", "bot:easy,bot:easy,bot:easy,bot:easy"], /at least one human/],
      [["create", "--server", server.url, "--game", "partner", "--players", "3"], /partner is not played by 3/],
      [["create", "--server", server.url, "--colour", "red"], /unknown option --colour/],
      [["frobnicate"], /unknown command online "frobnicate"/],
    ];
    for (const [args, message] of cases) {
      const r = await inProcess(args);
      expect({ args, status: r.status }).toEqual({ args, status: 2 });
      expect(r.err).toMatch(message);
    }
  });
});

describe("crossbones online, pieces", () => {
  const setup = (...args: string[]) => setupFrom(parseOptions(args, CREATE_OPTIONS.valued, CREATE_OPTIONS.flags));

  it("makes a table's setup with sensible defaults", () => {
    expect(setup()).toEqual({
      game: "french",
      players: 4,
      options: {},
      seats: ["human", "bot:medium", "bot:medium", "bot:medium"],
      clock: { move: 20, bank: 60 },
      private: true,
    });
    expect(setup("--game", "cutthroat", "--seats", "human,hard", "--clock", "30,0", "--public")).toEqual({
      game: "cutthroat",
      players: 2,
      options: {},
      seats: ["human", "bot:hard"],
      clock: { move: 30, bank: 0 },
      private: false,
    });
    expect(
      setup("--game", "partner", "--options", '{"match":"straight"}', "--seats", "human,bot,human,bot:easy"),
    ).toMatchObject({
      options: { match: "straight" },
      seats: ["human", "bot:medium", "human", "bot:easy"],
    });
    expect(setup("--game", "cutthroat", "--players", "3").seats).toEqual(["human", "bot:medium", "bot:medium"]);
  });

  it("reads a program's answers: record notation or an action in JSON", () => {
    expect(readAnswer("3-4@N")).toEqual({ action: { type: "play", bone: "3-4", target: "N" } });
    expect(readAnswer("  6-6 \r")).toEqual({ action: { type: "play", bone: "6-6" } });
    expect(readAnswer("pass")).toEqual({ action: { type: "pass" } });
    expect(readAnswer("resign")).toEqual({ action: { type: "resign" } });
    expect(readAnswer('{"type":"play","bone":"1-2","target":"L"}')).toEqual({
      action: { type: "play", bone: "1-2", target: "L" },
    });
    expect(readAnswer("3-4@Q")).toMatchObject({ refusal: { code: "unknown-target" }, answer: "3-4@Q" });
    expect(readAnswer("hello")).toMatchObject({ refusal: { code: "bad-notation" } });
    expect(readAnswer("{oops")).toMatchObject({ refusal: { code: "bad-json" } });
    expect(readAnswer('{"type":"fold"}')).toMatchObject({ refusal: { code: "bad-action" } });
  });

  it("splits a program's command line like a shell, without the shell", () => {
    expect(splitCommand(`python3 bot.py --level 2`)).toEqual(["python3", "bot.py", "--level", "2"]);
    expect(splitCommand(`node "my bot.mjs" 'a b' c\\ d ""`)).toEqual(["node", "my bot.mjs", "a b", "c d", ""]);
    expect(() => splitCommand(`node "oops`)).toThrow(/unclosed/);
  });
});
