/** The `crossbones` command. */

import { readFileSync } from "node:fs";
import { runArena } from "./arena.js";
import { runOnline } from "./online/command.js";
import { runReplay } from "./replay.js";
import { runVerify } from "./verify.js";

const HELP = `crossbones: Jamaican dominoes (French, Cut Throat, Partner)

Usage:
  crossbones replay FILE     replay a game record (crossbones-record/1) and print its result
  crossbones replay -        the same, reading the record from standard input
  crossbones verify FILE|-   check every hand of an online game's record against its proof of a
                             fair deal (docs/fairness.md); names the first hand that fails
  crossbones arena --game french --seats hard,medium,medium,medium --sets 400 --seed 1
                             bots against bots on duplicate deals (crossbones arena --help)
  crossbones online create --server URL --game partner --seats human,bot:hard,human,human
                             make a table at a Crossbones server; prints its invite code
  crossbones online play --server URL --table CODE --bot medium
  crossbones online play --server URL --table CODE --program "python3 my_bot.py"
                             take a seat and play it to the end with a bot or your own program
  crossbones online record --server URL --table CODE
                             print the table's game record (crossbones online --help)
  crossbones --help          this help

Output of replay: one JSON object with each hand's winner, end, counts, score, penalties and
points, the running totals, whether the game is finished and its winner. An invalid record
exits non-zero and prints {"error": {"hand": H, "move": M, "message": "..."}}.

Output of verify: {"verified": true, "hands": [{"hand": 0, "table": "K7QX2M-1", "commitment": "..."}]}
and exit 0, or {"error": {"hand": H, "message": "hand 3: the secret revealed does not match ..."}}
and exit 1 (H 0-based, as in replay).
`;

export function main(argv: readonly string[]): number | Promise<number> {
  const [command, ...rest] = argv;
  switch (command) {
    case "arena":
      return runArena(rest);
    case "online":
      return runOnline(rest);
    case "replay":
      return runReplay(rest, () => readFileSync(0, "utf8"));
    case "verify":
      return runVerify(rest, () => readFileSync(0, "utf8"));
    case undefined:
    case "help":
    case "--help":
    case "-h":
      process.stdout.write(HELP);
      return 0;
    default:
      process.stderr.write(`crossbones: unknown command ${JSON.stringify(command)}\n\n${HELP}`);
      return 2;
  }
}
