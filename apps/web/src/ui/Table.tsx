/**
 * The table: the other seats around, the board in the middle, your hand at the bottom. Bots move
 * through the worker; the human plays by tap, click or keyboard. The engine says what is legal
 * (legalMoves, targetsFor); this screen only reports choices.
 */

import {
  attemptIllegalPlay,
  bonesOf,
  CROSS,
  type Game,
  type GameEvent,
  type Move,
  makeBone,
  moveBone,
  PASS,
  POSE,
  playMove,
  sideOf,
  viewFor,
} from "@crossbones/engine";
import { useCallback, useEffect, useMemo, useRef, useState } from "preact/hooks";
import { botMove, rankMoves } from "../bots/client";
import { type Key, PENALTY_KEYS, type T } from "../i18n";
import { BOT_NAMES, botSeed, canUndo, dealNext, HUMAN, moveSeats, play, type Session, undo } from "../session";
import { type Settings, timing } from "../settings";
import { click } from "../sound";
import { endsText, eventText, moveText, turnSummary } from "../view/describe";
import { nextHandFocus } from "../view/handFocus";
import { ArmChooser } from "./ArmChooser";
import { Board, seatSide } from "./Board";
import { BoneBack, BoneShape } from "./Bone";
import { Modal } from "./Modal";
import { GameEnd, ScoreSheet } from "./ScoreSheet";

export interface TableProps {
  session: Session;
  settings: Settings;
  t: T;
  /** Replaces the session if `expected` is still the current game (stale bot answers are dropped). */
  update: (expected: Game, next: Session) => void;
  onNewGame: () => void;
  onResign: () => void;
  onExport: () => void;
}

interface Toast {
  id: number;
  text: string;
  kind: string;
  names: string[];
  points: number;
}

export function useSeatName(t: T): (seat: number) => string {
  return useCallback((seat: number) => (seat === HUMAN ? t("you") : (BOT_NAMES[seat] ?? `#${seat}`)), [t]);
}

export function Table({ session, settings, t, update, onNewGame, onResign, onExport }: TableProps) {
  const game = session.game;
  const state = game.state;
  const hand = game.hands[game.hands.length - 1];
  const players = game.config.players;
  const name = useSeatName(t);
  const { anim, botDelay } = timing(settings.speed);
  const view = useMemo(() => viewFor(game, HUMAN), [game]);
  const myTurn = !!state && !state.over && !game.finished && !session.resigned && state.turn === HUMAN;
  const legal = myTurn ? view.legalMoves : [];
  const canPassNow = legal.includes(PASS);
  const plays = legal.filter((m) => m !== PASS);
  const playableBones = new Set(plays.map(moveBone));
  const seats = moveSeats(game);
  const reveal = session.setup.practice && (settings.showHands || session.setup.showHands === true);

  const [choosing, setChoosing] = useState<{ bone: number; targets: number[] } | null>(null);
  const [confirmPass, setConfirmPass] = useState(false);
  const [hint, setHint] = useState<{ game: Game; move: Move } | null>(null);
  const [notice, setNotice] = useState<string>("");
  const [sheetSeen, setSheetSeen] = useState<number>(-1);
  const [focusIndex, setFocusIndex] = useState(0);
  const [toasts, setToasts] = useState<Toast[]>([]);
  const handRef = useRef<HTMLDivElement>(null);
  const seen = useRef<{ hand: number; events: number }>({ hand: game.hands.length, events: hand?.events.length ?? 0 });

  const myBones = bonesOf(state ? state.hands[HUMAN] : 0);
  const myPenalties = state && game.rules.game === "french" ? state.penalties(HUMAN) : 0;

  // Bots: ask the worker, then wait long enough for the previous play to be seen.
  useEffect(() => {
    const s = game.state;
    if (!s || s.over || game.finished || session.resigned || s.turn === HUMAN) return;
    let live = true;
    const seat = s.turn;
    const started = performance.now();
    const seatView = viewFor(game, seat);
    const onlyPass = seatView.legalMoves.length === 1 && seatView.legalMoves[0] === PASS;
    const ask: Promise<Move> = onlyPass
      ? Promise.resolve(PASS)
      : botMove(seatView, session.setup.levels[seat] ?? "easy", botSeed(session));
    ask
      .then((move) => {
        const wait = Math.max(0, botDelay - (performance.now() - started));
        setTimeout(() => {
          if (!live) return;
          const next = play(session, move);
          if (typeof next === "string") {
            // A bot that answers with an illegal move must not stall the table: take any legal one.
            const fallback = play(session, seatView.legalMoves[0]);
            if (typeof fallback !== "string") update(game, fallback);
            return;
          }
          if (move !== PASS) click(settings.sound);
          update(game, next);
        }, wait);
      })
      .catch(() => {
        if (!live) return;
        const fallback = play(session, seatView.legalMoves[0]);
        if (typeof fallback !== "string") update(game, fallback);
      });
    return () => {
      live = false;
    };
  }, [game, session.resigned]);

  // Penalties and match events appear as they happen; board passes to several players merge.
  useEffect(() => {
    const h = game.hands.length;
    const events = hand?.events ?? [];
    const from = seen.current.hand === h ? seen.current.events : 0;
    seen.current = { hand: h, events: events.length };
    const fresh = events
      .slice(from)
      .filter((e) => e.type === "penalty" || e.type === "bruk" || e.type === "oneAllPlayTwo");
    if (fresh.length === 0) return;
    setToasts((old) => {
      let list = [...old];
      for (const e of fresh) list = addToast(list, e, t, name);
      return list.slice(-4);
    });
  }, [game]);
  useEffect(() => {
    if (toasts.length === 0) return;
    const timer = setTimeout(() => setToasts((l) => l.slice(1)), 3500);
    return () => clearTimeout(timer);
  }, [toasts]);

  useEffect(() => {
    setChoosing(null);
    setConfirmPass(false);
  }, [game]);

  const doMove = (move: Move) => {
    const next = play(session, move);
    if (typeof next === "string") {
      setNotice(next);
      return;
    }
    if (move !== PASS) click(settings.sound);
    setNotice("");
    update(game, next);
  };

  const tryBone = (bone: number) => {
    if (!myTurn || !state) return;
    const targets = state.targetsFor(bone);
    if (targets.length === 0) {
      // At a strict table (illegalPlayPenalty > 0, F5) the attempt itself is charged; the engine
      // refuses it all the same and the penalty shows as it happens.
      const charged = state.phase !== POSE ? attemptIllegalPlay(game, bone, attemptTarget(state.ends, bone)) : null;
      if (charged?.ok) update(game, { ...session, game: charged.value });
      setNotice(t("illegalRefused", { bone: makeBone(bone) }));
      return;
    }
    // Ask only when the choice matters: empty arms, or ends showing different numbers.
    const values = new Set(targets.map((tg) => state.ends[tg]));
    const distinct = targets.length > 1 && (values.size > 1 || values.has(-1)) && state.phase !== POSE;
    if (distinct) setChoosing({ bone, targets });
    else doMove(playMove(bone, targets[0]));
  };

  const onPass = () => {
    if (!canPassNow) return;
    if (plays.length > 0) setConfirmPass(true);
    else doMove(PASS);
  };

  const onHint = async () => {
    if (!session.setup.practice || !myTurn) return;
    const ranked = await rankMoves(view, botSeed(session));
    if (ranked.length > 0) setHint({ game, move: ranked[0].move });
  };

  const onUndo = () => {
    const back = undo(session);
    if (back) update(game, back);
  };

  // "Try it" games (after the lessons) show the hint on each of the human's turns.
  useEffect(() => {
    if (!session.setup.practice || !session.setup.hints || !myTurn) return;
    onHint().catch(() => undefined);
  }, [myTurn, game]);

  // Keyboard: P pass, H hint, U undo (the hand itself handles arrows and Enter).
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (e.ctrlKey || e.metaKey || e.altKey) return;
      const target = e.target as HTMLElement | null;
      if (target && (target.tagName === "INPUT" || target.tagName === "TEXTAREA" || target.tagName === "SELECT"))
        return;
      if (document.querySelector("dialog[open]")) return;
      const k = e.key.toLowerCase();
      if (k === "p" && canPassNow) {
        e.preventDefault();
        onPass();
      } else if (k === "h" && session.setup.practice) {
        e.preventDefault();
        void onHint();
      } else if (k === "u" && session.setup.practice) {
        e.preventDefault();
        onUndo();
      }
    };
    window.addEventListener("keydown", onKey);
    return () => window.removeEventListener("keydown", onKey);
  });

  // Keep the focused bone valid as the hand shrinks; move focus to the hand on the human's turn.
  useEffect(() => {
    if (focusIndex >= myBones.length) setFocusIndex(Math.max(0, myBones.length - 1));
  }, [myBones.length]);
  useEffect(() => {
    if (!myTurn) return;
    const active = document.activeElement;
    if (active && active !== document.body && !handRef.current?.contains(active)) return;
    const firstPlayable = myBones.findIndex((b) => playableBones.has(b));
    const index = firstPlayable >= 0 ? firstPlayable : focusIndex;
    setFocusIndex(index);
    const el = handRef.current?.querySelectorAll<HTMLButtonElement>("button.hand-bone")[index];
    el?.focus({ preventScroll: true });
  }, [myTurn, game]);

  const onHandKey = (e: KeyboardEvent) => {
    const i = nextHandFocus(e.key, focusIndex, myBones.length);
    if (i === null) return;
    e.preventDefault();
    setFocusIndex(i);
    handRef.current?.querySelectorAll<HTMLButtonElement>("button.hand-bone")[i]?.focus();
  };

  // Status line and the screen-reader summary.
  let status = "";
  if (state && !state.over && !game.finished && !session.resigned) {
    if (myTurn) {
      if (state.phase === POSE) {
        status =
          plays.length === 1 ? t("yourTurnPose", { bone: makeBone(moveBone(plays[0])) }) : t("yourTurnPoseDouble");
      } else status = plays.length === 0 ? t("yourTurnPass") : t("yourTurn");
    } else status = t("thinking", { name: name(state.turn) });
  }
  const summary = myTurn && view.table ? turnSummary(t, view.table, game.config.layout, legal) : status;
  const lastEvents = (hand?.events ?? [])
    .map((e) => eventText(t, game, e, name))
    .filter((x): x is string => x !== null);
  const boardLabel = view.table
    ? `${t("board")}: ${endsText(t, view.table, game.config.layout)}${lastEvents.length ? `. ${lastEvents[lastEvents.length - 1]}` : ""}`
    : t("boardEmpty");

  const over = !!state?.over;
  const handIndex = game.hands.length - 1;
  const showSheet = over && sheetSeen !== handIndex;
  const showEnd = (game.finished && !showSheet) || session.resigned;
  const hintMove = hint && hint.game === game ? hint.move : null;

  const sides = Array.from({ length: players }, (_, seat) => seat).filter((s) => s !== HUMAN);

  return (
    <div
      class={`table table-${players} ${game.config.layout === CROSS ? "is-cross" : "is-line"}`}
      data-hand={game.hands.length}
      data-moves={hand?.moves.length ?? 0}
    >
      <h1 class="visually-hidden">{t("table")}</h1>
      <div class="tablebar">
        <Scores game={game} t={t} name={name} />
        <TableMenu
          t={t}
          onNewGame={onNewGame}
          onResign={onResign}
          onExport={onExport}
          finished={game.finished || session.resigned}
        />
      </div>
      {sides.map((seat) => (
        <SeatPanel
          key={seat}
          seat={seat}
          game={game}
          side={seatSide(players, seat)}
          name={name(seat)}
          level={t(session.setup.levels[seat] ?? "easy")}
          reveal={reveal}
          settings={settings}
          t={t}
          active={!!state && !state.over && state.turn === seat}
        />
      ))}
      <div class="center">
        <Board
          board={view.board}
          players={players}
          moveSeats={seats}
          pips={settings.pips}
          animMs={anim}
          choices={choosing?.targets ?? []}
          onChoose={(target) => choosing && doMove(playMove(choosing.bone, target))}
          t={t}
          label={boardLabel}
        />
        <ol class="log" aria-label={t("lastPlay", { text: "" }).replace(/[:\s]+$/, "")}>
          {lastEvents.slice(-3).map((text, i) => (
            <li key={`${lastEvents.length - 3 + i}`}>{text}</li>
          ))}
        </ol>
        <div class="toasts" role="status">
          {toasts.map((toast) => (
            <div class={`toast toast-${toast.kind}`} key={toast.id}>
              {toast.text}
            </div>
          ))}
        </div>
      </div>
      <section class={`me ${myTurn ? "turn" : ""}`} aria-label={t("yourHand")}>
        <div class="me-bar">
          <span class="seat-name">{name(HUMAN)}</span>
          {myPenalties > 0 && <span class="seat-penalty">+{myPenalties}</span>}
          <span class="status" aria-hidden="true">
            {status}
          </span>
          <span class="visually-hidden" aria-live="polite" aria-atomic="true" data-testid="announce">
            {summary}
          </span>
          <span class="actions">
            {canPassNow && (
              <button type="button" class={plays.length === 0 ? "primary" : ""} onClick={onPass} aria-keyshortcuts="P">
                {plays.length === 0 ? t("pass") : t("passPenalty", { n: game.config.passWhenAblePenalty })}
              </button>
            )}
            {session.setup.practice && (
              <button type="button" onClick={() => void onHint()} disabled={!myTurn} aria-keyshortcuts="H">
                {t("hint")}
              </button>
            )}
            {session.setup.practice && (
              <button type="button" onClick={onUndo} disabled={!canUndo(session)} aria-keyshortcuts="U">
                {t("undo")}
              </button>
            )}
          </span>
        </div>
        {(notice || hintMove !== null) && (
          <p class="notice" role="alert">
            {hintMove !== null
              ? hintMove === PASS
                ? t("hintPass")
                : t("hintText", { move: moveText(t, game.config.layout, hintMove, state?.phase === POSE) })
              : notice}
          </p>
        )}
        <div class="hand" ref={handRef} role="toolbar" aria-label={t("yourHand")} onKeyDown={onHandKey} tabIndex={-1}>
          {myBones.map((bone, i) => {
            const ok = playableBones.has(bone);
            const hinted = hintMove !== null && hintMove !== PASS && moveBone(hintMove) === bone;
            return (
              <button
                type="button"
                key={bone}
                class={`hand-bone ${myTurn ? (ok ? "playable" : "unplayable") : ""} ${hinted ? "hinted" : ""}`}
                tabIndex={i === focusIndex ? 0 : -1}
                aria-label={`${makeBone(bone)}${myTurn ? `, ${ok ? t("canPlay") : t("cannotPlay")}` : ""}`}
                aria-disabled={myTurn && !ok ? "true" : undefined}
                data-bone={makeBone(bone)}
                onFocus={() => setFocusIndex(i)}
                onClick={() => tryBone(bone)}
              >
                <svg viewBox="-0.5 -1 1 2" aria-hidden="true">
                  <BoneShape a={boneEnds(bone)[0]} b={boneEnds(bone)[1]} vertical pips={settings.pips} />
                </svg>
              </button>
            );
          })}
        </div>
      </section>

      {choosing && state && (
        <ArmChooser
          t={t}
          layout={game.config.layout}
          bone={choosing.bone}
          targets={choosing.targets}
          ends={Array.from(state.ends)}
          onPick={(target) => doMove(playMove(choosing.bone, target))}
          onCancel={() => setChoosing(null)}
        />
      )}
      {confirmPass && (
        <Modal title={t("penaltyPassTitle")} onClose={() => setConfirmPass(false)} id="confirm-pass">
          <p>{t("penaltyPassText", { n: game.config.passWhenAblePenalty })}</p>
          <div class="buttons">
            <button type="button" onClick={() => setConfirmPass(false)} autofocus>
              {t("cancel")}
            </button>
            <button type="button" class="danger" onClick={() => doMove(PASS)}>
              {t("passAnyway", { n: game.config.passWhenAblePenalty })}
            </button>
          </div>
        </Modal>
      )}
      {showSheet && (
        <ScoreSheet
          game={game}
          handIndex={handIndex}
          t={t}
          name={name}
          settings={settings}
          onNext={() => {
            setSheetSeen(handIndex);
            if (!game.finished) update(game, dealNext(session));
          }}
        />
      )}
      {showEnd && (
        <GameEnd game={game} resigned={session.resigned} t={t} name={name} onNewGame={onNewGame} onExport={onExport} />
      )}
    </div>
  );
}

function boneEnds(bone: number): [number, number] {
  const [a, b] = makeBone(bone).split("-").map(Number);
  return [a, b];
}

function addToast(list: Toast[], e: GameEvent, t: T, name: (seat: number) => string): Toast[] {
  const id = Date.now() + Math.random();
  if (e.type === "bruk") return [...list, { id, text: t("evBruk"), kind: "bruk", names: [], points: 0 }];
  if (e.type === "oneAllPlayTwo")
    return [...list, { id, text: t("evOneAllPlayTwo"), kind: "oneall", names: [], points: 0 }];
  if (e.type !== "penalty") return list;
  const kind = t(PENALTY_KEYS[e.kind]);
  const existing = list.find((x) => x.kind === e.kind && x.points === e.points);
  const names = existing ? [...existing.names, name(e.seat)] : [name(e.seat)];
  const text = `${kind}: +${e.points} → ${names.join(", ")}`;
  const toast: Toast = { id: existing?.id ?? id, text, kind: e.kind, names, points: e.points };
  return existing ? list.map((x) => (x === existing ? toast : x)) : [...list, toast];
}

function SeatPanel({
  seat,
  game,
  side,
  name,
  level,
  reveal,
  settings,
  t,
  active,
}: {
  seat: number;
  game: Game;
  side: string;
  name: string;
  level: string;
  reveal: boolean;
  settings: Settings;
  t: T;
  active: boolean;
}) {
  const state = game.state;
  const mask = state ? state.hands[seat] : 0;
  const count = bonesOf(mask).length;
  const showFaces = reveal || !!state?.over;
  const penalties = state && game.rules.game === "french" ? state.penalties(seat) : 0;
  const vertical = side === "left" || side === "right";
  const partner = game.rules.game === "partner" && sideOf(game.rules, seat) === sideOf(game.rules, HUMAN);
  return (
    <section class={`seat seat-${side} ${active ? "active" : ""}`} aria-label={name} data-seat={seat}>
      <div class="seat-head">
        <span class="seat-name">
          {name}
          {partner ? ` · ${t("yourTeam")}` : ""}
        </span>
        <span class="seat-level">{level}</span>
        <span class="seat-count">{t("bonesLeft", { n: count })}</span>
        {penalties > 0 && <span class="seat-penalty">+{penalties}</span>}
        {active && <span class="thinking-dot" aria-hidden="true" />}
      </div>
      <div class={`backs ${vertical ? "backs-v" : ""} ${showFaces ? "faces" : ""}`} aria-hidden="true">
        {bonesOf(mask).map((bone) =>
          showFaces ? (
            <svg key={bone} viewBox="-0.5 -1 1 2" class="mini" aria-hidden="true">
              <BoneShape a={boneEnds(bone)[0]} b={boneEnds(bone)[1]} vertical pips={settings.pips} />
            </svg>
          ) : (
            <svg key={bone} viewBox="-0.5 -1 1 2" class="mini" aria-hidden="true">
              <BoneBack vertical />
            </svg>
          ),
        )}
      </div>
    </section>
  );
}

function Scores({ game, t, name }: { game: Game; t: T; name: (seat: number) => string }) {
  const rules = game.rules;
  if (rules.game === "french") {
    return (
      <div class="scores">
        <span class="scores-title">
          {t("handNumber", { n: game.hands.length })} · {t("target", { n: rules.options.target })}
        </span>
        {game.totals.map((total, seat) => (
          <span class="score" key={seat} data-seat={seat}>
            <b>{name(seat)}</b> {total}
          </span>
        ))}
      </div>
    );
  }
  const teams = rules.game === "partner";
  return (
    <div class="scores">
      <span class="scores-title">
        {t("handNumber", { n: game.hands.length })} · {t("target", { n: 6 })}
      </span>
      {game.totals.map((total, side) => (
        <span class="score" key={side} data-side={side}>
          <b>{teams ? (side === sideOf(rules, HUMAN) ? t("yourTeam") : t("theirTeam")) : name(side)}</b> {total}
        </span>
      ))}
    </div>
  );
}

function TableMenu({
  t,
  onNewGame,
  onResign,
  onExport,
  finished,
}: {
  t: T;
  onNewGame: () => void;
  onResign: () => void;
  onExport: () => void;
  finished: boolean;
}) {
  const [confirm, setConfirm] = useState(false);
  return (
    <nav class="table-menu" aria-label={t("menu")}>
      <button type="button" onClick={onNewGame}>
        {t("newGame")}
      </button>
      {!finished && (
        <button type="button" onClick={() => setConfirm(true)}>
          {t("resign")}
        </button>
      )}
      <button type="button" onClick={onExport}>
        {t("exportRecord")}
      </button>
      {confirm && (
        <Modal title={t("resign")} onClose={() => setConfirm(false)} id="confirm-resign">
          <p>{t("resignConfirm")}</p>
          <div class="buttons">
            <button type="button" onClick={() => setConfirm(false)} autofocus>
              {t("cancel")}
            </button>
            <button
              type="button"
              class="danger"
              onClick={() => {
                setConfirm(false);
                onResign();
              }}
            >
              {t("resign")}
            </button>
          </div>
        </Modal>
      )}
    </nav>
  );
}

export const ARM_KEYS: readonly Key[] = ["armN", "armE", "armS", "armW"];

/** The arm or end a refused bone was aimed at: one showing either of its numbers, else the first. */
function attemptTarget(ends: ArrayLike<number>, bone: number): number {
  const [a, b] = makeBone(bone).split("-").map(Number);
  for (let t = 0; t < ends.length; t++) if (ends[t] === a || ends[t] === b) return t;
  return 0;
}
