/**
 * The leak scan's games (leaks.test.ts on one server process, cluster.test.ts over three): random
 * games of every game and player count between scripted people, every seat a person making random
 * legal actions from its own view (penalty passes, illegal plays at strict tables, plays whose
 * target the server picks), plus a spectator at every table. Every raw frame that reaches any seat
 * or spectator is scanned against the true hands, read from the game's record once it is over
 * (leakcheck.ts): no bone held by another seat, no board pass still pending before it is charged;
 * and for stack traces. With several processes, each person of a table is connected to a process
 * of their own and records are fetched from any of them.
 *
 * Line games are kept short by a resignation between hands after one or two complete hands
 * (some straight matches are played to their end; a six-love match with bruk can go on for
 * thousands of moves when everyone plays at random); French sets go to 20–40.
 */

import { replayRecord } from "@crossbones/engine";
import { checkHand, type DealProof, faultMessage } from "@crossbones/fair";
import { readServerMessage, type TableSetup } from "@crossbones/protocol";
import { createTable, guest } from "./harness.js";
import { type GameTruth, type Received, scanFrames, summarize, truthOf } from "./leakcheck.js";
import { type Frame, pick, random, randomChoice, seedFor, Wire } from "./players.js";

/** What a stack trace looks like in text: "    at f (file.js:1:2)" or an "Error:" line. */
const STACK = /\n\s+at |\bat [^\s()]+ \([^)]*:\d+:\d+\)|Error:/;

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

/** Five guests on five sockets that play one table after another (made on `url`). */
interface Slot {
  readonly url: string;
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

async function openSlot(urls: readonly string[], i: number): Promise<Slot> {
  const tokens: string[] = [];
  const wires: Wire[] = [];
  for (let k = 0; k < 5; k++) {
    // Each person of a slot on a process of their own, as far as there are processes.
    const url = urls[(i + k) % urls.length];
    const g = await guest(url, k === 4 ? `Watcher ${i}` : `P${i} seat ${k}`);
    tokens.push(g.token);
    wires.push(await Wire.open(url, g.token));
  }
  return { url: urls[i % urls.length], tokens, wires };
}

/** Plays one game at a fresh table with the slot's people; resolves with what was seen. */
async function playGame(
  run: Run,
  slot: Slot,
  kind: Kind,
  rnd: () => number,
  checkRecordMidHand: boolean,
): Promise<GameStats> {
  const { totals } = run;
  const url = slot.url;
  const setup = kind.setup(rnd);
  const n = setup.players;
  const isLine = setup.game !== "french";
  // Line games: resign between hands after this many complete hands (a fifth play to the end).
  const resignAfter = isLine && (setup.options?.match === "sixLove" || rnd() < 0.96) ? (rnd() < 0.6 ? 1 : 2) : Infinity;
  const code = await createTable(url, slot.tokens[0], setup);
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
        const whole = text.startsWith('{"t":"patch"') && m.t === "table" ? JSON.stringify(m) : undefined;
        received[f].push({ text, seat: seatOf(f), summary: summarize(m), whole });
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
            midHand.push(recordMidHand(run, code, stats));
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

  const record = await (await fetch(`${run.any()}/api/tables/${code}/record`)).json();
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
        // A patch: the table it makes says which hand and phase it is.
        const m = JSON.parse(r.whole ?? r.text);
        const over = m.t === "table" && m.view.handIndex === i && /hand-over|finished/.test(m.view.phase);
        if (!over) stats.problems.push(`${code}: hand ${i}'s secret sent before the hand was over`);
      }
  }
  if (!run.sample) run.sample = { code, truth, received };
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

/** The record while a hand is being played must not hold that hand (its deal is every hand). */
async function recordMidHand(run: Run, code: string, stats: GameStats): Promise<void> {
  const { totals } = run;
  const record = await (await fetch(`${run.any()}/api/tables/${code}/record`)).json();
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

function newTotals() {
  return {
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
}

export type Totals = ReturnType<typeof newTotals>;

/** One run: its counts, and one game's truth and frames (to show the scan finds a leak planted in them). */
export interface Run {
  readonly totals: Totals;
  sample: { code: string; truth: GameTruth; received: Received[][] } | null;
  /** Any server (records may be fetched from any process). */
  any(): string;
}

/** Plays `games` random games, `tablesAtOnce` at a time, over the servers at `urls`: what was seen. */
export async function runGames(options: {
  readonly urls: readonly string[];
  readonly games: number;
  readonly tablesAtOnce: number;
  readonly seed: number;
}): Promise<{ run: Run; problems: string[] }> {
  const { urls, games: GAMES, tablesAtOnce: TABLES_AT_ONCE, seed: SEED } = options;
  let turn = 0;
  const run: Run = { totals: newTotals(), sample: null, any: () => urls[turn++ % urls.length] };
  const { totals } = run;
  const slots = await Promise.all(Array.from({ length: TABLES_AT_ONCE }, (_, i) => openSlot(urls, i)));
  const problems: string[] = [];
  let next = 0;
  await Promise.all(
    slots.map(async (slot) => {
      while (next < GAMES && problems.length < 20) {
        const index = next++;
        const kind = KINDS[index % KINDS.length];
        const stats = await playGame(run, slot, kind, random(SEED * 7919 + index), index % 10 === 0);
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
  return { run, problems };
}

/** A run's counts in a line. */
export function describeTotals(totals: Totals): string {
  return (
    `${totals.games} games (${JSON.stringify(totals.byKind)}), ${totals.hands} hands, ${totals.versions} versions ` +
    `(${JSON.stringify(totals.versionsByKind)}; played to the end ${JSON.stringify(totals.full)}), ` +
    `${totals.resigned} ended by a resignation between hands, ${totals.frames} frames scanned ` +
    `(${totals.schemaChecked} also schema-checked), ${totals.midHandRecords} records fetched mid-hand; ` +
    `charged illegal plays ${totals.attempts}, penalty passes ${totals.penaltyPasses}, board passes charged ` +
    `${totals.boardPasses}; refusals ${JSON.stringify(totals.refusals)}; ${totals.proofs} deals proven, ` +
    `${totals.seedsIn} of ${totals.seedsSent} seeds sent in them`
  );
}
