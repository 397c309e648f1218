/**
 * The flows of an online table (issue 11, Tests), each on a server of its own over real sockets,
 * run side by side: reconnecting mid-hand, the turn clock running out (away, a bot plays, the
 * player's next action brings them back), rematch, resignation, spectators, quick match (people
 * together, or bots after the wait), leaving (a bot takes the seat) and an action sent twice
 * (applied once, acknowledged twice). Every frame any client receives is checked with the
 * protocol's schema and for stack traces.
 */

import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { replayRecord } from "@crossbones/engine";
import type { TableSetup } from "@crossbones/protocol";
import { describe, expect, it } from "vitest";
import { FakeClock } from "./fake-clock.js";
import {
  autoPlay,
  createTable,
  guest,
  isTable,
  seatReaches,
  seatShown,
  startServer,
  type TableMessage,
  TestClient,
  type TestServer,
  tracked,
} from "./harness.js";
import { actionOf } from "./players.js";

const { server, connect } = tracked();

/** A private table of `seats` with no clock unless given. */
function setup(game: TableSetup["game"], seats: TableSetup["seats"], extra: Partial<TableSetup> = {}): TableSetup {
  const options = game === "french" ? { target: 20 } : { match: "straight" as const };
  return { game, players: seats.length, options, seats, clock: null, private: true, ...extra };
}

/** The latest table message when it passes `test` already, else the next one that does. */
async function reach(client: TestClient, code: string, test: (m: TableMessage) => boolean, ms?: number) {
  const latest = client.latest(code);
  if (latest && test(latest)) return latest;
  return client.next((m): m is TableMessage => isTable(code)(m) && test(m), ms);
}

/** Ana and Ben at a Partner table with two easy bots: Ana watches (she made it), Ben sits. */
async function partnerTable(s: TestServer) {
  const [ana, ben] = [await guest(s.url, "Ana"), await guest(s.url, "Ben")];
  const code = await createTable(s.url, ana.token, setup("partner", ["human", "bot:easy", "human", "bot:easy"]));
  const a = await connect(s, ana.token);
  const b = await connect(s, ben.token);
  a.send({ t: "watch", table: code });
  b.send({ t: "sit", table: code });
  return { ana, ben, code, a, b };
}

describe.concurrent("flows", () => {
  it("a guest's key names its player on any device (GET /api/me); an unknown or forged key is refused", async () => {
    const s = await server();
    const ana = await guest(s.url, "Ana");
    const me = (token: string) => fetch(`${s.url}/api/me`, { headers: { authorization: `Bearer ${token}` } });
    const ok = await me(ana.token);
    expect(ok.status).toBe(200);
    expect(await ok.json()).toEqual({ player: ana.player });
    // One character changed: the signature no longer holds.
    const forged = ana.token.slice(0, -1) + (ana.token.endsWith("A") ? "B" : "A");
    for (const bad of [forged, "g1.nonsense", ""]) {
      const r = await me(bad);
      expect(r.status).toBe(401);
      expect(((await r.json()) as { error: { code: string } }).error.code).toBe("bad-token");
    }
  });

  it("reconnect: the seat stays, shows disconnected then connected, and the client resumes from the table message", async () => {
    const s = await server({ timing: { botDelay: 30, handPause: 50, forcedPass: 30 } });
    const [ana, ben] = [await guest(s.url, "Ana"), await guest(s.url, "Ben")];
    const code = await createTable(s.url, ana.token, setup("cutthroat", ["human", "human", "bot:easy"]));
    const a = await connect(s, ana.token);
    const b = await connect(s, ben.token);
    a.send({ t: "watch", table: code });
    b.send({ t: "sit", table: code });
    // Ana plays; Ben plays until the hand is well under way, then his socket drops.
    const playing = autoPlay(a, code);
    const first = autoPlay(b, code, (m) => m.view.phase === "play" && (m.view.table?.moveCount ?? 0) >= 3);
    const midHand = (await first.done) as TableMessage;
    const seat = midHand.table.you as number;
    expect(seat).toBe(1);
    const goneSeen = a.next((m) => seatShown(code, m, seat)?.connected === false);
    b.close();
    await goneSeen;
    expect(a.latest(code)?.table.seats[seat]).toMatchObject({ kind: "human", name: "Ben" });
    // Another socket (a new tab, another device) with the same token: hello, watch, and the
    // table message is the whole current state, hand and legal moves included.
    const b2 = await connect(s, ben.token);
    const backSeen = a.next((m) => seatShown(code, m, seat)?.connected === true);
    b2.send({ t: "watch", table: code });
    const back = await b2.next(isTable(code));
    expect(back.table.you).toBe(seat);
    expect(back.view.you?.hand.length).toBe(back.view.handSizes[seat]);
    expect(back.view.version).toBeGreaterThanOrEqual(midHand.view.version);
    await backSeen;
    // Ben resumes on the new socket and the game goes on to its end.
    const [last] = await Promise.all([autoPlay(b2, code).done, playing.done]);
    expect(last?.view.finished).toBe(true);
    expect(last?.table.seats[seat]).toMatchObject({ kind: "human", name: "Ben", connected: true, away: false });
  });

  it("heartbeat: a player whose network vanished (no answer to pings) shows as offline, and the seat stays", async () => {
    const s = await server({ heartbeatMs: 100, online: { presenceDelay: 0 } });
    const { code, a, b } = await partnerTable(s);
    const seated = await reach(a, code, (m) => m.table.seats[2].kind === "human");
    expect(seated.table.seats[2]).toMatchObject({ name: "Ben", kind: "human" });
    await seatReaches(a, code, 2, (x) => x.connected);
    // Ben's socket stops reading (as a phone out of coverage): no pong goes back, no close either.
    b.socket.pause();
    // Two missed pings (200 ms here) and the seat shows as offline; how fast is the bench's to say,
    // and a loaded machine may take longer than that, so the wait is the usual one.
    await a.next((m) => seatShown(code, m, 2)?.connected === false);
    expect(a.latest(code)?.table.seats[2]).toMatchObject({ name: "Ben", kind: "human" });
    // Ana's own socket answers its pings and stays.
    expect(a.socket.readyState).toBe(a.socket.OPEN);
  });

  it("turn clock (a clock the test moves): the frame says the time left; out of time the seat is away and a bot plays it; her next action brings it back", async () => {
    const clock = new FakeClock();
    const s = await server({ timing: { botDelay: 1500 }, online: { now: clock.now, timers: clock.timers } });
    const ana = await guest(s.url, "Ana");
    const code = await createTable(
      s.url,
      ana.token,
      setup("cutthroat", ["human", "bot:easy"], { clock: { move: 5, bank: 3 }, private: false }),
    );
    const a = await connect(s, ana.token);
    a.send({ t: "watch", table: code });
    /** The table as it is once Ana is to act and `test` holds; the bot's 1.5 s pass when it thinks. */
    const anaToAct = async (test: (m: TableMessage) => boolean): Promise<TableMessage> => {
      for (;;) {
        const m = a.latest(code);
        if (m && m.view.turn === 0 && test(m)) return m;
        const next = a.next(isTable(code));
        if (m?.view.turn === 1 || m?.table.seats[0].away) await clock.advance(1500);
        await next;
      }
    };
    // Ana's first turn with a choice: the move's 5 s and her bank's 3 s, as durations from the frame.
    let m = await anaToAct((x) => (x.view.you?.plays.length ?? 0) > 0);
    expect(m.table.turnMs).toBe(8_000);
    expect(m.table.seats[0].bankMs).toBe(3_000);
    // Six seconds pass; asked again (a stale try), the table says 2 s left, 2 s of bank.
    await clock.advance(6_000);
    const again = a.next(isTable(code));
    a.send({ t: "act", table: code, id: "stale", version: 0, action: { type: "pass" } });
    m = await again;
    expect(m.table.turnMs).toBe(2_000);
    expect(m.table.seats.map((x) => x.bankMs)).toEqual([2_000, 3_000]);
    const waited = m.view.version;
    const away = a.next((x): x is TableMessage => isTable(code)(x) && x.table.seats[0].away);
    await clock.advance(2_000);
    expect((await away).table.seats[0].bankMs).toBe(0);
    // Her stand-in plays her move 1.5 s later.
    const played = a.next((x): x is TableMessage => isTable(code)(x) && x.view.version > waited);
    await clock.advance(1_500);
    m = await played;
    expect(m.view.history.at(-1)?.seat).toBe(0);
    expect(m.table.seats[0].away).toBe(true);
    // Her next turn: she acts before her stand-in does, and is back.
    m = await anaToAct((x) => (x.view.you?.legalMoves.length ?? 0) > 0 && !x.view.finished);
    const action = actionOf(m.view.you?.legalMoves[0] ?? "pass");
    a.send({ t: "act", table: code, id: "back", version: m.view.version, action });
    expect(await a.next((x) => x.t === "ack" || x.t === "refused")).toMatchObject({ t: "ack", id: "back" });
    const back = a.latest(code) as TableMessage;
    expect(back.view.version).toBe(m.view.version + 1);
    expect(back.table.seats[0].away).toBe(false);
  });

  it("resign through the protocol, then a rematch: every person asks, game 1 starts, game 0 is in my games", async () => {
    const s = await server({ timing: { botDelay: 30, handPause: 50, forcedPass: 30 } });
    const { ana, ben, code, a, b } = await partnerTable(s);
    const dealt = await a.next((m): m is TableMessage => isTable(code)(m) && m.view.phase !== "deal");
    // Ana resigns, in turn or out of it, mid-hand: the match is lost for her team.
    let version = dealt.view.version;
    for (let tries = 0; ; tries++) {
      a.send({ t: "act", table: code, id: `resign-${tries}`, version, action: { type: "resign" } });
      const answer = await a.next((m) => m.t === "ack" || m.t === "refused");
      if (answer.t === "ack") break;
      // A bot moved first (its table message came before the refusal): resign against it.
      expect(answer.t === "refused" && answer.refusal.code).toBe("stale");
      expect(tries).toBeLessThan(10);
      version = (a.latest(code) as TableMessage).view.version;
    }
    const over = await reach(b, code, (m) => m.view.finished);
    expect(over.view.resigned).toBe(0);
    expect(over.view.winner).toBe(1);
    expect(over.table.status).toBe("finished");
    // Not over for the rematch until every person asked.
    a.send({ t: "rematch", table: code });
    const one = await b.next((m): m is TableMessage => isTable(code)(m) && m.table.rematch.length === 1);
    expect(one.table).toMatchObject({ rematch: [0], status: "finished", game: 0 });
    b.send({ t: "rematch", table: code });
    const again = await a.next((m): m is TableMessage => isTable(code)(m) && m.table.game === 1);
    expect(again.table).toMatchObject({ status: "playing", rematch: [] });
    expect(again.view.finished).toBe(false);
    // The finished game is kept with the names, and its record replays (resigned included).
    const mine = (await (
      await fetch(`${s.url}/api/me/games`, { headers: { authorization: `Bearer ${ana.token}` } })
    ).json()) as { games: { id: number; code: string; game: number; kind: string; names: string[] }[] };
    expect(mine.games).toHaveLength(1);
    expect(mine.games[0]).toMatchObject({ code, game: 0, kind: "partner", names: ["Ana", "Kofi", "Ben", "Dell"] });
    const record = await (await fetch(`${s.url}/api/games/${mine.games[0].id}`)).json();
    const replayed = replayRecord(record);
    if (!replayed.ok) throw new Error(JSON.stringify(replayed.error));
    expect(replayed.value.game.finished).toBe(true);
    expect(replayed.value.game.resigned).toBe(0);
    const bens = (await (
      await fetch(`${s.url}/api/me/games`, { headers: { authorization: `Bearer ${ben.token}` } })
    ).json()) as { games: unknown[] };
    expect(bens.games).toHaveLength(1);
  });

  it("a rematch asked for is kept through a restart, and the next rebuild starts at the rematch's checkpoint", async () => {
    const dataDir = mkdtempSync(join(tmpdir(), "crossbones-rematch-"));
    const timing = { botDelay: 30, handPause: 50, forcedPass: 30 };
    const first = await startServer({ dataDir, timing });
    const [ana, ben] = [await guest(first.url, "Ana"), await guest(first.url, "Ben")];
    const code = await createTable(first.url, ana.token, setup("cutthroat", ["human", "human"]));
    const b = await TestClient.connect(first.url, ben.token);
    b.send({ t: "sit", table: code });
    await b.next((m): m is TableMessage => isTable(code)(m) && m.view.phase !== "deal");
    // Ben resigns (whenever the table lets him), then asks for a rematch.
    for (let tries = 0; !(b.latest(code) as TableMessage).view.finished; tries++) {
      const version = (b.latest(code) as TableMessage).view.version;
      b.send({ t: "act", table: code, id: `r${tries}`, version, action: { type: "resign" } });
      await b.next((m) => m.t === "ack" || m.t === "refused");
      expect(tries).toBeLessThan(10);
    }
    b.send({ t: "rematch", table: code });
    await b.next((m): m is TableMessage => isTable(code)(m) && m.table.rematch.length === 1);
    b.close();
    await first.close();

    const second = await startServer({ dataDir, timing });
    try {
      const a = await TestClient.connect(second.url, ana.token);
      a.send({ t: "watch", table: code });
      const back = await a.next(isTable(code));
      expect(back.table).toMatchObject({ status: "finished", rematch: [1], game: 0 });
      a.send({ t: "rematch", table: code });
      const again = await a.next((m): m is TableMessage => isTable(code)(m) && m.table.game === 1);
      expect(again.table).toMatchObject({ status: "playing", rematch: [] });
      a.close();
      // The rematch is a checkpoint: the next rebuild replays the log from there on, not game 0.
      const store = second.server.hub?.store;
      const tail = await store?.resume(code);
      expect(tail?.from).toBeGreaterThan(0);
      expect(tail?.entries[0]).toMatchObject({ k: "rematch", checkpoint: { game: 1 } });
      expect((await store?.log(code))?.length).toBe((tail?.from ?? 0) + (tail?.entries.length ?? 0));
    } finally {
      await second.close();
    }

    const third = await startServer({ dataDir, timing });
    try {
      const a = await TestClient.connect(third.url, ana.token);
      a.send({ t: "watch", table: code });
      const rebuilt = await a.next(isTable(code));
      expect(rebuilt.table).toMatchObject({ status: "playing", game: 1, rematch: [] });
      expect(rebuilt.table.seats.map((s) => s.name)).toEqual(["Ana", "Ben"]);
      // Game 0's record was stored before the rematch: still in both players' games.
      for (const token of [ana.token, ben.token]) {
        const games = (await (
          await fetch(`${third.url}/api/me/games`, { headers: { authorization: `Bearer ${token}` } })
        ).json()) as { games: unknown[] };
        expect(games.games).toHaveLength(1);
      }
      a.close();
    } finally {
      await third.close();
      rmSync(dataDir, { recursive: true, force: true });
    }
  });

  it("an away seat and its spent bank are kept through restarts, and so is coming back", async () => {
    const dataDir = mkdtempSync(join(tmpdir(), "crossbones-away-"));
    const clock = new FakeClock();
    const restart = async (previous: TestServer | null) => {
      await previous?.close();
      return startServer({ dataDir, online: { now: clock.now, timers: clock.timers } });
    };
    let s = await restart(null);
    try {
      const ana = await guest(s.url, "Ana");
      const code = await createTable(
        s.url,
        ana.token,
        setup("cutthroat", ["human", "bot:easy"], { clock: { move: 5, bank: 0 } }),
      );
      let a = await TestClient.connect(s.url, ana.token);
      a.send({ t: "watch", table: code });
      // Ana does not play: her clock runs out, she is away and a bot plays for her.
      const away = a.next((m): m is TableMessage => isTable(code)(m) && m.table.seats[0].away);
      await reach(a, code, (m) => m.view.turn === 0);
      await clock.advance(5_000);
      await away;
      a.close();
      s = await restart(s);
      a = await TestClient.connect(s.url, ana.token);
      a.send({ t: "watch", table: code });
      const after = await a.next(isTable(code));
      expect(after.table.seats[0]).toMatchObject({ name: "Ana", away: true, bankMs: 0 });
      // Any action of hers, even one refused, brings her back; a restart keeps that too.
      a.send({ t: "act", table: code, id: "back", version: 0, action: { type: "resign" } });
      await reach(a, code, (m) => !m.table.seats[0].away);
      a.close();
      s = await restart(s);
      a = await TestClient.connect(s.url, ana.token);
      a.send({ t: "watch", table: code });
      expect((await a.next(isTable(code))).table.seats[0].away).toBe(false);
      a.close();
      // The log keeps each of her actions' bank, the time out and the return.
      const log = (await s.server.hub?.store.log(code)) ?? [];
      expect(log.some((e) => e.k === "away" && e.seat === 0)).toBe(true);
      expect(log.some((e) => e.k === "back" && e.seat === 0)).toBe(true);
      expect(log.filter((e) => e.k === "act" && e.id !== null).every((e) => e.k === "act" && e.bank === 0)).toBe(true);
    } finally {
      await s.close();
      rmSync(dataDir, { recursive: true, force: true });
    }
  });

  it("between hands, the next is dealt as soon as every person is ready, not after the whole pause", async () => {
    const s = await server({ timing: { botDelay: 20, handPause: 60_000, forcedPass: 20 } });
    const [ana, ben] = [await guest(s.url, "Ana"), await guest(s.url, "Ben")];
    const code = await createTable(s.url, ana.token, setup("cutthroat", ["human", "human", "bot:easy"]));
    const a = await connect(s, ana.token);
    const b = await connect(s, ben.token);
    a.send({ t: "watch", table: code });
    b.send({ t: "sit", table: code });
    const over = (m: TableMessage) => m.view.phase === "hand-over" || m.view.finished;
    const [first] = await Promise.all([autoPlay(a, code, over).done, autoPlay(b, code, over).done]);
    // A straight match to six cannot end in one hand.
    if (!first || first.view.finished) throw new Error("the match ended after one hand");
    // Ana is ready: the others see it; the hand waits for Ben.
    a.send({ t: "next", table: code });
    // (Readiness is who is here: a small presence message says it, or the table's frame when one
    // is on its way anyway: the next deal's commitment may be written just then.)
    const one = await b.next(
      (m) =>
        (m.t === "presence" && m.table === code && m.ready.length === 1) ||
        (isTable(code)(m) && m.table.ready.length === 1),
    );
    expect(one.t === "presence" ? one.ready : isTable(code)(one) ? one.table.ready : null).toEqual([0]);
    expect(b.latest(code)?.view.phase).toBe("hand-over");
    // Ben too: the next hand is dealt at once (the pause had a minute to run), and nobody is
    // listed as ready any more.
    const asked = Date.now();
    b.send({ t: "next", table: code });
    const dealt = await reach(a, code, (m) => m.view.handIndex === first.view.handIndex + 1, 5000);
    expect(Date.now() - asked).toBeLessThan(5000);
    expect(dealt.table.ready).toEqual([]);
  });

  it("spectator: sees no hand, only the public table, and the table advancing", async () => {
    const s = await server({ timing: { botDelay: 20, handPause: 50, forcedPass: 20 } });
    const [ana, eve] = [await guest(s.url, "Ana"), await guest(s.url, "Eve")];
    const code = await createTable(s.url, ana.token, setup("french", ["human", "bot:easy", "bot:easy", "bot:easy"]));
    const watcher = await connect(s, eve.token);
    watcher.send({ t: "watch", table: code });
    const watched = watcher.next((m): m is TableMessage => isTable(code)(m) && m.view.finished, 30_000);
    const a = await connect(s, ana.token);
    a.send({ t: "watch", table: code });
    const last = await autoPlay(a, code).done;
    expect(last?.view.finished).toBe(true);
    await watched;
    const views = watcher.messages.filter(isTable(code));
    expect(views.length).toBeGreaterThan(20);
    for (const m of views) {
      expect(m.table.you).toBeNull();
      expect(m.view.seat).toBeNull();
      expect(m.view.you).toBeNull();
      if (m.view.phase === "pose" || m.view.phase === "play") expect(m.view.hands.every((h) => h === null)).toBe(true);
    }
    const versions = views.map((m) => m.view.version);
    expect(versions).toEqual([...versions].sort((x, y) => x - y));
    expect(versions.at(-1)).toBe(last?.view.version);
    // A spectator cannot act, sit at a full table, ask for a rematch or react.
    watcher.send({ t: "act", table: code, id: "x", version: 0, action: { type: "resign" } });
    expect(await watcher.next((m) => m.t === "refused")).toMatchObject({ refusal: { code: "not-seated" } });
    watcher.send({ t: "sit", table: code });
    expect(await watcher.next((m) => m.t === "refused")).toMatchObject({ refusal: { code: "table-full" } });
  });

  it("quick match: two guests queued for Cut Throat 2 sit at one table; one alone gets bots after the wait", async () => {
    const s = await server({ timing: { botDelay: 20, handPause: 50, forcedPass: 20 }, quickWait: 400 });
    const [ana, ben, cai] = [await guest(s.url, "Ana"), await guest(s.url, "Ben"), await guest(s.url, "Cai")];
    const a = await connect(s, ana.token);
    const b = await connect(s, ben.token);
    a.send({ t: "queue", game: "cutthroat", players: 2 });
    const queued = await a.next((m) => m.t === "queued");
    expect(queued).toMatchObject({ game: "cutthroat", players: 2, waiting: 1 });
    b.send({ t: "queue", game: "cutthroat", players: 2 });
    const [ma, mb] = await Promise.all([a.next((m) => m.t === "matched"), b.next((m) => m.t === "matched")]);
    expect(ma.t === "matched" && mb.t === "matched" && ma.table === mb.table).toBe(true);
    const code = (ma as { table: string }).table;
    a.send({ t: "watch", table: code });
    b.send({ t: "watch", table: code });
    const [ta, tb] = await Promise.all([a.next(isTable(code)), b.next(isTable(code))]);
    expect([ta.table.you, tb.table.you].sort()).toEqual([0, 1]);
    expect(ta.table.seats.map((x) => x.kind)).toEqual(["human", "human"]);
    expect(ta.table.setup).toMatchObject({ game: "cutthroat", players: 2, private: false });
    expect(ta.table.setup.clock).not.toBeNull();
    // Alone in the queue for Cut Throat 3: bots fill the table when the wait is over.
    const c = await connect(s, cai.token);
    const asked = Date.now();
    c.send({ t: "queue", game: "cutthroat", players: 3 });
    const q = await c.next((m) => m.t === "queued");
    const botsAt = q.t === "queued" ? q.serverTime + q.botsMs : 0;
    expect(q.t === "queued" && q.waiting === 1 && botsAt >= asked + 300 && botsAt <= Date.now() + 400).toBe(true);
    const matched = await c.next((m) => m.t === "matched", 5_000);
    expect(Date.now() - asked).toBeGreaterThanOrEqual(350);
    const solo = (matched as { table: string }).table;
    c.send({ t: "watch", table: solo });
    const t = await c.next(isTable(solo));
    expect(t.table.you).toBe(0);
    expect(t.table.seats.map((x) => x.kind)).toEqual(["human", "bot", "bot"]);
  });

  it("quick match: a socket that closes after its player's new one queued takes neither the wait nor the news", async () => {
    const s = await server({ quickWait: 60_000 });
    const [ana, ben] = [await guest(s.url, "Ana"), await guest(s.url, "Ben")];
    const old = await connect(s, ana.token);
    old.send({ t: "queue", game: "cutthroat", players: 2 });
    await old.next((m) => m.t === "queued");
    // Ana's program connects again and asks again before the old socket's close is seen.
    const fresh = await connect(s, ana.token);
    fresh.send({ t: "queue", game: "cutthroat", players: 2 });
    await fresh.next((m) => m.t === "queued");
    const gone = new Promise((resolve) => old.socket.once("close", resolve));
    old.close();
    await gone;
    const b = await connect(s, ben.token);
    b.send({ t: "queue", game: "cutthroat", players: 2 });
    const [ma, mb] = await Promise.all([fresh.next((m) => m.t === "matched"), b.next((m) => m.t === "matched")]);
    expect(ma).toEqual(mb);
  });

  it("leave: a bot takes the seat (keeping the name) and the game goes on without the leaver", async () => {
    const s = await server({ timing: { botDelay: 20, handPause: 50, forcedPass: 20 } });
    const [ana, ben] = [await guest(s.url, "Ana"), await guest(s.url, "Ben")];
    const code = await createTable(s.url, ana.token, setup("cutthroat", ["human", "human"]));
    const a = await connect(s, ana.token);
    const b = await connect(s, ben.token);
    a.send({ t: "watch", table: code });
    b.send({ t: "sit", table: code });
    const started = autoPlay(b, code, (m) => m.view.phase === "play" && (m.view.table?.moveCount ?? 0) >= 2);
    const playingA = autoPlay(a, code);
    await started.done;
    b.send({ t: "leave", table: code });
    const left = await a.next((m): m is TableMessage => isTable(code)(m) && m.table.seats[1].kind === "bot");
    expect(left.table.seats[1]).toMatchObject({ kind: "bot", level: "medium", name: "Ben" });
    // Ben no longer sits there: his actions are refused; the bot plays his seat to the end.
    b.send({ t: "act", table: code, id: "late", version: left.view.version, action: { type: "pass" } });
    expect(await b.next((m) => m.t === "refused")).toMatchObject({ refusal: { code: "not-seated" } });
    const last = await playingA.done;
    expect(last?.view.finished).toBe(true);
    const record = await (await fetch(`${s.url}/api/tables/${code}/record`)).json();
    expect(replayRecord(record).ok).toBe(true);
  });

  it("an action sent twice with the same id is applied once and acknowledged twice", async () => {
    const s = await server({ timing: { botDelay: 1000, handPause: 50, forcedPass: 20 } });
    const ana = await guest(s.url, "Ana");
    const code = await createTable(s.url, ana.token, setup("cutthroat", ["human", "bot:easy"]));
    const a = await connect(s, ana.token);
    a.send({ t: "watch", table: code });
    const mine = await a.next(
      (m): m is TableMessage => isTable(code)(m) && m.view.turn === 0 && (m.view.you?.legalMoves.length ?? 0) > 0,
    );
    const action = actionOf(mine.view.you?.legalMoves[0] ?? "pass");
    const act = { t: "act", table: code, id: "once", version: mine.view.version, action };
    const log = async () =>
      ((await s.server.hub?.store.log(code)) ?? []).filter((e) => e.k === "act" && e.id === "once");
    a.send(act);
    const first = await a.next((m) => m.t === "ack" || m.t === "refused");
    expect(first).toMatchObject({ t: "ack", id: "once", version: mine.view.version + 1 });
    // Sent again (the answer was lost, say): acknowledged, not applied again.
    a.send(act);
    const second = await a.next((m) => m.t === "ack" || m.t === "refused");
    expect(second).toMatchObject({ t: "ack", id: "once" });
    expect(await log()).toHaveLength(1);
    expect(s.server.hub?.table(code)?.version).toBe(mine.view.version + 1);
    // Even once the table has moved on, the same id is still only acknowledged.
    await a.next((m): m is TableMessage => isTable(code)(m) && m.view.version > mine.view.version + 1, 5_000);
    const moved = s.server.hub?.table(code)?.version;
    a.send(act);
    expect(await a.next((m) => m.t === "ack" || m.t === "refused")).toMatchObject({ t: "ack", id: "once" });
    expect(await log()).toHaveLength(1);
    expect(s.server.hub?.table(code)?.version).toBe(moved);
  });
});
