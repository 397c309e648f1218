/**
 * No hand leaks (issue 11, Tests: Leaks). Over a thousand random games on a real server process
 * and real sockets: every game and player count (French with its penalties on, at strict tables
 * and not; Cut Throat for 2, 3 and 4; Partner), every seat a scripted person making random legal
 * actions from its own view (penalty passes, illegal plays at strict tables, plays whose target
 * the server picks), plus a spectator at every table. Every raw frame that reaches any seat or
 * spectator is scanned against the true hands, read from the game's record once it is over
 * (leakcheck.ts): no bone held by another seat, no board pass still pending before it is charged;
 * and for stack traces.
 *
 * Line games are kept short by a resignation between hands after one or two complete hands
 * (some straight matches are played to their end; a six-love match with bruk can go on for
 * thousands of moves when everyone plays at random); French sets go to 20–40.
 */

import { readFileSync } from "node:fs";
import { bonesOf, makeBone, replayRecord } from "@crossbones/engine";
import { checkHand, type DealProof, faultMessage } from "@crossbones/fair";
import { readServerMessage, type TableSetup } from "@crossbones/protocol";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ChildServer } from "./child.js";
import { createTable, guest } from "./harness.js";
import { type GameTruth, type Received, type Summary, scanFrames, summarize, truthOf } from "./leakcheck.js";
import { type Frame, pick, random, randomChoice, seedFor, Wire } from "./players.js";

/** What a stack trace looks like in text: "    at f (file.js:1:2)" or an "Error:" line. */
const STACK = /\n\s+at |\bat [^\s()]+ \([^)]*:\d+:\d+\)|Error:/;
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

interface Kind {
  readonly name: string;
  setup(rnd: () => number): TableSetup;
}

const KINDS: readonly Kind[] = [
  {
    name: "french",
    setup: (rnd) => ({
      game: "french",
      players: 4,
      options: {
        target: 20 + Math.floor(rnd() * 21),
        ...(rnd() < 0.5 ? { illegalPlayPenalty: 5 } : {}),
        ...(rnd() < 0.15 ? { penaltyPass: false } : {}),
        ...(rnd() < 0.2 ? { heldDoubles: pick(rnd, ["each", "pips"]) } : {}),
      },
      seats: ["human", "human", "human", "human"],
      clock: null,
      private: true,
    }),
  },
  ...[2, 3, 4].map(
    (players): Kind => ({
      name: `cutthroat/${players}`,
      setup: (rnd) => line("cutthroat", players, rnd),
    }),
  ),
  { name: "partner", setup: (rnd) => line("partner", 4, rnd) },
];

function line(game: "cutthroat" | "partner", players: number, rnd: () => number): TableSetup {
  return {
    game,
    players,
    options: { match: rnd() < 0.7 ? "straight" : "sixLove", oneAllPlayTwo: rnd() < 0.7 },
    seats: Array.from({ length: players }, () => "human" as const),
    clock: null,
    private: true,
  };
}

/** Five guests on five sockets that play one table after another. */
interface Slot {
  readonly tokens: string[];
  readonly wires: Wire[];
}

interface GameStats {
  kind: string;
  frames: number;
  versions: number;
  hands: number;
  resigned: boolean;
  attempts: number;
  charged: number;
  penaltyPasses: number;
  boardPasses: number;
  refusals: Record<string, number>;
  problems: string[];
}

const totals = {
  games: 0,
  frames: 0,
  schemaChecked: 0,
  hands: 0,
  resigned: 0,
  byKind: {} as Record<string, number>,
  attempts: 0,
  penaltyPasses: 0,
  boardPasses: 0,
  refusals: {} as Record<string, number>,
  midHandRecords: 0,
  proofs: 0,
  seedsSent: 0,
  seedsIn: 0,
  versions: 0,
  versionsByKind: {} as Record<string, number>,
  full: {} as Record<string, number>,
};

async function openSlot(i: number): Promise<Slot> {
  const tokens: string[] = [];
  const wires: Wire[] = [];
  for (let k = 0; k < 5; k++) {
    const g = await guest(server.url, k === 4 ? `Watcher ${i}` : `P${i} seat ${k}`);
    tokens.push(g.token);
    wires.push(await Wire.open(server.url, g.token));
  }
  return { tokens, wires };
}

/** Plays one game at a fresh table with the slot's people; resolves with what was seen. */
async function playGame(slot: Slot, kind: Kind, rnd: () => number, checkRecordMidHand: boolean): Promise<GameStats> {
  const setup = kind.setup(rnd);
  const n = setup.players;
  const isLine = setup.game !== "french";
  // Line games: resign between hands after this many complete hands (a fifth play to the end).
  const resignAfter = isLine && (setup.options?.match === "sixLove" || rnd() < 0.96) ? (rnd() < 0.6 ? 1 : 2) : Infinity;
  const code = await createTable(server.url, slot.tokens[0], setup);
  const stats: GameStats = {
    kind: kind.name,
    frames: 0,
    versions: 0,
    hands: 0,
    resigned: false,
    attempts: 0,
    charged: 0,
    penaltyPasses: 0,
    boardPasses: 0,
    refusals: {},
    problems: [],
  };
  const followers = [...slot.wires.slice(0, n), slot.wires[4]];
  const seatOf = (f: number) => (f === n ? null : f);
  const received: Received[][] = followers.map(() => []);
  const finished = followers.map(() => false);
  const acted = followers.map(() => -1);
  const latest: (Frame | null)[] = followers.map(() => null);
  let ids = 0;
  let resignAt = -1;
  let midHandAsked = false;
  let lastVersion = 0;
  const midHand: Promise<void>[] = [];
  // Each seat sends a seed for every deal, except now and then one seat that never does.
  const seeds = followers.map(() => new Map<string, string>());
  const seedless = rnd() < 0.1 ? Math.floor(rnd() * n) : -1;

  const act = (f: number, view: Frame, safe: boolean) => {
    const choice = randomChoice(view, rnd, safe ? { illegal: false } : { forcedToo: rnd() < 0.3 });
    if (!choice) return;
    acted[f] = view.version;
    if (choice.illegal) stats.attempts++;
    const id = `${code}_s${f}_n${ids++}`;
    followers[f].send({ t: "act", table: code, id, version: view.version, action: choice.action });
  };

  const done = new Promise<void>((resolve, reject) => {
    // Stuck: no new version for a while (a long game is fine as long as it moves).
    let watchdog: NodeJS.Timeout;
    const stuck = () => {
      clearTimeout(watchdog);
      watchdog = setTimeout(() => {
        const where = latest.map((l) => l && { v: l.view.version, turn: l.view.turn, phase: l.view.phase });
        reject(new Error(`game ${code} (${kind.name}) stuck at version ${lastVersion}: ${JSON.stringify(where)}`));
      }, 20_000);
    };
    stuck();
    followers.forEach((wire, f) => {
      wire.onFrame = (text, m) => {
        if ((m.t === "table" && m.table.code !== code) || (m.t === "refused" && m.table !== null && m.table !== code)) {
          return; // a late frame of this slot's previous table
        }
        received[f].push({ text, seat: seatOf(f), summary: summarize(m) });
        if (m.t === "refused") {
          const c = m.refusal.code as string;
          stats.refusals[c] = (stats.refusals[c] ?? 0) + 1;
          if (m.charged) stats.charged++;
          else if (c !== "stale" && m.id !== null && latest[f] && !latest[f].view.finished) {
            // Refused and not charged (e.g. an illegal pose): act again, legally this time.
            if (latest[f].view.version === acted[f]) act(f, latest[f].view, true);
          }
          return;
        }
        if (m.t !== "table") return;
        latest[f] = m;
        const seed = f < n && f !== seedless ? seedFor(m, f, seeds[f]) : null;
        if (seed) wire.send(seed);
        const view = m.view;
        if (view.version > lastVersion) stuck();
        lastVersion = Math.max(lastVersion, view.version);
        if (view.finished) {
          if (!finished[f]) {
            finished[f] = true;
            wire.send({ t: "unwatch", table: code });
          }
          if (finished.every(Boolean)) {
            clearTimeout(watchdog);
            resolve();
          }
          return;
        }
        const seat = seatOf(f);
        if (seat === null) {
          if (checkRecordMidHand && !midHandAsked && view.phase === "play") {
            midHandAsked = true;
            midHand.push(recordMidHand(code, stats));
          }
          return;
        }
        if (
          (view.phase === "pose" || view.phase === "play") &&
          view.turn === seat &&
          acted[f] !== view.version &&
          view.version === lastVersion
        ) {
          act(f, view, false);
        }
        if (
          seat === 0 &&
          view.phase === "hand-over" &&
          view.handIndex + 1 >= resignAfter &&
          resignAt !== view.version
        ) {
          resignAt = view.version;
          wire.send({
            t: "act",
            table: code,
            id: `${code}_resign_v${view.version}`,
            version: view.version,
            action: { type: "resign" },
          });
        }
      };
    });
  });

  // The spectator first (it sees everything from the start), then the maker, then the others sit.
  followers[n].send({ t: "watch", table: code });
  followers[0].send({ t: "watch", table: code });
  for (let s = 1; s < n; s++) followers[s].send({ t: "sit", table: code, seat: s });
  await done;
  await Promise.all(midHand);

  const record = await (await fetch(`${server.url}/api/tables/${code}/record`)).json();
  let truth: GameTruth;
  try {
    truth = truthOf(record);
  } catch (e) {
    stats.problems.push(`${code}: ${(e as Error).message}`);
    return stats;
  }
  const replayed = replayRecord(record);
  if (!replayed.ok) throw new Error("unreachable");
  const game = replayed.value.game;
  if (!game.finished) stats.problems.push(`${code}: the record's game is not finished`);
  if (game.hands.some((h) => h.result === null)) stats.problems.push(`${code}: a hand was not played out`);
  const final = latest[n]?.view.version;
  if (final !== truth.finalVersion)
    stats.problems.push(`${code}: last frame at ${final}, record at ${truth.finalVersion}`);
  stats.versions = truth.finalVersion;
  stats.hands = game.hands.length;
  stats.resigned = game.resigned !== null;
  for (const h of game.hands)
    for (const e of h.events) {
      if (e.type === "penalty" && e.kind === "passWhenAble") stats.penaltyPasses++;
      if (e.type === "penalty" && e.kind === "boardPass") stats.boardPasses++;
    }
  // Every deal proven; a seed in a proof is the one its seat sent; no secret before its hand is over.
  for (const [i, h] of (record.hands as { fair?: DealProof }[]).entries()) {
    const proof = h.fair;
    if (!proof) {
      stats.problems.push(`${code}: hand ${i} has no proof of its deal`);
      continue;
    }
    totals.proofs++;
    const fault = await checkHand(game.config, proof, game.hands[i].deal);
    if (fault) stats.problems.push(`${code}: hand ${i}: ${faultMessage(fault)}`);
    for (let s = 0; s < n; s++) {
      if (seeds[s].has(proof.commitment)) totals.seedsSent++;
      if (proof.seeds[s] === null) continue;
      totals.seedsIn++;
      if (seeds[s].get(proof.commitment) !== proof.seeds[s])
        stats.problems.push(`${code}: hand ${i}: seat ${s}'s seed is not the one it sent`);
    }
    for (const frames of received)
      for (const r of frames) {
        if (!r.text.includes(proof.secret)) continue;
        const m = JSON.parse(r.text);
        const over = m.t === "table" && m.view.handIndex === i && /hand-over|finished/.test(m.view.phase);
        if (!over) stats.problems.push(`${code}: hand ${i}'s secret sent before the hand was over`);
      }
  }
  if (!sample) sample = { code, truth, received };
  for (const frames of received) {
    stats.frames += frames.length;
    stats.problems.push(...scanFrames(truth, frames).map((p) => `${code} (${kind.name}): ${p}`));
    for (const f of frames)
      if (STACK.test(f.text)) stats.problems.push(`${code}: a stack trace in ${f.text.slice(0, 300)}`);
    // The protocol's own schema, on a sample of frames (the full check is costly).
    for (let i = 0; i < frames.length; i += 50) {
      totals.schemaChecked++;
      const read = readServerMessage(frames[i].text);
      if (!read.ok) stats.problems.push(`${code}: a frame the schema refuses (${read.reason})`);
    }
  }
  return stats;
}

/** One game's truth and frames, kept to show that the scan finds a leak planted in them. */
let sample: { code: string; truth: GameTruth; received: Received[][] } | null = null;

/** The record while a hand is being played must not hold that hand (its deal is every hand). */
async function recordMidHand(code: string, stats: GameStats): Promise<void> {
  const record = await (await fetch(`${server.url}/api/tables/${code}/record`)).json();
  totals.midHandRecords++;
  const replayed = replayRecord(record);
  if (!replayed.ok) {
    stats.problems.push(`${code}: the record mid-hand does not replay: ${JSON.stringify(replayed.error)}`);
    return;
  }
  const state = replayed.value.game.state;
  if (state && !state.over)
    stats.problems.push(`${code}: the record served mid-hand holds the hand in play (every deal)`);
}

/** CPU seconds a process has used so far (Linux /proc; 0 elsewhere). */
function cpuSeconds(pid: number | undefined): number {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1].split(" ");
    return (Number(fields[11]) + Number(fields[12])) / 100;
  } catch {
    return 0;
  }
}

describe("no hand leaks over real sockets", () => {
  it(`${GAMES} random games, every frame to every seat and spectator scanned`, async () => {
    const started = Date.now();
    const cpu = process.cpuUsage();
    const serverCpu = cpuSeconds(server.pid);
    const rnd = random(SEED);
    const slots = await Promise.all(Array.from({ length: TABLES_AT_ONCE }, (_, i) => openSlot(i)));
    const problems: string[] = [];
    let next = 0;
    await Promise.all(
      slots.map(async (slot) => {
        while (next < GAMES && problems.length < 20) {
          const index = next++;
          const kind = KINDS[index % KINDS.length];
          const stats = await playGame(slot, kind, random(SEED * 7919 + index), index % 10 === 0);
          totals.games++;
          totals.frames += stats.frames;
          totals.hands += stats.hands;
          totals.versions += stats.versions;
          totals.resigned += stats.resigned ? 1 : 0;
          totals.byKind[kind.name] = (totals.byKind[kind.name] ?? 0) + 1;
          totals.versionsByKind[kind.name] = (totals.versionsByKind[kind.name] ?? 0) + stats.versions;
          if (stats.resigned) totals.full[kind.name] = (totals.full[kind.name] ?? 0) + 0;
          else totals.full[kind.name] = (totals.full[kind.name] ?? 0) + 1;
          totals.attempts += stats.charged;
          totals.penaltyPasses += stats.penaltyPasses;
          totals.boardPasses += stats.boardPasses;
          for (const [c, k] of Object.entries(stats.refusals)) totals.refusals[c] = (totals.refusals[c] ?? 0) + k;
          problems.push(...stats.problems);
        }
      }),
    );
    for (const slot of slots) for (const w of slot.wires) w.close();
    void rnd;
    const seconds = (Date.now() - started) / 1000;
    const ours = process.cpuUsage(cpu);
    const theirs = cpuSeconds(server.pid) - serverCpu;
    process.stdout.write(
      `leaks (seed ${SEED}): ${totals.games} games (${JSON.stringify(totals.byKind)}), ${totals.hands} hands, ${totals.versions} versions ` +
        `(${JSON.stringify(totals.versionsByKind)}; played to the end ${JSON.stringify(totals.full)}), ` +
        `${totals.resigned} ended by a resignation between hands, ${totals.frames} frames scanned ` +
        `(${totals.schemaChecked} also schema-checked), ${totals.midHandRecords} records fetched mid-hand; ` +
        `charged illegal plays ${totals.attempts}, penalty passes ${totals.penaltyPasses}, board passes charged ` +
        `${totals.boardPasses}; refusals ${JSON.stringify(totals.refusals)}; ${totals.proofs} deals proven, ` +
        `${totals.seedsIn} of ${totals.seedsSent} seeds sent in them; ${seconds.toFixed(1)} s ` +
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
    const text = frame.text.replace('"hands":[', `"hands":[["${hidden}"],`);
    expect(planted({ ...frame, text })).toHaveLength(1);
    // The spectator may not see seat 0's own bones either.
    const own = makeBone(bonesOf(t.forbidden[truth.players] & ~t.forbidden[0])[0]);
    expect(
      planted({ ...frame, seat: null, text: frame.text.replace('"hands":[', `"hands":[["${own}"],`) }),
    ).not.toEqual([]);
    // Another seat's hand shown, a board pass pending before it is charged, a pose naming a bone.
    expect(planted({ ...frame, summary: { ...summary, shown: [0, 1] } })).toHaveLength(1);
    if (!t.boardPassCharged) expect(planted({ ...frame, summary: { ...summary, pending: [1, 2, 3] } })).toHaveLength(1);
    expect(planted({ ...frame, summary: { ...summary, named: [hidden, null] } })).not.toEqual([]);
    expect(planted({ ...frame, summary: { ...summary, poseBones: [hidden, "6-6"] } })).not.toEqual([]);
  });
});
