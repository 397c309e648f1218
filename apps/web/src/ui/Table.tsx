/**
 * The table, for games and lessons alike: the other seats around, the board in the middle, the
 * viewer's hand at the bottom. It renders one seat's view (plain data from the engine) and reports
 * the player's choices as actions; it never decides a rule. Which bones glow, where a bone may go
 * and whether a pass is allowed all come from the view; a refused action comes back as a refusal,
 * shown in the player's language.
 */

import {
  type Action,
  type Bone,
  boneHigh,
  boneLow,
  bonesOf,
  CROSS,
  freePass,
  type GameEvent,
  type LegalPlay,
  LINE_TARGET,
  type Move,
  makeBone,
  moveBone,
  PASS,
  passPrice,
  playAction,
  type Refusal,
  type SeatView,
  sideOf,
  type TableView,
} from "@crossbones/engine";
import type { ComponentChildren } from "preact";
import { useEffect, useRef, useState } from "preact/hooks";
import { PENALTY_KEYS, type T } from "../i18n";
import { type Settings, timing } from "../settings";
import { endsText, eventText, moveText, playByText, poseWhy, sideName, turnSummary } from "../view/describe";
import { nextHandFocus } from "../view/handFocus";
import { boardMarks, landedBone, playBefore, type SeatPass, seatPasses } from "../view/marks";
import { refusalText } from "../view/refusalText";
import { seatSide } from "../view/seats";
import { ArmChooser, useChooserKeys } from "./ArmChooser";
import { Board } from "./Board";
import { BoneBack, BoneShape } from "./Bone";
import { Modal } from "./Modal";

export interface TableProps {
  /** The view of the seat at the bottom of the screen. */
  view: SeatView;
  t: T;
  settings: Settings;
  /** A seat's name: "You", a bot's or a player's name. */
  name: (seat: number) => string;
  /** A word beside an opponent's name (a bot's level), or nothing. */
  tag?: (seat: number) => string | null;
  /** What a seat says for a moment (an online reaction): drawn at the seat, never over the board. */
  said?: (seat: number) => string | null;
  /**
   * Where the player's choices go. Returns what to tell the player (a refusal, also a charged
   * one), or null. Without it the hand is shown but cannot be played.
   */
  act?: (action: Action) => Refusal | null;
  /** Every bone of the hand can be picked, playable or not (a lesson explains a wrong one). */
  pickAny?: boolean;
  /** Ask before a pass that costs points (default: yes). */
  confirmPenaltyPass?: boolean;
  /**
   * Pass for the player when no bone fits, after a short visible "no bone fits" (the host's
   * setting). Only a free pass is made this way: a pass that costs points is always a tap.
   */
  autoPass?: boolean;
  /** Bones to draw attention to, in a hand or on the board. */
  highlight?: readonly Bone[];
  /** Hide the totals and penalties (a lesson's prediction is still open). */
  conceal?: boolean;
  /** Replaces the status line (a lesson says what it asks). */
  status?: string;
  /** A move to point at (a practice hint). */
  hint?: Move | null;
  /** The title of the score bar (e.g. "Hand 2 · to 100"); by default the hand and the target. */
  scoresTitle?: string;
  /** Beside the scores: the game menu. */
  menu?: ComponentChildren;
  /** Buttons after Pass: hint, undo. */
  actions?: ComponentChildren;
  /** The id of the "which arm?" dialog. */
  chooserId?: string;
  /**
   * A spectator's table: the view is the spectators' (`spectatorSeat`), the bottom seat is just
   * another player's, face down, and nobody's turn is "yours".
   */
  watching?: boolean;
  /** A message the host has for the player (an online refusal that came back later). */
  message?: string | null;
  /**
   * The player's action that waits for the connection (online, while it is down): shown as
   * pending, nothing else can be played, and `onTakeBack` withdraws it until it is sent.
   */
  pending?: { readonly action: Action; readonly onTakeBack: () => void } | null;
  /** What the host says over the top of the board for as long as it holds (an online table's pause). */
  banner?: ComponentChildren;
  /** The table is the page's main content (a game, an online table; a lesson has its own). */
  main?: boolean;
  className?: string;
  /** Dialogs over the table: the score sheet, the end of the game. */
  children?: ComponentChildren;
}

interface Toast {
  id: number;
  text: string;
  kind: string;
  names: string[];
  points: number;
  /** For a board pass: the play that caused it, in words (toasts of different plays never merge). */
  cause: string;
}

export function Table(props: TableProps) {
  const { view, t, settings, name } = props;
  const players = view.players;
  /** The seat at the bottom: the viewer's, or for a watcher the seat drawn there (nobody's "you"). */
  const me = view.seat;
  /** Whose table it is ("You played…"): null for a watcher, who sees every seat by name. */
  const viewer = props.watching ? null : me;
  const { anim, autoPass: autoPassMs } = timing(settings.speed);
  // The latest bone lands before the player is told it is their turn.
  const flying = anim > 0 ? landedBone(view.events, view.history.length) : null;
  const [landed, setLanded] = useState(view.version);
  const landing = flying !== null && flying.seat !== me && view.turn === me && landed !== view.version;
  useEffect(() => {
    if (!landing) return;
    const timer = setTimeout(() => setLanded(view.version), anim);
    return () => clearTimeout(timer);
  }, [view.version, landing]);
  const myTurn = !props.watching && view.turn === me && !landing;
  const pending = props.pending ?? null;
  const interactive = !!props.act && myTurn && pending === null;
  const handOver = view.phase === "hand-over" || view.phase === "finished";
  const plays = new Map<Bone, LegalPlay>(view.plays.map((p) => [p.bone, p]));
  const myBones = bonesOf(view.hand);
  const highlight = new Set(props.highlight ?? []);

  /**
   * A bone whose arm or end is being chosen: on the board (a tap: the letters there are large
   * targets), or in the dialog (the keyboard's and screen reader's way; Enter on a bone).
   */
  const [choosing, setChoosing] = useState<{ bone: Bone; targets: readonly number[]; dialog: boolean } | null>(null);
  const [confirmPass, setConfirmPass] = useState(false);
  const [notice, setNotice] = useState<string>("");
  const [focusIndex, setFocusIndex] = useState(0);
  const [toasts, setToasts] = useState<Toast[]>([]);
  const handRef = useRef<HTMLDivElement>(null);
  const seen = useRef<{ hand: number; events: number }>({ hand: view.handIndex, events: view.events.length });

  const send = (action: Action) => {
    setChoosing(null);
    setConfirmPass(false);
    const refused = props.act?.(action) ?? null;
    setNotice(refused ? refusalText(t, refused, name) : "");
  };

  // A new position closes any question about the old one.
  useEffect(() => {
    setChoosing(null);
    setConfirmPass(false);
  }, [view.version]);
  // Messages belong to the hand they were about: a new hand starts with none, and once a hand is
  // over the score sheet says it all.
  useEffect(() => {
    setNotice("");
    setToasts([]);
  }, [view.handIndex, handOver]);

  // Penalties and match events appear as they happen; board passes to several players merge.
  useEffect(() => {
    const from = seen.current.hand === view.handIndex ? seen.current.events : 0;
    seen.current = { hand: view.handIndex, events: view.events.length };
    if (props.conceal || handOver) return;
    const fresh = view.events
      .slice(from)
      .filter((e) => e.type === "penalty" || e.type === "bruk" || e.type === "oneAllPlayTwo");
    if (fresh.length === 0) return;
    setToasts((old) => {
      let list = [...old];
      for (const e of fresh) list = addToast(list, e, t, name, view.events, viewer);
      return list.slice(-4);
    });
  }, [view.version]);
  useEffect(() => {
    if (toasts.length === 0) return;
    const timer = setTimeout(() => setToasts((l) => l.slice(1)), 3500);
    return () => clearTimeout(timer);
  }, [toasts]);

  /** A bone tapped or clicked (`keyboard`: Enter or Space on it, a click with no pointer). */
  const pickBone = (bone: Bone, keyboard: boolean) => {
    if (!interactive) return;
    const play = plays.get(bone);
    // Ask only when the choice matters (the view says so: different numbers showing).
    if (play?.choose) setChoosing({ bone, targets: play.targets, dialog: keyboard });
    else send(playAction(view.layout, bone));
  };
  // Choosing on the board: letters and arrows answer too, and Escape puts the bone back.
  const onBoard = choosing !== null && !choosing.dialog;
  useChooserKeys(onBoard, view.layout, choosing?.targets ?? [], (target) => {
    if (choosing) send(playAction(view.layout, choosing.bone, target));
  });
  useEffect(() => {
    if (!onBoard) return;
    const onKey = (e: KeyboardEvent) => {
      if (e.key === "Escape") setChoosing(null);
    };
    window.addEventListener("keydown", onKey);
    return () => window.removeEventListener("keydown", onKey);
  }, [onBoard]);

  const onPass = () => {
    if (!interactive || !view.canPass) return;
    if (view.passCost > 0 && props.confirmPenaltyPass !== false) setConfirmPass(true);
    else send({ type: "pass" });
  };

  // A forced pass is made for the player after a moment, only when it cannot cost a point: a
  // penalty pass, a third pass in a row and a possible board pass are always the player's tap.
  const autoPassing = !!props.autoPass && interactive && freePass(view);
  useEffect(() => {
    if (!autoPassing) return;
    const timer = setTimeout(() => send({ type: "pass" }), autoPassMs);
    return () => clearTimeout(timer);
  }, [autoPassing, view.version]);

  // Keyboard: P passes (the hand itself handles arrows and Enter).
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (e.ctrlKey || e.metaKey || e.altKey || document.querySelector("dialog[open]")) return;
      const target = e.target as HTMLElement | null;
      if (target && (target.tagName === "INPUT" || target.tagName === "TEXTAREA" || target.tagName === "SELECT"))
        return;
      if (e.key.toLowerCase() === "p" && interactive && view.canPass) {
        e.preventDefault();
        onPass();
      }
    };
    window.addEventListener("keydown", onKey);
    return () => window.removeEventListener("keydown", onKey);
  });

  // Keep the focused bone valid as the hand shrinks; move focus to the hand on the player's turn.
  useEffect(() => {
    if (focusIndex >= myBones.length) setFocusIndex(Math.max(0, myBones.length - 1));
  }, [myBones.length]);
  useEffect(() => {
    if (!interactive) return;
    const active = document.activeElement;
    if (active && active !== document.body && !handRef.current?.contains(active)) return;
    const firstPlayable = myBones.findIndex((b) => plays.has(b));
    const index = firstPlayable >= 0 ? firstPlayable : Math.min(focusIndex, myBones.length - 1);
    setFocusIndex(Math.max(0, index));
    const el = handRef.current?.querySelectorAll<HTMLButtonElement>("button.hand-bone")[index];
    el?.focus({ preventScroll: true });
  }, [interactive, view.version]);

  const onHandKey = (e: KeyboardEvent) => {
    // While a bone's place is chosen on the board, the arrows point at arms and ends.
    if (onBoard) return;
    const i = nextHandFocus(e.key, focusIndex, myBones.length);
    if (i === null) return;
    e.preventDefault();
    setFocusIndex(i);
    handRef.current?.querySelectorAll<HTMLButtonElement>("button.hand-bone")[i]?.focus();
  };

  const lastEvents = view.events
    .map((e) => eventText(t, view.layout, e, name, viewer))
    .filter((x): x is string => x !== null);
  const status =
    props.status ??
    (landing
      ? (lastEvents[lastEvents.length - 1] ?? "")
      : autoPassing
        ? t("autoPassing")
        : onBoard && choosing
          ? t("chooseOnBoard", { bone: makeBone(choosing.bone) })
          : statusText(t, view, viewer, name));
  const summary =
    myTurn && view.table && !autoPassing ? turnSummary(t, view.table, view.layout, view.legalMoves) : status;
  const boardLabel = view.table
    ? `${t("board")}: ${endsText(t, view.table, view.layout)}${lastEvents.length ? `. ${lastEvents[lastEvents.length - 1]}` : ""}`
    : t("boardEmpty");
  const hint = props.hint ?? null;
  const showPass = interactive && view.canPass;
  const passCost = passPrice(view).known;
  const penalties = (seat: number) => (props.conceal || view.rules.game !== "french" ? 0 : view.penalties[seat]);
  const sides = Array.from({ length: players }, (_, seat) => seat).filter((s) => s !== me);
  const passes = handOver ? [] : seatPasses(view.events, players);
  // The bones the viewer was dealt (held now, and played or posed so far): the hand is sized for
  // them from the start, so it never changes its height as it empties.
  const dealt = myBones.length + view.events.filter((e) => isBoneOf(e, me)).length;
  const marks = boardMarks({ events: view.events, seat: viewer });
  // Hands shown face up while the hand is played (practice, lessons) keep their size at its end;
  // hands turned up only when it is over are drawn at the size of the backs they replace, so the
  // table does not move (issue 26, point 12).
  const faceUpInPlay = useRef(-2);
  if (!handOver && view.hands.some((h, seat) => seat !== me && h !== null)) faceUpInPlay.current = view.handIndex;
  const smallFaces = handOver && faceUpInPlay.current !== view.handIndex;

  const Root = props.main ? "main" : "div";
  const pendingBone = pending?.action.type === "play" ? pending.action.bone : null;
  return (
    <Root
      class={`table table-${players} ${view.layout === CROSS ? "is-cross" : "is-line"} ${props.className ?? ""}`}
      data-hand={view.handIndex + 1}
      data-moves={view.history.length}
      data-version={view.version}
      data-phase={view.phase}
    >
      <h1 class="visually-hidden">{t("table")}</h1>
      <div class="tablebar">
        <Scores view={view} t={t} name={name} conceal={!!props.conceal} title={props.scoresTitle} viewer={viewer} />
        {props.menu}
      </div>
      {sides.map((seat) => (
        <SeatPanel
          key={seat}
          seat={seat}
          view={view}
          side={seatSide(players, seat, me)}
          name={name(seat)}
          tag={props.tag?.(seat) ?? null}
          said={props.said?.(seat) ?? null}
          penalties={penalties(seat)}
          pass={passes[seat] ?? null}
          conceal={!!props.conceal}
          watching={!!props.watching}
          highlight={highlight}
          smallFaces={smallFaces}
          settings={settings}
          t={t}
        />
      ))}
      <div class="center">
        <Board
          board={view.board}
          players={players}
          bottom={me}
          moveSeats={view.history.map((h) => h.seat)}
          pips={settings.pips}
          animMs={anim}
          choices={choosing?.targets ?? []}
          onChoose={(target) => choosing && send(playAction(view.layout, choosing.bone, target))}
          t={t}
          label={boardLabel}
          marks={marks}
        />
        <ol class="log" aria-label={t("lastPlay", { text: "" }).replace(/[:\s]+$/, "")}>
          {lastEvents.slice(-3).map((text, i) => (
            <li key={`${lastEvents.length - 3 + i}`}>{text}</li>
          ))}
        </ol>
        <div class="toasts" role="status">
          {props.banner}
          {toasts.map((toast) => (
            <div class={`toast toast-${toast.kind}`} key={toast.id}>
              {toast.text}
            </div>
          ))}
        </div>
      </div>
      <section class={`me ${interactive ? "turn" : ""}`} aria-label={t("yourHand")}>
        <Said text={props.said?.(me) ?? null} />
        <div class="me-bar">
          <span class="seat-name">{name(me)}</span>
          {penalties(me) > 0 && <span class="seat-penalty">+{penalties(me)}</span>}
          {passes[me] && <PassBadge pass={passes[me]} t={t} conceal={!!props.conceal} />}
          <span class={`status ${autoPassing ? "auto-pass" : ""}`} aria-hidden="true" data-testid="status">
            {status}
          </span>
          <span class="visually-hidden" aria-live="polite" aria-atomic="true" data-testid="announce">
            {summary}
          </span>
          <span class="actions">
            {showPass && (
              <button
                type="button"
                // The button to press when nothing else fits, unless the table is passing already.
                class={view.plays.length === 0 && !autoPassing ? "primary" : ""}
                onClick={onPass}
                aria-keyshortcuts="P"
                data-testid="pass"
              >
                {passCost > 0 ? t("passPenalty", { n: passCost }) : t("pass")}
              </button>
            )}
            {onBoard && (
              <button type="button" onClick={() => setChoosing(null)} data-testid="cancel-choice">
                {t("cancel")}
              </button>
            )}
            {props.actions}
          </span>
        </div>
        {pending ? (
          <div class="notice pending" role="status" data-testid="pending">
            {pending.action.type === "play" ? t("pendingPlay", { bone: pending.action.bone }) : t("pendingPass")}{" "}
            <button type="button" onClick={pending.onTakeBack} data-testid="take-back">
              {t("takeBack")}
            </button>
          </div>
        ) : (
          (notice || props.message || hint !== null) && (
            <p class="notice" role="alert">
              {hint !== null
                ? hint === PASS
                  ? t("hintPass")
                  : t("hintText", { move: moveText(t, view.layout, hint, view.phase === "pose") })
                : notice || props.message}
            </p>
          )
        )}
        <div
          class="hand"
          ref={handRef}
          role="toolbar"
          aria-label={t("yourHand")}
          onKeyDown={onHandKey}
          tabIndex={-1}
          style={handRows(dealt)}
        >
          {props.watching &&
            view.hands[me] === null &&
            Array.from({ length: view.handSizes[me] }, (_, i) => (
              <span key={`back-${i}`} class="hand-bone static" aria-hidden="true">
                <svg viewBox="-0.5 -1 1 2" aria-hidden="true">
                  <BoneBack vertical />
                </svg>
              </span>
            ))}
          {myBones.map((bone, i) => {
            const ok = plays.has(bone);
            const hinted = hint !== null && hint !== PASS && moveBone(hint) === bone;
            const shape = (
              <svg viewBox="-0.5 -1 1 2" aria-hidden="true">
                <BoneShape a={boneLow(bone)} b={boneHigh(bone)} vertical pips={settings.pips} />
              </svg>
            );
            const chosen = choosing?.bone === bone || pendingBone === makeBone(bone);
            const marks = `${highlight.has(bone) ? "highlight" : ""} ${hinted ? "hinted" : ""} ${chosen ? "chosen" : ""}`;
            if (!props.act) {
              return (
                <span
                  key={bone}
                  class={`hand-bone static ${marks}`}
                  role="img"
                  aria-label={makeBone(bone)}
                  data-bone={makeBone(bone)}
                >
                  {shape}
                </span>
              );
            }
            const glow = interactive && !props.pickAny ? (ok ? "playable" : "unplayable") : "";
            return (
              <button
                type="button"
                key={bone}
                class={`hand-bone ${glow} ${marks}`}
                tabIndex={i === focusIndex ? 0 : -1}
                aria-label={`${makeBone(bone)}${interactive && !props.pickAny ? `, ${ok ? t("canPlay") : t("cannotPlay")}` : ""}`}
                aria-disabled={glow === "unplayable" ? "true" : undefined}
                data-bone={makeBone(bone)}
                onFocus={() => setFocusIndex(i)}
                // A click with no pointer behind it (detail 0) is Enter or Space on the bone.
                onClick={(e) => pickBone(bone, e.detail === 0)}
              >
                {shape}
              </button>
            );
          })}
        </div>
      </section>

      {choosing?.dialog && view.table && (
        <ArmChooser
          id={props.chooserId}
          t={t}
          layout={view.layout}
          bone={choosing.bone}
          targets={choosing.targets}
          ends={view.table.ends}
          onPick={(target) => send(playAction(view.layout, choosing.bone, target))}
          onCancel={() => setChoosing(null)}
        />
      )}
      {confirmPass && (
        <Modal title={t("penaltyPassTitle")} onClose={() => setConfirmPass(false)} id="confirm-pass">
          <p>{t("penaltyPassText", { n: view.passCost })}</p>
          <div class="buttons">
            <button type="button" onClick={() => setConfirmPass(false)} autofocus>
              {t("cancel")}
            </button>
            <button type="button" class="danger" onClick={() => send({ type: "pass" })}>
              {t("passAnyway", { n: view.passCost })}
            </button>
          </div>
        </Modal>
      )}
      {props.children}
    </Root>
  );
}

/**
 * The spectators' view as a table can draw it: seat 0 at the bottom, its bones face down (until the
 * hand is over), nothing to play. Use with `watching`.
 */
export function spectatorSeat(view: TableView): SeatView {
  return { ...view, seat: 0, hand: view.hands[0] ?? 0, legalMoves: [], plays: [], canPass: false, passCost: 0 };
}

function isBoneOf(e: GameEvent, seat: number): boolean {
  return (e.type === "play" || e.type === "pose") && e.seat === seat;
}

/**
 * CSS variables that size the hand for `dealt` bones: one row, or on a phone two rows once more
 * than nine are dealt (Cut Throat for two), each bone as wide as a row allows.
 */
function handRows(dealt: number): Record<string, string> {
  const rows = dealt > 9 ? 2 : 1;
  return {
    "--dealt": String(Math.max(dealt, 1)),
    "--phone-rows": String(rows),
    "--phone-per-row": String(Math.ceil(dealt / rows) || 1),
  };
}

/**
 * Whose turn it is and, at the pose, why that seat poses ("the holder of 0-0 poses the first hand"),
 * told to `viewer` (null: a watcher, for whom it is nobody's "your turn").
 */
export function statusText(t: T, view: SeatView, viewer: number | null, name: (seat: number) => string): string {
  if (view.turn === null) return "";
  let text: string;
  if (view.turn !== viewer) text = t("thinking", { name: name(view.turn) });
  else if (view.phase === "pose") {
    const only = view.plays.length === 1 ? view.plays[0].bone : null;
    text =
      only !== null
        ? t("yourTurnPose", { bone: makeBone(only) })
        : t(view.pose?.double ? "yourTurnPoseDouble" : "yourTurnPoseAny");
  } else if (view.plays.length > 0) text = t("yourTurn");
  else {
    const price = passPrice(view);
    text =
      price.known > 0
        ? t("yourTurnPassCost", { n: price.known })
        : price.maybe > 0
          ? t("yourTurnPassMaybe", { n: price.maybe })
          : t("yourTurnPass");
  }
  const pose = view.pose;
  if (view.phase !== "pose" || !pose) return text;
  return `${text} — ${poseWhy(t, pose, viewer, name)}`;
}

function addToast(
  list: Toast[],
  e: GameEvent,
  t: T,
  name: (seat: number) => string,
  events: readonly GameEvent[],
  viewer: number | null,
): Toast[] {
  const id = Date.now() + Math.random();
  if (e.type === "bruk") return [...list, { id, text: t("evBruk"), kind: "bruk", names: [], points: 0, cause: "" }];
  if (e.type === "oneAllPlayTwo")
    return [...list, { id, text: t("evOneAllPlayTwo"), kind: "oneall", names: [], points: 0, cause: "" }];
  if (e.type !== "penalty") return list;
  // A board pass says whose play caused it: the play before the charge.
  const play = e.kind === "boardPass" ? playBefore(events, e.move) : null;
  const cause = play ? playByText(t, play.bone, play.seat, name, viewer) : "";
  const existing = list.find((x) => x.kind === e.kind && x.points === e.points && x.cause === cause);
  const names = existing ? [...existing.names, name(e.seat)] : [name(e.seat)];
  const kind = { key: PENALTY_KEYS[e.kind] };
  const text = cause
    ? t("penaltyToastAfter", { kind, play: cause, n: e.points, names })
    : t("penaltyToast", { kind, n: e.points, names });
  const toast: Toast = { id: existing?.id ?? id, text, kind: e.kind, names, points: e.points, cause };
  return existing ? list.map((x) => (x === existing ? toast : x)) : [...list, toast];
}

/** A pass at the seat ("Pass", a knock), with what it cost in French. */
function PassBadge({ pass, t, conceal }: { pass: SeatPass; t: T; conceal: boolean }) {
  const cost = conceal ? [] : pass.penalties;
  return (
    <span class="pass-badge" key={pass.move} data-testid="pass-badge">
      <span class="pass-call">{t("passCall")}</span>
      {cost.map((p) => (
        <span class="pass-cost" key={p.kind}>
          +{p.points} {t(PENALTY_KEYS[p.kind])}
        </span>
      ))}
    </span>
  );
}

/** What a seat says (a reaction), in its own place: over its face-down bones, or the bar above the hand. */
function Said({ text }: { text: string | null }) {
  if (text === null) return null;
  // The host announces reactions with their names; this is what the eye sees.
  return (
    <span class="seat-said" aria-hidden="true" data-testid="seat-said">
      {text}
    </span>
  );
}

function SeatPanel({
  seat,
  view,
  side,
  name,
  tag,
  said,
  penalties,
  pass,
  conceal,
  watching,
  highlight,
  smallFaces,
  settings,
  t,
}: {
  seat: number;
  view: SeatView;
  side: string;
  name: string;
  tag: string | null;
  said: string | null;
  penalties: number;
  pass: SeatPass | null;
  conceal: boolean;
  watching: boolean;
  highlight: ReadonlySet<Bone>;
  /** Face-up bones at the backs' size (a hand turned up only at its end). */
  smallFaces: boolean;
  settings: Settings;
  t: T;
}) {
  const shown = view.hands[seat];
  const count = view.handSizes[seat];
  const vertical = side === "left" || side === "right";
  const partner =
    !watching && view.rules.game === "partner" && sideOf(view.rules, seat) === sideOf(view.rules, view.seat);
  const active = view.turn === seat;
  const faces = shown === null ? null : bonesOf(shown);
  return (
    <section
      class={`seat seat-${side} ${active ? "active" : ""} ${partner ? "partner" : ""}`}
      aria-label={partner ? `${name}, ${t("partnerTag")}` : name}
      data-seat={seat}
    >
      <div class="seat-head">
        <span class="seat-who">
          <span class="seat-name">{name}</span>
          {partner && <span class="seat-team">{t("partnerTag")}</span>}
        </span>
        <span class="seat-what">
          <span class="seat-count">{t("bonesLeft", { n: count })}</span>
          {penalties > 0 && <span class="seat-penalty">+{penalties}</span>}
        </span>
        {/* A bot's level, a clock, away: a line of its own, always there (empty or not) and cut
            short rather than wrapped, so a seat never changes its height. */}
        <span class="seat-level">{tag ?? ""}</span>
      </div>
      {active && <span class="thinking-dot" aria-hidden="true" />}
      {pass && <PassBadge pass={pass} t={t} conceal={conceal} />}
      <Said text={said} />
      {faces && <span class="visually-hidden">{faces.map(makeBone).join(", ")}</span>}
      <div
        class={`backs ${vertical ? "backs-v" : ""} ${faces ? (smallFaces ? "faces faces-small" : "faces") : ""}`}
        aria-hidden="true"
      >
        {faces
          ? faces.map((bone) => (
              <svg
                key={bone}
                viewBox="-0.5 -1 1 2"
                class={`mini ${highlight.has(bone) ? "highlight" : ""}`}
                aria-hidden="true"
                data-bone={makeBone(bone)}
              >
                <BoneShape a={boneLow(bone)} b={boneHigh(bone)} vertical pips={settings.pips} digits />
              </svg>
            ))
          : Array.from({ length: count }, (_, i) => (
              <svg key={i} viewBox="-0.5 -1 1 2" class="mini" aria-hidden="true">
                <BoneBack vertical />
              </svg>
            ))}
      </div>
    </section>
  );
}

function Scores({
  view,
  t,
  name,
  conceal,
  title,
  viewer,
}: {
  view: SeatView;
  t: T;
  name: (seat: number) => string;
  conceal: boolean;
  title?: string;
  /** Whose scores ("Your team"), or null for a watcher: teams are named by their players. */
  viewer: number | null;
}) {
  const rules = view.rules;
  const hand = t("handNumber", { n: Math.max(1, view.handIndex + 1) });
  const french = rules.game === "french" ? rules.options : null;
  // A set of a fixed number of hands (a duplicate tournament's) is not played to a target.
  const target = french?.hands
    ? t("setOfHands", { n: french.hands })
    : t("target", { n: french ? french.target : LINE_TARGET });
  return (
    <div class="scores" data-testid="scores">
      <span class="scores-title">{title ?? `${hand} · ${target}`}</span>
      {view.totals.map((total, side) => (
        <span class="score" key={side} data-side={side}>
          <b>{sideName(t, rules, side, name, viewer)}</b> {conceal ? "?" : t.num(total)}
        </span>
      ))}
    </div>
  );
}
