/**
 * The example frames of docs/protocol.md (docs/frames/*.json): one `table` message per game, as
 * seat 0 receives it a few moves into the second hand of a seeded random game. The docs test
 * holds the files to what this makes; after a change of the wire, write them again with
 * `node --import tsx packages/protocol/test/example-frames.ts --write`.
 */

import { writeFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { type Game, type GameKind, parseRules, viewFor } from "@crossbones/engine";
import { type ServerMessage, type TableInfo, type TableSetup, toWire } from "@crossbones/protocol";
import { playRandomGame } from "../../engine/test/random-game.js";

export const EXAMPLE_GAMES = [
  ["french", 4],
  ["cutthroat", 2],
  ["partner", 4],
] as const satisfies readonly (readonly [GameKind, number])[];

export const framePath = (game: GameKind): string =>
  fileURLToPath(new URL(`../../../docs/frames/${game}.json`, import.meta.url));

const NAMES = ["Ana", "Kofi", "Ben", "Ines"];

/** Seat 0's `table` message a few moves into the second hand of a game of `game`. */
export function exampleFrame(game: GameKind, players: number): ServerMessage {
  const rules = parseRules(game, players);
  if (!rules.ok) throw new Error(rules.error.message);
  let shown: Game | null = null;
  playRandomGame(rules.value, `docs-${game}`, {
    maxActions: 2000,
    onStep: ({ after }) => {
      const hand = after.state;
      if (shown === null && after.hands.length === 2 && hand && !hand.over && hand.moveCount >= 5) shown = after;
    },
  });
  if (shown === null) throw new Error(`no second hand in the ${game} example`);
  const view = toWire(viewFor(shown, 0));
  const bots = new Set([1]);
  const setup: TableSetup = {
    game,
    players,
    options: { ...rules.value.options } as TableSetup["options"],
    seats: NAMES.slice(0, players).map((_, i) => (bots.has(i) ? "bot:medium" : "human")),
    clock: { move: 20, bank: 60 },
    private: true,
  };
  const table: TableInfo = {
    code: "K7QX2MPW4T",
    setup,
    seats: NAMES.slice(0, players).map((name, seat) => ({
      seat,
      name,
      kind: bots.has(seat) ? "bot" : "human",
      level: bots.has(seat) ? "medium" : null,
      program: false,
      ...(bots.has(seat) ? {} : { player: `${name}${"0".repeat(22)}`.slice(0, 22) }),
      connected: !bots.has(seat),
      away: false,
      bankMs: bots.has(seat) ? null : 60_000,
    })),
    you: 0,
    status: "playing",
    maker: 0,
    turnMs: view.turn === null || bots.has(view.turn) ? null : 80_000,
    nextHandMs: null,
    paused: false,
    serverTime: 1_796_000_000_000,
    rematch: [],
    ready: [],
    game: 0,
    fair: {
      hand: 2,
      commitment: "9f2c4e1b7a0d3f58c6e2b1a4d7f0c3e9b5a8d2f1c4e7b0a3d6f9c2e5b8a1d4f7",
      dealt: true,
      seeded: NAMES.slice(0, players).flatMap((_, seat) => (bots.has(seat) ? [] : [seat])),
    },
    proof: null,
  };
  // Its frame number: the table's log so far (the seats sat, the deals, seeds and moves).
  return { t: "table", seq: view.version + 12, table, view };
}

/** A frame as the docs show it: two-space indentation, anything short (or a list of plain values) on one line. */
export function formatFrame(value: unknown, indent = ""): string {
  const line = JSON.stringify(value);
  if (line.length + indent.length <= 96) return line;
  if (Array.isArray(value)) {
    if (value.every((v) => v === null || typeof v !== "object")) return line;
    const inner = `${indent}  `;
    return `[\n${value.map((v) => inner + formatFrame(v, inner)).join(",\n")}\n${indent}]`;
  }
  if (value !== null && typeof value === "object") {
    const entries = Object.entries(value);
    if (entries.length === 0) return "{}";
    const inner = `${indent}  `;
    const lines = entries.map(([k, v]) => `${inner}${JSON.stringify(k)}: ${formatFrame(v, inner)}`);
    return `{\n${lines.join(",\n")}\n${indent}}`;
  }
  return JSON.stringify(value);
}

if (process.argv.includes("--write")) {
  for (const [game, players] of EXAMPLE_GAMES)
    writeFileSync(framePath(game), `${formatFrame(exampleFrame(game, players))}\n`);
}
