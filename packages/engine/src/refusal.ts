/**
 * Refusals: everything a player, a client or a file can get wrong, as a stable code with its
 * parameters, plus the English message the CLI prints. Screens translate the code (and name the
 * players) instead of showing the message; the server and the tests switch on the code.
 *
 * Parameters are for display: bones as "3-5", targets as their letters ("N" … "W", "L"/"R"),
 * seats as numbers. Text that came from outside is quoted and capped (`quote`), so a refusal never
 * echoes a megabyte back.
 */

/** A refusal without parameters. */
type Empty = Readonly<Record<never, never>>;

/** Parameters of each refusal, by code. Adding a code here forces a message (and a translation). */
export interface RefusalParams {
  // ---- actions (applyAction)
  /** The action is not `{type: "play" | "pass" | "resign", …}`; `problem` names what is wrong. */
  readonly "bad-action": {
    readonly problem: "not-an-object" | "unknown-type" | "bone-not-text" | "target-not-text" | "version-not-number";
  };
  /** The acting seat is not a seat of this table. */
  readonly "not-a-seat": { readonly seat: string };
  /** `seat` acted while `turn` was to act. */
  readonly "not-your-turn": { readonly seat: number; readonly turn: number };
  /** The action was made against version `version`; the game is at `current`. */
  readonly stale: { readonly version: number; readonly current: number };
  readonly "game-over": Empty;
  /** A function was given something that is not a game made by the engine. */
  readonly "bad-game": Empty;
  /** A move that is not a move number (the numeric API of bots and replays). */
  readonly "bad-move": { readonly value: string };
  readonly "no-hand": Empty;
  /** The hand is finished; the next one has not been dealt. */
  readonly "hand-over": Empty;

  // ---- moves
  readonly "bad-notation": { readonly text: string };
  readonly "unknown-bone": { readonly text: string; readonly seat?: number };
  readonly "unknown-target": { readonly text: string; readonly targets: readonly string[] };
  readonly "not-held": { readonly seat: number; readonly bone: string };
  /** A pass at the pose (F2, C3). */
  readonly "must-pose": { readonly seat: number };
  /** The pose must be `must` ("0-0", "6-6"), or any double when `must` is null (F2b/F2c). */
  readonly "wrong-pose": { readonly seat: number; readonly bone: string; readonly must: string | null };
  readonly "pose-has-target": { readonly text: string };
  /** F3: all four arms must be started first, and `target` already is. */
  readonly "arm-started": { readonly seat: number; readonly bone: string; readonly target: string };
  /** F3: the first bone on an arm must carry the pose's number. */
  readonly "needs-pose-number": {
    readonly seat: number;
    readonly bone: string;
    readonly target: string;
    readonly pose: number;
  };
  /**
   * The bone shows neither number of `target` (or, when `target` is null, of any end). `ends`
   * lists what every target shows.
   */
  readonly "does-not-fit": {
    readonly seat: number;
    readonly bone: string;
    readonly target: string | null;
    readonly shows: number | null;
    readonly ends: Readonly<Record<string, number>>;
  };
  /** F4: `target` shows `shows` and that number's double is not on the board yet. */
  readonly "double-not-down": {
    readonly seat: number;
    readonly bone: string;
    readonly target: string;
    readonly shows: number;
  };
  /** The bone fits several targets that lead to different positions: name one. */
  readonly "choose-target": { readonly bone: string; readonly targets: readonly string[] };
  /** A pass while able to play `bone`, at a table without penalty passes (F5, C4). */
  readonly "must-play": { readonly seat: number; readonly bone: string };
  /** A charged attempt (F5) that would have been a legal play. */
  readonly "attempt-is-legal": { readonly bone: string; readonly target: string };
  /** A charged attempt at a table that does not charge them (illegalPlayPenalty 0). */
  readonly "attempt-not-charged": Empty;
  readonly "attempt-at-pose": { readonly text: string };
  readonly "attempt-in-line": { readonly text: string };
  readonly "attempt-needs-target": { readonly text: string };

  // ---- games and records
  readonly "bad-json": Empty;
  readonly "bad-setup": Empty;
  /** The deal is not a list of hands. */
  readonly "bad-deal": Empty;
  readonly "bad-record": Empty;
  readonly "bad-format": { readonly format: string };
  readonly "unknown-game": { readonly game: string };
  readonly "bad-players": { readonly game: string; readonly players: string };
  readonly "bad-rules": Empty;
  readonly "unknown-option": { readonly option: string };
  readonly "option-not-for-game": { readonly option: string; readonly game: string };
  readonly "bad-option-value": {
    readonly option: string;
    readonly kind: "bool" | "enum" | "int";
    readonly values: readonly string[];
    readonly min: number;
    readonly max: number;
  };
  readonly "bad-names": { readonly players: number };
  readonly "bad-resigned": { readonly players: number };
  readonly "bad-hands": Empty;
  readonly "bad-hand": Empty;
  /** A hand follows hand `previous`, which is not finished. */
  readonly "hand-not-finished": { readonly previous: number };
  readonly "move-after-end": { readonly text: string };
  readonly "deal-not-a-list": { readonly seat: number };
  readonly "deal-seats": { readonly players: number };
  readonly "deal-repeats": { readonly seat: number; readonly bone: string };
  /** Not every bone of the game once, or not an equal share per seat. */
  readonly "deal-unequal": Empty;
}

export type RefusalCode = keyof RefusalParams;

/** A refusal: its code, its parameters and an English message for people. */
export type Refusal = {
  readonly [C in RefusalCode]: { readonly code: C; readonly message: string } & RefusalParams[C];
}[RefusalCode];

/** The refusal with code `C`. */
export type RefusalOf<C extends RefusalCode> = Extract<Refusal, { code: C }>;

const seat = (n: number) => `seat ${n}`;
const targetWord = (t: string) => (t === "L" || t === "R" ? `end ${t}` : `arm ${t}`);

/** The English message of each code: what `crossbones replay` prints. */
const MESSAGES: { readonly [C in RefusalCode]: (p: RefusalParams[C]) => string } = {
  "bad-action": (p) =>
    ({
      "not-an-object": 'an action must be an object like {"type": "play", "bone": "3-5"}',
      "unknown-type": 'an action\'s type must be "play", "pass" or "resign"',
      "bone-not-text": 'a play names its bone as text, like "3-5"',
      "target-not-text": 'a play names its target as text, like "N" or "L"',
      "version-not-number": "the version an action was made at must be a whole number",
    })[p.problem],
  "not-a-seat": (p) => `${p.seat} is not a seat at this table`,
  "not-your-turn": (p) => `${seat(p.seat)} cannot act: it is ${seat(p.turn)}'s turn`,
  stale: (p) => `the action was made at version ${p.version}, but the game is at version ${p.current}`,
  "game-over": () => "the set or match is over",
  "bad-game": () => "not a game",
  "bad-move": (p) => `${p.value} is not a move`,
  "no-hand": () => "no hand has been dealt",
  "hand-over": () => "the hand is over",
  "bad-notation": (p) => `cannot read move ${p.text}: write a bone like "3-5", optionally "@" and a target, or "pass"`,
  "unknown-bone": (p) =>
    p.seat === undefined ? `unknown bone ${p.text}: ends go from 0 to 6` : `unknown bone ${p.text} in the deal`,
  "unknown-target": (p) => `unknown target ${p.text}: use ${p.targets.join(", ")}`,
  "not-held": (p) => `${seat(p.seat)} does not hold ${p.bone}`,
  "must-pose": (p) => `${seat(p.seat)} must pose`,
  "wrong-pose": (p) =>
    `${seat(p.seat)} cannot pose ${p.bone}: ${p.must === null ? "the pose must be a double" : `${p.must} must be posed`}`,
  "pose-has-target": (p) => `${p.text}: the pose takes no target`,
  "arm-started": (p) =>
    `${seat(p.seat)} cannot play ${p.bone} on ${targetWord(p.target)}: all four arms must be started first and ${targetWord(p.target)} already is`,
  "needs-pose-number": (p) =>
    `${seat(p.seat)} cannot play ${p.bone} on ${targetWord(p.target)}: the first bone on each arm must have a ${p.pose} to join the pose ${p.pose}-${p.pose}`,
  "does-not-fit": (p) =>
    p.target === null
      ? `${seat(p.seat)} cannot play ${p.bone}: ${Object.keys(p.ends).length > 2 ? "the arms" : "the ends"} show ${Object.values(p.ends).join(", ")}`
      : `${seat(p.seat)} cannot play ${p.bone} on ${targetWord(p.target)}: ${targetWord(p.target)} shows ${p.shows}`,
  "double-not-down": (p) =>
    `${seat(p.seat)} cannot play ${p.bone} on ${targetWord(p.target)}: ${targetWord(p.target)} shows ${p.shows} and ${p.shows}-${p.shows} has not been played`,
  "choose-target": (p) => `${p.bone} fits ${p.targets.join(" and ")}: add @${p.targets.join(" or @")}`,
  "must-play": (p) => `${seat(p.seat)} cannot pass while able to play ${p.bone}`,
  "attempt-is-legal": (p) => `${p.bone} on ${targetWord(p.target)} is a legal play, not an illegal attempt`,
  "attempt-not-charged": () => "this table does not charge illegal attempts",
  "attempt-at-pose": (p) => `${p.text}: the pose cannot be a charged attempt`,
  "attempt-in-line": (p) => `${p.text}: charged attempts exist only in French`,
  "attempt-needs-target": (p) => `${p.text}: say on which arm the attempt was made`,
  "bad-json": () => "not valid JSON",
  "bad-setup": () => "a game setup must be an object with a game, players and rules",
  "bad-deal": () => "a deal must be a list of hands, one per seat",
  "bad-record": () => "a record must be a JSON object",
  "bad-format": (p) => `format must be "crossbones-record/1", not ${p.format}`,
  "unknown-game": (p) => `unknown game ${p.game}: choose french, cutthroat or partner`,
  "bad-players": (p) => `${p.game} is not played by ${p.players} players`,
  "bad-rules": () => "rules must be an object of options",
  "unknown-option": (p) => `unknown option ${p.option}`,
  "option-not-for-game": (p) => `option ${p.option} is not a rule of ${p.game}`,
  "bad-option-value": (p) =>
    `option ${p.option} ${
      p.kind === "bool"
        ? "must be true or false"
        : p.kind === "enum"
          ? `must be one of ${p.values.join(", ")}`
          : `must be a whole number from ${p.min} to ${p.max}`
    }`,
  "bad-names": (p) => `names must list ${p.players} strings, one per seat`,
  "bad-resigned": (p) => `resigned must be a seat from 0 to ${p.players - 1}`,
  "bad-hands": () => "hands must be a list",
  "bad-hand": () => "a hand must have a deal (a list of hands of bones) and moves (a list)",
  "hand-not-finished": (p) => `hand ${p.previous} is not finished, so no other hand can follow it`,
  "move-after-end": (p) => `the hand was already over: move ${p.text} is one too many`,
  "deal-not-a-list": () => "each hand of the deal must be a list of bones",
  "deal-seats": (p) => `a deal has ${p.players} hands`,
  "deal-repeats": () => "deal must hold each bone once, equally shared",
  "deal-unequal": () => "deal must hold each bone once, equally shared",
};

/** Every refusal code, for tests and translation tables. */
export const REFUSAL_CODES = Object.keys(MESSAGES) as RefusalCode[];

/** Builds a refusal with its English message. */
export function refusal<C extends RefusalCode>(code: C, params: RefusalParams[C]): RefusalOf<C> {
  const message = (MESSAGES[code] as (p: RefusalParams[C]) => string)(params);
  return { code, message, ...params } as unknown as RefusalOf<C>;
}

const QUOTE_LIMIT = 40;

/**
 * Outside text or values, quoted for a message and capped: a string is JSON-quoted and cut to 40
 * characters; anything else is named by its kind, never walked (a value nested thousands deep or
 * holding a cycle must not bring the message down with it).
 */
export function quote(value: unknown): string {
  switch (typeof value) {
    case "string": {
      const cut = value.length > QUOTE_LIMIT ? `${value.slice(0, QUOTE_LIMIT)}…` : value;
      return JSON.stringify(cut);
    }
    case "number":
    case "boolean":
      return String(value);
    case "bigint":
      return `${value}n`;
    case "undefined":
      return "nothing";
    case "object":
      return value === null ? "null" : Array.isArray(value) ? "a list" : "an object";
    default:
      return `a ${typeof value}`;
  }
}

/** Text from outside, capped but not quoted (for names inside a message, like an option name). */
export function cap(text: string): string {
  return text.length > QUOTE_LIMIT ? `${text.slice(0, QUOTE_LIMIT)}…` : text;
}
