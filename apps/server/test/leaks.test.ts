/**
 * No hand leaks (issue 11, Tests: Leaks). Over a thousand random games on a real server process
 * and real sockets (leakrun.ts: every game and player count, every seat a scripted person making
 * random legal and illegal actions, a spectator at every table): every raw frame that reaches any
 * seat or spectator is scanned against the true hands; no stack trace.
 */

import { readFileSync } from "node:fs";
import { bonesOf, makeBone } from "@crossbones/engine";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ChildServer } from "./child.js";
import { type Received, type Summary, scanFrames } from "./leakcheck.js";
import { describeTotals, type Run, runGames } from "./leakrun.js";

const GAMES = Number(process.env.LEAK_GAMES ?? 1000);
const TABLES_AT_ONCE = Number(process.env.LEAK_TABLES ?? 40);
const SEED = Number(process.env.LEAK_SEED ?? Date.now() % 1_000_000);

let server: ChildServer;
beforeAll(async () => {
  server = await ChildServer.start({ timing: { botDelay: 0, handPause: 40, forcedPass: 0, seedWait: 300 } });
});
afterAll(async () => {
  await server?.stop();
});

/** CPU seconds a process has used so far (Linux /proc; 0 elsewhere). */
function cpuSeconds(pid: number | undefined): number {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1].split(" ");
    return (Number(fields[11]) + Number(fields[12])) / 100;
  } catch {
    return 0;
  }
}

/** One game's truth and frames, kept to show that the scan finds a leak planted in them. */
let sample: Run["sample"] = null;

describe("no hand leaks over real sockets", () => {
  it(`${GAMES} random games, every frame to every seat and spectator scanned`, async () => {
    const started = Date.now();
    const cpu = process.cpuUsage();
    const serverCpu = cpuSeconds(server.pid);
    const { run, problems } = await runGames({
      urls: [server.url],
      games: GAMES,
      tablesAtOnce: TABLES_AT_ONCE,
      seed: SEED,
    });
    sample = run.sample;
    const { totals } = run;
    const seconds = (Date.now() - started) / 1000;
    const ours = process.cpuUsage(cpu);
    const theirs = cpuSeconds(server.pid) - serverCpu;
    process.stdout.write(
      `leaks (seed ${SEED}): ${describeTotals(totals)}; ${seconds.toFixed(1)} s ` +
        `(CPU: server ${theirs.toFixed(1)} s, clients ${((ours.user + ours.system) / 1e6).toFixed(1)} s), ` +
        `${TABLES_AT_ONCE} tables at once\n`,
    );
    expect(problems.slice(0, 20)).toEqual([]);
    expect(totals.games).toBeGreaterThanOrEqual(GAMES);
    expect(totals.boardPasses).toBeGreaterThan(0);
    expect(totals.attempts).toBeGreaterThan(0);
    expect(totals.proofs).toBeGreaterThanOrEqual(totals.hands);
    expect(totals.seedsIn).toBeGreaterThan(0);
  }, 400_000);

  it("the scan finds leaks planted in real frames", () => {
    if (!sample) throw new Error("no game was kept");
    const { code, truth, received } = sample;
    expect(received.map((frames) => scanFrames(truth, frames))).toEqual(received.map(() => []));
    // A frame of seat 0 while a hand is on, and a bone another seat holds then.
    const i = received[0].findIndex((r) => r.summary && truth.versions[r.summary.version].live);
    const frame = received[0][i];
    const summary = frame.summary as Summary;
    const t = truth.versions[summary.version];
    const hidden = bonesOf(t.forbidden[0])
      .map(makeBone)
      .filter((b) => b !== "0-0" && b !== "6-6")[0];
    const head = received[0].slice(0, i + 1);
    const planted = (r: Received) => scanFrames(truth, [...head, r]);
    // A bone in any frame: a refusal's message, an ack's id, a view's field.
    const refusal = {
      t: "refused",
      id: null,
      table: code,
      refusal: { code: "stale", message: hidden },
      charged: false,
    };
    expect(planted({ text: JSON.stringify(refusal), seat: 0, summary: null })).toHaveLength(1);
    expect(
      planted({ text: JSON.stringify({ t: "ack", id: `x${hidden}`, version: 1 }), seat: 0, summary: null }),
    ).toHaveLength(1);
    // The frame as a whole table (a patch: the table it makes), then as a patch.
    const whole = { ...frame, text: frame.whole ?? frame.text, whole: undefined };
    const text = whole.text.replace('"hands":[', `"hands":[["${hidden}"],`);
    expect(planted({ ...whole, text })).toHaveLength(1);
    const patch = (ops: unknown[]) => JSON.stringify({ t: "patch", table: code, from: 1, to: 2, ops });
    const shows = patch([["=", "/view/hands/1", [hidden]]]);
    expect(planted({ ...frame, text: shows, whole: whole.text })).toHaveLength(2);
    // A patch names no bone its table does not, even one the seat may see (its own).
    const mine = makeBone(bonesOf(t.forbidden[truth.players] & ~t.forbidden[0])[0]);
    const table = whole.text.replaceAll(`"${mine}"`, '"?"');
    expect(planted({ ...frame, text: patch([["=", "/view/you/hand", [mine]]]), whole: table })).toHaveLength(1);
    // The spectator may not see seat 0's own bones either.
    const own = mine;
    expect(
      planted({ ...whole, seat: null, text: whole.text.replace('"hands":[', `"hands":[["${own}"],`) }),
    ).not.toEqual([]);
    // Another seat's hand shown, a board pass pending before it is charged, a pose naming a bone.
    expect(planted({ ...frame, summary: { ...summary, shown: [0, 1] } })).toHaveLength(1);
    if (!t.boardPassCharged) expect(planted({ ...frame, summary: { ...summary, pending: [1, 2, 3] } })).toHaveLength(1);
    expect(planted({ ...frame, summary: { ...summary, named: [hidden, null] } })).not.toEqual([]);
    expect(planted({ ...frame, summary: { ...summary, poseBones: [hidden, "6-6"] } })).not.toEqual([]);
  });
});
