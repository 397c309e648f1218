/**
 * What a follower of a table may not see, version by version, from the game's record read after
 * the fact (the true deals and every move with its seat), and a scan of raw frames against it:
 * - while a hand is on (pose or play), no bone held by another seat appears anywhere in a frame
 *   (a spectator: no bone held by anyone), except bones that the rules make public: a bone tried
 *   and charged as an illegal play is face up once tried; the pose bone named by the rules
 *   (`pose.bone`, `next.pose.bone`, `table.poseBones`: the same for every seat, checked to be a
 *   rules-given set) and earlier hands' results (those hands are over);
 * - no seat shows as owing a board pass (`boardPassPending`) before the first of those passes has
 *   been charged (F7: whether a play was a board pass follows from the other hands).
 */

import { ATTEMPT, bonesOf, DOUBLES, makeBone, moveBone, PASS, parseBone, replayRecord } from "@crossbones/engine";

/** The state of one version of a game as far as leaks go. */
export interface VersionTruth {
  /** A hand is being played (pose or play): hidden bones exist. */
  readonly live: boolean;
  readonly hand: number;
  /** Per follower (seats 0..n-1, then the spectator at index n): bones it must not see. */
  readonly forbidden: readonly number[];
  /** A board pass was charged since the last play: `boardPassPending` may show. */
  readonly boardPassCharged: boolean;
}

export interface GameTruth {
  readonly players: number;
  /** Indexed by version. */
  readonly versions: readonly VersionTruth[];
  readonly finalVersion: number;
  readonly inPlay: number;
}

/** Every version of the game a record describes (the record must replay). */
export function truthOf(record: unknown): GameTruth {
  const replayed = replayRecord(record);
  if (!replayed.ok) throw new Error(`the record does not replay: ${JSON.stringify(replayed.error)}`);
  const game = replayed.value.game;
  const n = game.config.players;
  const versions: VersionTruth[] = [{ live: false, hand: -1, forbidden: [], boardPassCharged: false }];
  game.hands.forEach((hand, h) => {
    const held = [...hand.deal];
    let attempted = 0;
    let lastPlay = -1;
    const push = (i: number) => {
      const over = i === hand.moves.length && hand.result !== null;
      const all = held.reduce((m, x) => m | x, 0) & ~attempted;
      const forbidden = Array.from({ length: n + 1 }, (_, s) => (s === n ? all : all & ~held[s]));
      const boardPassCharged = hand.events.some(
        (e) => e.type === "penalty" && e.kind === "boardPass" && e.move > lastPlay && e.move < i,
      );
      versions.push({ live: !over, hand: h, forbidden, boardPassCharged });
    };
    push(0);
    hand.moves.forEach((move, i) => {
      const seat = hand.seats[i];
      if ((move & ATTEMPT) !== 0) attempted |= 1 << moveBone(move & ~ATTEMPT);
      else if (move !== PASS) {
        held[seat] &= ~(1 << moveBone(move));
        lastPlay = i;
      }
      push(i + 1);
    });
  });
  if (game.resigned !== null)
    versions.push({ live: false, hand: game.hands.length - 1, forbidden: [], boardPassCharged: false });
  if (versions.length - 1 !== game.version) throw new Error(`versions ${versions.length - 1} != ${game.version}`);
  return { players: n, versions, finalVersion: game.version, inPlay: game.config.inPlay };
}

const BONE = /[0-6]-[0-6]/g;

// biome-ignore lint/suspicious/noExplicitAny: frames are checked field by field here
type Json = any;

/** What the leak checks need of a `table` frame besides its text, taken when it arrives. */
export interface Summary {
  readonly version: number;
  readonly handIndex: number;
  readonly phase: string;
  /** Seats whose hand the view shows. */
  readonly shown: readonly number[];
  readonly you: boolean;
  /** The view has a result for the hand `handIndex`. */
  readonly resultNow: boolean;
  readonly pending: readonly number[];
  readonly poseBones: readonly string[];
  /** The bones a pose names: the current hand's and the next hand's. */
  readonly named: readonly (string | null)[];
}

export function summarize(message: Json): Summary | null {
  if (message.t !== "table") return null;
  const view = message.view;
  return {
    version: view.version,
    handIndex: view.handIndex,
    phase: view.phase,
    shown: view.hands.flatMap((h: unknown, s: number) => (h === null ? [] : [s])),
    you: view.you !== null,
    resultNow: view.handIndex >= 0 && (view.results[view.handIndex] ?? null) !== null,
    pending: view.table?.boardPassPending ?? [],
    poseBones: view.table?.poseBones ?? [],
    named: [view.pose?.bone ?? null, view.next.pose.kind === "holder" ? view.next.pose.bone : null],
  };
}

/**
 * A frame as received, by whom (a seat, or null for a spectator), with its summary (a patch's: of
 * the whole table it makes) and, for a patch, that table's text.
 */
export interface Received {
  readonly text: string;
  readonly seat: number | null;
  readonly summary: Summary | null;
  readonly whole?: string;
}

/**
 * Scans a follower's frames in the order received; returns the problems found (empty: no leak).
 * `table` frames are placed by their view's version; other frames (ack, refused) by the version
 * of the follower's last `table` frame. The raw text is searched for every bone it names; only
 * when one of them is hidden from this follower is the frame looked at closely, without the parts
 * the rules make public (see the top).
 */
export function scanFrames(truth: GameTruth, frames: readonly Received[]): string[] {
  const problems: string[] = [];
  let version = 0;
  for (const { text, seat, summary, whole } of frames) {
    const who = seat === null ? "spectator" : `seat ${seat}`;
    // A patch says no more than the table it makes.
    const extra = whole === undefined ? null : names(text, ~bonesNamed(whole));
    if (extra)
      problems.push(`${who}: a patch names ${extra}, which the table it makes does not: ${text.slice(0, 300)}`);
    if (summary) {
      version = summary.version;
      const t = truth.versions[version];
      if (!t) {
        problems.push(`${who}: a frame at version ${version}, beyond the game's ${truth.finalVersion}`);
        continue;
      }
      if (t.live) problems.push(...structure(summary, t, seat, truth, who));
    }
    const t = truth.versions[version];
    if (!t?.live) continue;
    const forbidden = t.forbidden[seat ?? truth.players];
    if (!names(text, forbidden)) continue;
    const leaked = names(publicText(text, summary?.handIndex ?? -1), forbidden);
    if (leaked)
      problems.push(`${who} saw ${leaked} (held by another seat) at version ${version}: ${text.slice(0, 300)}`);
  }
  return problems;
}

/** The bones `text` names, as a mask. */
function bonesNamed(text: string): number {
  let mask = 0;
  for (const b of text.match(BONE) ?? []) mask |= 1 << (parseBone(b) as number);
  return mask;
}

/** The first bone of `mask` that `text` names, or null. */
function names(text: string, mask: number): string | null {
  for (const b of text.match(BONE) ?? []) if ((mask & (1 << (parseBone(b) as number))) !== 0) return b;
  return null;
}

/** Checks of the view's shape while a hand is on: no hand but one's own, no pending board pass. */
function structure(view: Summary, t: VersionTruth, seat: number | null, truth: GameTruth, who: string): string[] {
  const out: string[] = [];
  if (view.handIndex !== t.hand) out.push(`${who}: handIndex ${view.handIndex}, truth ${t.hand}`);
  if (view.phase !== "pose" && view.phase !== "play") out.push(`${who}: phase ${view.phase} mid-hand`);
  if (view.shown.some((s) => s !== seat)) out.push(`${who}: hands ${view.shown} shown at version ${view.version}`);
  if (seat === null && view.you) out.push(`${who}: a spectator got "you"`);
  if (view.resultNow) out.push(`${who}: a result for the hand in play`);
  if (view.pending.length > 0 && !t.boardPassCharged) {
    out.push(`${who}: boardPassPending ${JSON.stringify(view.pending)} before it was charged, version ${view.version}`);
  }
  // The bones the rules allow as the pose: one named bone, every double, or every bone in play.
  const doubles = bonesOf(DOUBLES).map(makeBone);
  const all = bonesOf(truth.inPlay).map(makeBone);
  const same = (a: readonly string[], b: readonly string[]) => a.length === b.length && a.every((x, i) => x === b[i]);
  const pose = view.poseBones;
  if (!(pose.length === 1 || same(pose, doubles) || same(pose, all))) {
    out.push(`${who}: poseBones ${JSON.stringify(pose)} is not a rules-given set`);
  }
  // The pose bone named by the rules is 0-0 (French) or 6-6 (line games), or none.
  if (view.named.some((b) => b !== null && b !== "0-0" && b !== "6-6")) out.push(`${who}: a pose names ${view.named}`);
  return out;
}

/**
 * A seat's player id: public (a profile's address), and random base64url, so it may hold "1-4"
 * by chance, which is no bone.
 */
const PLAYER_FIELD = /"player":"[A-Za-z0-9_-]{22}"/g;

/** A frame without what is public by the rules though it names bones (see the top). */
function publicText(text: string, handIndex: number): string {
  const m: Json = JSON.parse(text.replace(PLAYER_FIELD, '"player":""'));
  if (m.t === "table") {
    const view = m.view;
    return JSON.stringify({
      ...m,
      view: {
        ...view,
        results: view.results.slice(view.handIndex),
        pose: view.pose ? { ...view.pose, bone: null } : null,
        next: { ...view.next, pose: null },
        table: view.table ? { ...view.table, poseBones: [] } : null,
      },
    });
  }
  if (m.t === "patch") {
    // Each operation's value, without what is public (as for a whole table above; `handIndex`:
    // of the table the patch makes).
    return JSON.stringify(
      m.ops.map(([, path, value]: [string, string, Json]) => {
        if (/^\/view\/(pose|next)(\/|$)|^\/view\/table\/poseBones|^\/table\/seats\/\d+\/player$/.test(path))
          return null;
        const result = /^\/view\/results(\/(\d+))?/.exec(path);
        if (result && (result[2] === undefined || Number(result[2]) < handIndex)) return null;
        if (path === "/view/table" && value) return { ...value, poseBones: [] };
        return value;
      }),
    );
  }
  if (m.t === "refused" && m.refusal.code === "double-not-down") {
    // "…and 3-3 has not been played": the board says as much; it does not say who holds it.
    const double = `${m.refusal.shows}-${m.refusal.shows}`;
    return JSON.stringify({ ...m, refusal: { ...m.refusal, message: m.refusal.message.replace(double, "") } });
  }
  return text;
}
