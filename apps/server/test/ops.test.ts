/**
 * Operating a server: `/healthz` (the process answers), `/readyz` (it can serve: the database
 * answers; 503 when it does not) and `/metrics` in Prometheus's text format (live tables, open
 * sockets, actions by players and by the server, the server's time per action, the process), to
 * the holder of METRICS_TOKEN only (security.test.ts checks the refusals).
 */

import { describe, expect, it } from "vitest";
import { Hub } from "../src/online/hub.js";
import { autoPlay, createTable, guest, METRICS_AUTH, tracked } from "./harness.js";

const { server, connect } = tracked();

/** The value of a metric line (`name{labels} value`) in Prometheus text, or undefined. */
function metric(text: string, name: string): number | undefined {
  const line = text.split("\n").find((l) => l.startsWith(`${name} `));
  return line === undefined ? undefined : Number(line.slice(name.length + 1));
}

describe.concurrent("operations", () => {
  it("healthz and readyz answer; readyz says 503 and which part is down when the database does not", async () => {
    const s = await server();
    expect(await (await fetch(`${s.url}/healthz`)).json()).toEqual({ ok: true });
    const ready = await fetch(`${s.url}/readyz`);
    expect(ready.status).toBe(200);
    expect(await ready.json()).toEqual({ ok: true, database: "ok" });
    await s.server.hub?.store.close();
    const down = await fetch(`${s.url}/readyz`);
    expect(down.status).toBe(503);
    // Only a short code: the database's own error text is for the log.
    expect(await down.json()).toEqual({ ok: false, database: "down" });
  });

  it("REDIS_URL without DATABASE_URL is refused at start, saying why", async () => {
    await expect(Hub.open({ dataDir: "unused", redisUrl: "redis://127.0.0.1:6379" })).rejects.toThrow(
      /REDIS_URL needs DATABASE_URL/,
    );
  });

  it("metrics count tables, sockets, actions by players and by the server, and time each action", async () => {
    const s = await server();
    const before = await (await fetch(`${s.url}/metrics`, { headers: METRICS_AUTH })).text();
    expect(metric(before, "crossbones_tables_loaded")).toBe(0);
    expect(metric(before, "crossbones_connections")).toBe(0);
    const ana = await guest(s.url, "Ana");
    const setup = {
      game: "french" as const,
      players: 4,
      options: { target: 20 },
      seats: ["human" as const, "bot:easy" as const, "bot:easy" as const, "bot:easy" as const],
      clock: null,
      private: true,
    };
    const code = await createTable(s.url, ana.token, setup);
    const a = await connect(s, ana.token);
    a.send({ t: "watch", table: code });
    // Ana plays two of her turns (or to the end of the set); the bots play theirs.
    const acks = () => a.messages.filter((x) => x.t === "ack").length;
    await autoPlay(a, code, (m) => acks() >= 2 || m.view.finished).done;
    const after = await (await fetch(`${s.url}/metrics`, { headers: METRICS_AUTH })).text();
    expect(metric(after, "crossbones_tables_loaded")).toBe(1);
    expect(metric(after, "crossbones_connections")).toBe(1);
    const mine = metric(after, 'crossbones_actions_total{by="player"}') as number;
    expect(mine).toBeGreaterThanOrEqual(Math.min(2, acks()));
    expect(mine).toBe(acks());
    expect(metric(after, 'crossbones_actions_total{by="server"}')).toBeGreaterThanOrEqual(1);
    expect(metric(after, "crossbones_action_seconds_count")).toBe(mine);
    expect(metric(after, "crossbones_process_cpu_user_seconds_total")).toBeGreaterThan(0);
    expect(after).toContain("# TYPE crossbones_action_seconds histogram");
  });
});
