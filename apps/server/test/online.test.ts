/**
 * Online tables end to end over real sockets: a guest makes a table with bots, plays a whole
 * French set through the protocol, and the server's record of it replays under the engine.
 */

import { type Action, replayRecord } from "@crossbones/engine";
import type { ServerMessage } from "@crossbones/protocol";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTable, guest, startServer, TestClient, type TestServer } from "./harness.js";

type TableMessage = Extract<ServerMessage, { t: "table" }>;

let server: TestServer;
beforeAll(async () => {
  server = await startServer();
});
afterAll(async () => {
  await server.close();
});

/** Plays `client`'s seat (first legal move) until the game is over; returns the last table message. */
async function playOut(client: TestClient, code: string): Promise<TableMessage> {
  let id = 0;
  for (;;) {
    const m = client.latest(code);
    if (m?.view.finished) return m;
    if (m && m.view.turn !== null && m.view.turn === m.table.you && m.view.you && m.view.you.legalMoves.length > 0) {
      const move = m.view.you.legalMoves[0];
      const [bone, target] = move.split("@");
      const action: Action =
        move === "pass" ? { type: "pass" } : target ? { type: "play", bone, target } : { type: "play", bone };
      client.send({ t: "act", table: code, id: `a${id++}`, version: m.view.version, action });
    }
    await client.next((x) => x.t === "table" && x.table.code === code);
  }
}

describe("an online table with bots", () => {
  it("a guest makes a French table with three bots and plays the set to its end", async () => {
    const me = await guest(server.url, "Ana");
    const code = await createTable(server.url, me.token, {
      game: "french",
      players: 4,
      options: { target: 30 },
      seats: ["human", "bot:easy", "bot:easy", "bot:easy"],
      clock: null,
      private: true,
    });
    // A private table: ten letters, found by nobody who tries codes.
    expect(code).toMatch(/^[A-Z2-9]{10}$/);
    const client = await TestClient.connect(server.url, me.token);
    client.send({ t: "watch", table: code });
    const first = await client.next((m): m is TableMessage => m.t === "table");
    expect(first.table.you).toBe(0);
    expect(first.table.seats.map((s) => s.kind)).toEqual(["human", "bot", "bot", "bot"]);
    const last = await playOut(client, code);
    expect(last.view.finished).toBe(true);
    expect(last.table.status).toBe("finished");
    expect(client.invalid).toEqual([]);
    const record = await (await fetch(`${server.url}/api/tables/${code}/record`)).json();
    const replayed = replayRecord(record);
    expect(replayed.ok).toBe(true);
    if (replayed.ok) {
      expect(replayed.value.game.finished).toBe(true);
      expect(replayed.value.game.version).toBe(last.view.version);
      expect(replayed.value.names?.[0]).toBe("Ana");
    }
    client.close();
  }, 60_000);
});
