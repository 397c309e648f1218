/**
 * The hand-checked public fixtures (copied from shared/fixtures) replay to exactly their expected
 * output: in process through `replayText`, and once through the installed `crossbones` binary.
 */
import { execFileSync } from "node:child_process";
import { readdirSync, readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { replayText } from "../src/replay.js";

const dir = fileURLToPath(new URL("./data/fixtures/", import.meta.url));
const names = readdirSync(dir)
  .filter((f) => f.endsWith(".record.json"))
  .map((f) => f.replace(".record.json", ""));

type Expected =
  | { readonly error: { readonly hand: number | null; readonly move: number | null } }
  | { readonly hands: unknown; readonly totals: unknown };

function expectedOf(name: string): Expected {
  return JSON.parse(readFileSync(`${dir}${name}.expected.json`, "utf8"));
}

describe("shared fixtures", () => {
  it("are all present", () => {
    expect(names.length).toBeGreaterThanOrEqual(13);
  });

  it.each(names)("%s replays to its expected result", (name) => {
    const expected = expectedOf(name);
    const { status, output } = replayText(readFileSync(`${dir}${name}.record.json`, "utf8"));
    if ("error" in expected) {
      expect(status).not.toBe(0);
      expect(output).toMatchObject({ error: { hand: expected.error.hand, move: expected.error.move } });
      expect((output as { error: { message: string } }).error.message.length).toBeGreaterThan(5);
    } else {
      expect(status).toBe(0);
      expect(output).toEqual(expected);
    }
  });

  it("the crossbones binary prints the same as replayText", () => {
    const bin = fileURLToPath(new URL("../bin/crossbones.js", import.meta.url));
    const file = `${dir}french-boardpass-streak.record.json`;
    const printed = JSON.parse(execFileSync(process.execPath, [bin, "replay", file], { encoding: "utf8" }));
    expect(printed).toEqual(expectedOf("french-boardpass-streak"));
  });
});
