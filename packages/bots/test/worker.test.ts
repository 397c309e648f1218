import { existsSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { Worker } from "node:worker_threads";
import { viewFor } from "@crossbones/engine";
import { describe, expect, it } from "vitest";
import { type BotRequest, type BotResponse, handleBotRequest } from "../src/worker-protocol.js";
import { randomPositions } from "./positions.js";

const bootstrap = fileURLToPath(new URL("../worker/node-worker.mjs", import.meta.url));
const built = fileURLToPath(new URL("../dist/worker-protocol.js", import.meta.url));

describe("bot worker protocol", () => {
  const views = randomPositions(20, 41).map((p) => viewFor(p.game, p.game.state?.turn ?? 0));

  it("answers choose and rank requests with legal moves", () => {
    for (const [id, view] of views.entries()) {
      const chose = handleBotRequest({ id, type: "choose", level: "hard", options: { iterations: 50 }, view });
      expect(chose.ok && "move" in chose && view.legalMoves.includes(chose.move)).toBe(true);
      const ranked = handleBotRequest({ id, type: "rank", options: { iterations: 50 }, view });
      expect(ranked.ok && "ranked" in ranked && ranked.ranked.length).toBe(view.legalMoves.length);
    }
  });

  it("reports errors instead of throwing", () => {
    const bad = handleBotRequest({ id: 7, type: "choose", level: "nope" as "easy", view: views[0] });
    expect(bad).toMatchObject({ id: 7, ok: false });
  });

  it.runIf(existsSync(built))("runs in a Node worker thread (built dist)", async () => {
    const worker = new Worker(bootstrap);
    try {
      for (const [id, view] of views.slice(0, 5).entries()) {
        const request: BotRequest = { id, type: "choose", level: "medium", view };
        const reply = await new Promise<BotResponse>((resolve) => {
          worker.once("message", resolve);
          worker.postMessage(request);
        });
        expect(reply.id).toBe(id);
        expect(reply.ok && "move" in reply && view.legalMoves.includes(reply.move)).toBe(true);
      }
    } finally {
      await worker.terminate();
    }
  });
});
