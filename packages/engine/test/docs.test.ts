/**
 * docs/rules.md's option table must say what OPTION_SPECS says (names, games and defaults), and
 * its refusal table must list exactly the engine's refusal codes.
 */
import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { OPTION_SPECS, REFUSAL_CODES } from "@crossbones/engine";
import { describe, expect, it } from "vitest";

const doc = readFileSync(fileURLToPath(new URL("../../../docs/rules.md", import.meta.url)), "utf8");

/** The table rows of one `## ` section, split into cells. */
function tableRows(section: string): string[][] {
  const start = doc.indexOf(`\n## ${section}\n`);
  if (start < 0) throw new Error(`docs/rules.md has no section ${section}`);
  const end = doc.indexOf("\n## ", start + 1);
  return doc
    .slice(start, end < 0 ? undefined : end)
    .split("\n")
    .filter((l) => l.startsWith("| `"))
    .map((l) => l.split("|").map((c) => c.trim()));
}

const rows = tableRows("Options");

describe("docs/rules.md refusal table", () => {
  it("lists every refusal code once", () => {
    const codes = tableRows("Refusals").map((r) => r[1].replaceAll("`", ""));
    expect(codes.sort()).toEqual([...REFUSAL_CODES].sort());
  });
});

describe("docs/rules.md option table", () => {
  it("lists every option once", () => {
    expect(rows.map((r) => r[1].replaceAll("`", "")).sort()).toEqual(OPTION_SPECS.map((s) => s.name).sort());
  });

  it.each(OPTION_SPECS.map((s) => [s.name, s] as const))(
    "%s has the engine's games, default and rule",
    (name, spec) => {
      const row = rows.find((r) => r[1] === `\`${name}\``) as string[];
      expect(row[2]).toBe(spec.games.join(", "));
      expect(row[3].replaceAll("`", "")).toBe(JSON.stringify(spec.default));
      expect(row[5]).toBe(spec.rule);
    },
  );
});
