/**
 * Quick match's choice of who sits together (quick.ts; the Lua scripts make the same choice in a
 * cluster, which cluster.test.ts plays through): near ratings first, the window widening as
 * people wait; once the first has waited long enough, whoever may sit with them, whatever their
 * rating; never two of one device; a bot account only with people who allow bots.
 */

import { describe, expect, it } from "vitest";
import { fill, match, RATING_WINDOW, usualWait, type Waiting } from "../src/online/quick.js";

const T = 1_000_000;
let n = 0;
function w(rating: number, extra: Partial<Waiting> = {}): Waiting {
  n++;
  return {
    id: `p${n}`,
    name: `P${n}`,
    since: T,
    device: `d${n}`,
    socket: `s${n}`,
    rating,
    bot: false,
    bots: true,
    blocks: [],
    ...extra,
  };
}
const ids = (list: Waiting[] | null) => list?.map((x) => x.id) ?? null;

describe("quick match by rating", () => {
  it("seats people whose ratings are within the window, leaving one far off to wait", () => {
    const [far, a, b] = [w(1900), w(1000), w(1100)];
    expect(ids(match([far, a, b], 2, true, T))).toEqual([a.id, b.id]);
    expect(match([far, a], 2, true, T)).toBeNull();
  });

  it("the window widens with the longer wait of the two: base, then perSecond a second", () => {
    const gap = RATING_WINDOW.base + 10 * RATING_WINDOW.perSecond;
    const a = w(1000, { since: T });
    const b = w(1000 + gap, { since: T + 5000 });
    expect(match([a, b], 2, true, T + 9_999)).toBeNull();
    expect(ids(match([a, b], 2, true, T + 10_000))).toEqual([a.id, b.id]);
  });

  it("for four, everyone near the first who can be the centre of a table, in the order they asked", () => {
    const list = [w(2000), w(900), w(1000), w(1100), w(1050)];
    expect(ids(match(list, 4, true, T))).toEqual(list.slice(1).map((x) => x.id));
  });

  it("never two of one device, and a bot account only with people who allow bots", () => {
    const a = w(1000, { device: "same" });
    const b = w(1000, { device: "same" });
    expect(match([a, b], 2, true, T)).toBeNull();
    expect(ids(match([a, b], 2, false, T))).toEqual([a.id, b.id]);
    const bot = w(1000, { bot: true });
    const picky = w(1000, { bots: false });
    const easy = w(1000);
    expect(match([bot, picky], 2, true, T)).toBeNull();
    expect(ids(match([bot, picky, easy], 2, true, T))).toEqual([bot.id, easy.id]);
    // A bot account's own wish does not matter: two bot accounts sit together.
    expect(ids(match([bot, w(1000, { bot: true, bots: false })], 2, true, T))).toHaveLength(2);
  });

  it("nobody sits with someone they blocked, or who blocked them, even when the bots are due", () => {
    const ana = w(1000);
    const ben = w(1000, { blocks: [ana.id] });
    const cy = w(1000);
    expect(ids(match([ana, ben, cy], 2, true, T))).toEqual([ana.id, cy.id]);
    expect(match([ana, ben], 2, true, T)).toBeNull();
    expect(ids(fill([ana, ben], 2, true))).toEqual([ana.id]);
  });

  it("when the first has waited long enough: them and whoever may sit with them, whatever the ratings", () => {
    const first = w(700);
    const list = [first, w(2500), w(2400, { device: first.device }), w(1800)];
    expect(ids(fill(list, 3, true))).toEqual([list[0].id, list[1].id, list[3].id]);
    expect(fill([], 3, true)).toEqual([]);
  });

  it("the usual wait is the median of the last waits, none before any", () => {
    expect(usualWait([])).toBeNull();
    expect(usualWait([9000, 1000, 3000])).toBe(3000);
    expect(usualWait([4000, 1000])).toBe(4000);
  });
});
