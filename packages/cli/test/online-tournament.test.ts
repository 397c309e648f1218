/**
 * `crossbones online tournament create | standings` and `crossbones online play --tournament`
 * (docs/tournaments.md): four CLI bots sign up for a Swiss of Cut Throat for two, check in, and
 * play every round at the tables the server seats them at; each prints one line per game and the
 * final standings, which `tournament standings` prints too. Nobody meets twice.
 */

import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { requireBuilt } from "./binary.js";
import { crossbones, guest, type OnlineServer, startOnlineServer } from "./online-helpers.js";

let server: OnlineServer;

beforeAll(async () => {
  requireBuilt();
  server = await startOnlineServer();
});
afterAll(async () => {
  await server.close();
});

interface Standings {
  status: string;
  standings: { id: string; place: number; points: number }[];
  rounds: { round: number; games: { a: string; b: string; table: string; aScore: number }[] }[];
}

describe("crossbones online tournament", () => {
  it("four bots play a Swiss through from sign-up to standings", async () => {
    const maker = await guest(server.url, "Maker");
    const made = await crossbones(
      ["online", "tournament", "create", "--server", server.url, "--game", "cutthroat", "--format", "swiss"].concat([
        "--rounds",
        "2",
        "--start-in",
        "4s",
        "--options",
        '{"match":"straight"}',
        "--json",
      ]),
      { CROSSBONES_TOKEN: maker.token },
    ).done;
    expect(made.status, made.stderr).toBe(0);
    const { id } = JSON.parse(made.stdout) as { id: string };

    const players = [];
    for (const name of ["Ana", "Bo", "Cy", "Di"]) players.push(await guest(server.url, name));
    // Signed up and checked in before the start whatever the machine's load: the commands find
    // themselves signed up and checked in already (as after a restart of the command).
    for (const p of players)
      for (const action of ["signup", "checkin"]) {
        const r = await fetch(`${server.url}/api/tournaments/${id}/${action}`, {
          method: "POST",
          headers: { authorization: `Bearer ${p.token}`, "content-type": "application/json" },
          body: "{}",
        });
        expect(r.status).toBe(204);
      }
    const runs = await Promise.all(
      players.map(
        (p, i) =>
          crossbones(
            [
              "online",
              "play",
              "--server",
              server.url,
              "--tournament",
              id,
              "--bot",
              i % 2 ? "easy" : "medium",
              "--quiet",
            ],
            { CROSSBONES_TOKEN: p.token },
          ).done,
      ),
    );
    const finals: Standings[] = [];
    for (const run of runs) {
      expect(run.status, run.stderr).toBe(0);
      const lines = run.stdout.trim().split("\n");
      // Two games, then the standings.
      expect(lines).toHaveLength(3);
      finals.push(JSON.parse(lines[2]) as Standings);
    }
    const printed = await crossbones([
      "online",
      "tournament",
      "standings",
      "--server",
      server.url,
      "--id",
      id,
      "--json",
    ]).done;
    expect(printed.status, printed.stderr).toBe(0);
    const final = JSON.parse(printed.stdout) as Standings;
    for (const f of finals) expect(f).toEqual(final);
    expect(final.status).toBe("finished");
    expect(final.standings.map((s) => s.id).sort()).toEqual(players.map((p) => p.player.id).sort());
    const met = new Set<string>();
    for (const round of final.rounds)
      for (const g of round.games) {
        const pair = [g.a, g.b].sort().join(" ");
        expect(met.has(pair)).toBe(false);
        met.add(pair);
      }
    expect(met.size).toBe(4);

    // The export: every game's record, in one file.
    const exported = await crossbones(["online", "tournament", "export", "--server", server.url, "--id", id]).done;
    expect(exported.status, exported.stderr).toBe(0);
    const file = JSON.parse(exported.stdout) as { format: string; records: Record<string, { game: string }> };
    expect(file.format).toBe("crossbones-tournament/1");
    expect(Object.values(file.records).map((r) => r.game)).toEqual([
      "cutthroat",
      "cutthroat",
      "cutthroat",
      "cutthroat",
    ]);
  }, 120_000);

  it("create says what is wrong with its options in words", async () => {
    const bad = await crossbones(["online", "tournament", "create", "--server", server.url, "--format", "ladder"]).done;
    expect(bad.status).toBe(2);
    expect(bad.stderr).toContain(`--format "ladder": choose swiss, knockout or duplicate`);
    const when = await crossbones(["online", "tournament", "create", "--server", server.url, "--start-in", "soon"])
      .done;
    expect(when.status).toBe(2);
    expect(when.stderr).toContain("--start-in is a time like 30s, 10m or 2h");
  });
});
