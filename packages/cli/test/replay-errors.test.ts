/**
 * `crossbones replay FILE|-` as a user runs it (RECORD.md): the built binary, its exit status (0
 * for a valid record, finished or not; non-zero otherwise) and the one JSON object it prints,
 * `{"error": {"hand": H, "move": M, "message": "..."}}` for an invalid record. The binary runs
 * packages/cli/dist, which `npx tsc -b` builds. Every process is started once, all together.
 */

import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { replayText } from "../src/replay.js";
import { BLANKS_DEAL, type Run, requireBuilt, runBinary } from "./binary.js";

const fixtures = fileURLToPath(new URL("./data/fixtures/", import.meta.url));
const DEAL = BLANKS_DEAL;
const CROSS = ["0-0", "pass", "pass", "pass", "0-1@N", "pass", "pass", "pass", "0-5@E", "pass", "pass", "pass"];

function record(hands: unknown, game = "french", players = 4): string {
  return JSON.stringify({ format: "crossbones-record/1", game, players, hands });
}

/** Each case: how the binary is run and the record it reads. */
const CASES = {
  validFile: { file: `${fixtures}french-boardpass-streak.record.json` },
  validUnfinishedStdin: { stdin: record([{ deal: DEAL, moves: CROSS.slice(0, 6) }]) },
  badJson: { stdin: '{"format": "crossbones-record/1", "game": ' },
  unknownBone: { stdin: record([{ deal: DEAL, moves: ["0-0", "pass", "pass", "pass", "7-1@N"] }]) },
  badDealFile: { file: "bad-deal.json", text: record([{ deal: [DEAL[0], DEAL[1], DEAL[2], DEAL[2]], moves: [] }]) },
  illegalMove: {
    stdin: record([{ deal: DEAL, moves: [...CROSS, "0-3@S", "pass", "pass", "pass", "0-4@W", "1-1@N", "3-5@E"] }]),
  },
  ambiguousMove: {
    stdin: record(
      [
        {
          deal: [
            ["0-3", "0-4", "0-6", "1-1", "1-2", "1-6", "2-4", "2-5", "3-3", "3-6", "4-4", "4-5", "4-6", "6-6"],
            ["0-0", "0-1", "0-2", "0-5", "1-3", "1-4", "1-5", "2-2", "2-3", "2-6", "3-4", "3-5", "5-5", "5-6"],
          ],
          moves: ["6-6", "2-6"],
        },
      ],
      "cutthroat",
      2,
    ),
  },
  missingFile: { file: "no-such-record.json" },
  noArgument: {},
} as const;

type CaseName = keyof typeof CASES;
const results = {} as Record<CaseName, Run>;
let dir = "";

beforeAll(async () => {
  requireBuilt();
  dir = mkdtempSync(join(tmpdir(), "crossbones-replay-"));
  const texts: Partial<Record<CaseName, string>> = {};
  await Promise.all(
    (Object.keys(CASES) as CaseName[]).map(async (name) => {
      const c: { file?: string; stdin?: string; text?: string } = CASES[name];
      let args: string[] = [];
      if (c.file !== undefined) {
        const path = c.file.startsWith("/") ? c.file : join(dir, c.file);
        if (c.text !== undefined) writeFileSync(path, c.text);
        args = ["replay", path];
        texts[name] = existsSync(path) ? readFileSync(path, "utf8") : undefined;
      } else if (c.stdin !== undefined) {
        args = ["replay", "-"];
        texts[name] = c.stdin;
      } else args = ["replay"];
      results[name] = await runBinary(args, texts[name]);
    }),
  );
}, 30_000);

afterAll(() => {
  if (dir) rmSync(dir, { recursive: true, force: true });
});

/** The printed output: exactly one JSON object on one line. */
function printed(name: CaseName): Record<string, unknown> {
  const out = results[name].stdout;
  expect(out.endsWith("\n")).toBe(true);
  expect(out.trim().split("\n")).toHaveLength(1);
  return JSON.parse(out);
}

function expectError(name: CaseName, hand: number | null, move: number | null, message: RegExp | string): void {
  const r = results[name];
  expect(r.status).not.toBe(0);
  const out = printed(name);
  expect(Object.keys(out)).toEqual(["error"]);
  const error = out.error as Record<string, unknown>;
  expect(Object.keys(error).sort()).toEqual(["hand", "message", "move"]);
  expect({ hand: error.hand, move: error.move }).toEqual({ hand, move });
  expect(typeof error.message).toBe("string");
  if (typeof message === "string") expect(error.message).toBe(message);
  else expect(error.message).toMatch(message);
}

describe("crossbones replay (built binary)", () => {
  it("a valid file: exit 0 and the summary, the same as replayText", () => {
    expect(results.validFile.status).toBe(0);
    const text = readFileSync(CASES.validFile.file, "utf8");
    expect(printed("validFile")).toEqual(replayText(text).output);
    expect(printed("validFile")).toMatchObject({ finished: true, winner: 0, totals: [0, 68, 78, 130] });
  });

  it("a valid unfinished record on standard input (-): exit 0, the hand in progress has end null", () => {
    expect(results.validUnfinishedStdin.status).toBe(0);
    expect(printed("validUnfinishedStdin")).toEqual({
      hands: [
        {
          winner: null,
          end: null,
          // Seat 0 has played 0-0 and 0-1; the others still hold all seven bones.
          counts: [
            2 + 3 + 4 + 5 + 6,
            2 + 3 + 4 + 5 + 6 + 7 + 5,
            4 + 6 + 7 + 8 + 7 + 8 + 9,
            6 + 8 + 9 + 10 + 10 + 11 + 12,
          ],
          score: [0, 0, 0, 0],
          // Board passes (F7) after the pose for seats 1-3, and after 0-1 for seat 1 so far.
          penalties: [0, 20, 10, 10],
          points: null,
        },
      ],
      totals: [0, 0, 0, 0],
      finished: false,
      winner: null,
    });
  });

  it("malformed JSON: exit non-zero, hand and move null", () => {
    expectError("badJson", null, null, /JSON/);
  });

  it("an unknown bone in a move: its hand and move", () => {
    expectError("unknownBone", 0, 4, "unknown bone 7-1: ends go from 0 to 6");
  });

  it("a bad deal read from a file: its hand, move null", () => {
    expectError("badDealFile", 0, null, "deal must hold each bone once, equally shared");
  });

  it("an illegal move: the message names the seat, the bone and the arm", () => {
    expectError("illegalMove", 0, 18, "seat 2 cannot play 3-5 on arm E: arm E shows 5 and 5-5 has not been played");
  });

  it("an ambiguous move: the message names the targets", () => {
    expectError("ambiguousMove", 0, 1, "2-6 fits L and R: add @L or @R");
  });

  it("a missing file: exit non-zero and an error naming the file", () => {
    expectError("missingFile", null, null, /no-such-record\.json/);
  });

  it("no argument: exit non-zero with a usage line, no JSON on standard output", () => {
    expect(results.noArgument.status).not.toBe(0);
    expect(results.noArgument.stdout).toBe("");
    expect(results.noArgument.stderr).toMatch(/usage: crossbones replay FILE/);
  });

  it("every error printed by the binary is the one replayText gives", () => {
    for (const name of ["badJson", "unknownBone", "illegalMove", "ambiguousMove"] as const) {
      expect(printed(name)).toEqual(replayText(CASES[name].stdin).output);
    }
  });
});
