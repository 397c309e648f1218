/**
 * Fair deals at an online table (issue 13, docs/fairness.md), over real sockets: the commitment
 * comes before the deal, the deal waits for the seeds of the people at the table (a while, not for
 * ever), each hand's proof is revealed once it is over and checks, a late or second seed is
 * refused and changes nothing, and the table's record carries every proof for `crossbones verify`.
 */

import { verifyText } from "@crossbones/cli";
import { dealtHands, handConfig, parseBone } from "@crossbones/engine";
import { checkHand, commitmentOf, randomHex32 } from "@crossbones/fair";
import { fromWire, type TableSetup } from "@crossbones/protocol";
import { describe, expect, it } from "vitest";
import { ChildServer } from "./child.js";
import { autoPlay, createTable, guest, isTable, type TableMessage, TestClient, tracked } from "./harness.js";

const { server, connect } = tracked();

async function seatedAlone(seedWait: number, game: TableSetup["game"] = "french") {
  const s = await server({ timing: { botDelay: 0, handPause: 100, forcedPass: 0, seedWait } });
  const ana = await guest(s.url, "Ana");
  const setup: TableSetup = {
    game,
    players: 4,
    options: game === "french" ? { target: 150 } : { match: "straight" },
    seats: ["human", "bot:easy", "bot:easy", "bot:easy"],
    clock: null,
    private: true,
  };
  // The table is full once made (Ana and three bots): its first deal is committed to then.
  const made = Date.now();
  const code = await createTable(s.url, ana.token, setup);
  const a = await connect(s, ana.token);
  return { s, code, a, made };
}

describe.concurrent("fair deals online", () => {
  it("commitment, then the seat's seed, then the deal; the proof revealed at the hand's end checks", async () => {
    // A long seed wait: the deal is made as soon as the only person's seed is in, not after it.
    const { code, a } = await seatedAlone(20_000);
    a.send({ t: "watch", table: code });
    const committed = await a.next((m): m is TableMessage => isTable(code)(m) && m.table.fair !== null);
    const fair = committed.table.fair;
    expect(fair).toMatchObject({ hand: 1, dealt: false, seeded: [] });
    expect(committed.view.phase).toBe("deal");
    expect(committed.table.proof).toBeNull();
    const commitment = fair?.commitment as string;
    const seed = randomHex32();
    const started = Date.now();
    a.send({ t: "seed", table: code, commitment, seed });
    const dealt = await a.next((m): m is TableMessage => isTable(code)(m) && m.view.phase !== "deal");
    expect(Date.now() - started).toBeLessThan(5000);
    expect(dealt.table.fair).toEqual({ hand: 1, commitment, dealt: true, seeded: [0] });
    // The bones Ana was dealt, as she first saw them.
    const hand = dealt.view.you?.hand.reduce((m, b) => m | (1 << (parseBone(b) as number)), 0) as number;

    // Too late, and a second seed: refused, and nothing changes.
    a.send({ t: "seed", table: code, commitment, seed: randomHex32() });
    const late = await a.next((m) => m.t === "refused");
    expect(late).toMatchObject({ t: "refused", refusal: { code: "deal-made" } });

    const over = (await autoPlay(a, code, (m) => m.view.phase === "hand-over" || m.view.finished).done) as TableMessage;
    const proof = over.table.proof;
    expect(proof).not.toBeNull();
    if (!proof) return;
    expect(proof).toMatchObject({ hand: 1, commitment, seeds: [seed, null, null, null] });
    // The table's name in its deals is not its code (the key to a private table): game 1 of it.
    expect(proof.table).toMatch(/^[A-Za-z0-9_-]{16}-1$/);
    expect(proof.table).not.toContain(code);
    expect(await commitmentOf(proof.secret)).toBe(commitment);
    const view = fromWire(over.view);
    const deal = dealtHands(view);
    expect(deal).not.toBeNull();
    const witness = { seat: 0, commitment, seed, hand };
    expect(await checkHand(handConfig(view.rules), proof, deal as number[], witness)).toBeNull();
    // No frame before the hand was over held the secret.
    const revealedAt = a.messages.findIndex((m) => JSON.stringify(m).includes(proof.secret));
    expect(a.messages.slice(0, revealedAt).some((m) => m.t === "table" && m.view.phase === "play")).toBe(true);
    const revealing = a.messages[revealedAt];
    expect(revealing.t === "table" && revealing.view.phase).toMatch(/hand-over|finished/);
  });

  it("a person who sends no seed holds the deal up for the seed wait only; the deal is made without it", async () => {
    const { code, a, made } = await seatedAlone(400, "partner");
    a.send({ t: "watch", table: code });
    const committed = await a.next((m): m is TableMessage => isTable(code)(m) && m.table.fair !== null);
    const dealt = await a.next((m): m is TableMessage => isTable(code)(m) && m.view.phase !== "deal");
    expect(Date.now() - made).toBeGreaterThanOrEqual(400);
    expect(dealt.table.fair).toMatchObject({ commitment: committed.table.fair?.commitment, dealt: true, seeded: [] });
  });

  it("the table's record carries every hand's proof, and crossbones verify passes it; a changed secret fails naming the hand", async () => {
    const { s, code, a } = await seatedAlone(20_000);
    a.send({ t: "watch", table: code });
    // Seeds for every deal, as the web app sends them.
    const seeded = new Set<string>();
    a.socket.on("message", () => {
      // The client's copy of the table, every patch so far applied.
      const fair = a.copies.get(code)?.table.fair ?? null;
      if (fair && !fair.dealt && !seeded.has(fair.commitment)) {
        seeded.add(fair.commitment);
        a.send({ t: "seed", table: code, commitment: fair.commitment, seed: randomHex32() });
      }
    });
    await autoPlay(a, code, (m) => (m.view.handIndex >= 1 && m.view.phase === "hand-over") || m.view.finished).done;
    const record = await (await fetch(`${s.url}/api/tables/${code}/record`)).json();
    expect(record.hands.length).toBeGreaterThanOrEqual(2);
    expect(record.hands.every((h: { fair?: { seeds: unknown[] } }) => h.fair?.seeds[0] !== null)).toBe(true);
    const verified = await verifyText(JSON.stringify(record));
    expect(verified).toMatchObject({ status: 0, output: { verified: true } });

    const last = record.hands.length - 1;
    const tampered = structuredClone(record);
    tampered.hands[last].fair.secret = randomHex32();
    expect((await verifyText(JSON.stringify(tampered))).output).toEqual({
      error: {
        hand: last,
        message: `hand ${last + 1}: the secret revealed does not match the commitment sent before the deal`,
      },
    });
  });
});

describe("a restart between hands", () => {
  for (const signal of ["SIGTERM", "SIGKILL"] as const) {
    it(`(${signal}) deals from the commitment shown before it: the page's check holds, no false alarm`, async () => {
      // Its own process, stopped as an operator (SIGTERM) or a crash (SIGKILL) would.
      const child = await ChildServer.start({ timing: { botDelay: 0, handPause: 4000, forcedPass: 0, seedWait: 300 } });
      try {
        const ana = await guest(child.url, "Ana");
        const code = await createTable(child.url, ana.token, {
          game: "cutthroat",
          players: 2,
          options: { match: "straight" },
          seats: ["human", "bot:easy"],
          clock: null,
          private: true,
        });
        let a = await TestClient.connect(child.url, ana.token);
        a.send({ t: "watch", table: code });
        // The first hand ends; the second's commitment is shown during the pause.
        const pausing = (m: TableMessage) => m.view.phase === "hand-over" && m.table.fair?.hand === 2;
        const before = (await autoPlay(a, code, pausing).done) as TableMessage;
        const shown = before.table.fair?.commitment;
        a.close();
        await child.kill(signal);
        await child.spawn();
        a = await TestClient.connect(child.url, ana.token);
        a.send({ t: "watch", table: code });
        const again = await a.next(isTable(code));
        expect(again.table.fair).toMatchObject({ hand: 2, commitment: shown });
        // Hand 2 is dealt and played; its proof reveals the commitment shown before the restart.
        const over = (await autoPlay(a, code, (m) => m.table.proof?.hand === 2).done) as TableMessage;
        expect(over.table.proof?.commitment).toBe(shown);
        a.close();
      } finally {
        await child.stop();
      }
    }, 60_000);
  }
});
