/**
 * A game against the bots: the local host of a table. It owns the session, asks the bot worker
 * for the bots' moves and applies every move — the human's and the bots' — through the engine's
 * `applyAction`, against the version the mover saw, exactly as a remote table would. The table
 * itself only renders the human's seat view.
 */

import { type Action, type Refusal, viewFor } from "@crossbones/engine";
import { botAction, botWait, fallbackAction } from "@crossbones/table";
import { useCallback, useEffect, useMemo, useState } from "preact/hooks";
import { botMove, rankMoves } from "../bots/client";
import type { T } from "../i18n";
import { useLiveRead } from "../review/useLiveRead";
import { act, BOT_NAMES, backTo, botSeed, dealNext, HUMAN, humanView, type Session, undoTarget } from "../session";
import { type Settings, timing } from "../settings";
import { click, knock } from "../sound";
import { ResignButton } from "./ResignButton";
import { GameEnd, ScoreSheet } from "./ScoreSheet";
import { Table } from "./Table";

/** The dialog over a finished hand: its score sheet, the end of the game, or none (the board). */
type Panel = "sheet" | "end" | null;

export interface GameTableProps {
  session: Session;
  settings: Settings;
  t: T;
  /** Replaces the session if `expected` is still the current one (late bot answers are dropped). */
  update: (expected: Session, next: Session) => void;
  /** The menu's New game: back to the home screen's setup. */
  onNewGame: () => void;
  /** Game over's Play again: the same table again (same players, bots and rules). */
  onRematch: () => void;
  onExport: () => void;
  /** Opens the review of hand `hand` of this game. */
  onReview?: (hand: number) => void;
}

export function useSeatName(t: T): (seat: number) => string {
  return useCallback((seat: number) => (seat === HUMAN ? t("you") : (BOT_NAMES[seat] ?? `#${seat}`)), [t]);
}

export function GameTable({ session, settings, t, update, onNewGame, onRematch, onExport, onReview }: GameTableProps) {
  const view = useMemo(() => humanView(session, settings.showHands), [session, settings.showHands]);
  const name = useSeatName(t);
  const { botDelay } = timing(settings.speed);
  const practice = session.setup.practice;
  const [hint, setHint] = useState<{ version: number; move: number } | null>(null);
  // Which dialog is open over a finished hand (at the version it was chosen for): the score sheet
  // opens by itself; Esc closes it to study the board, and the bar's buttons bring it back.
  const [panel, setPanel] = useState<{ version: number; open: Panel } | null>(null);
  // Practice: "Read the table" beside the game (off at other tables).
  const reading = useLiveRead();

  // Bots: ask the worker with the bot's own view, then wait long enough for the last play to be
  // seen. The wait and the fallback are the online table's functions (@crossbones/table): a bot
  // that fails, or answers a refused move, plays its seat's first legal move, after the same wait.
  useEffect(() => {
    const seat = view.turn;
    if (seat === null || seat === HUMAN) return;
    let live = true;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const started = performance.now();
    const botView = viewFor(session.game, seat);
    const only = botView.legalMoves.length === 1 ? botView.legalMoves[0] : null;
    const ask =
      only !== null ? Promise.resolve(only) : botMove(botView, session.setup.levels[seat] ?? "easy", botSeed(session));
    const apply = (action: Action) => {
      const r = act(session, seat, action, botView.version);
      if (!r.ok) return false;
      if (action.type === "play") click(settings.sound);
      else if (action.type === "pass") knock(settings.sound);
      update(session, { ...session, game: r.value });
      return true;
    };
    ask
      .then(
        (move) => botAction(botView, move),
        () => fallbackAction(botView),
      )
      .then((action) => {
        if (!live) return;
        timer = setTimeout(
          () => {
            if (!apply(action)) apply(fallbackAction(botView));
          },
          botWait(started, performance.now(), botDelay),
        );
      });
    return () => {
      live = false;
      clearTimeout(timer);
    };
  }, [session]);

  // The human's choices, against the version they saw.
  const onAct = (action: Action): Refusal | null => {
    const r = act(session, HUMAN, action, view.version);
    if (!r.ok) return r.error;
    if (action.type === "play" && r.charged === null) click(settings.sound);
    else if (action.type === "pass") knock(settings.sound);
    update(session, { ...session, game: r.value });
    return r.charged;
  };

  const myTurn = view.turn === HUMAN;
  const onHint = async () => {
    if (!practice || !myTurn) return;
    // The hint reads the table as the human's seat does, never the face-up practice hands.
    const ranked = await rankMoves(viewFor(session.game, HUMAN), botSeed(session));
    if (ranked.length > 0) setHint({ version: view.version, move: ranked[0].move });
  };
  const back = useMemo(() => (practice ? undoTarget(session) : null), [session]);
  const onUndo = () => {
    if (back === null) return;
    const previous = backTo(session, back);
    if (previous) update(session, previous);
  };

  // "Try it" games (after the lessons) show the hint on each of the human's turns.
  useEffect(() => {
    if (practice && session.setup.hints && myTurn) onHint().catch(() => undefined);
  }, [myTurn, view.version]);

  // Keyboard: H hint, U undo (the table handles the hand and P).
  useEffect(() => {
    if (!practice) return;
    const onKey = (e: KeyboardEvent) => {
      if (e.ctrlKey || e.metaKey || e.altKey || document.querySelector("dialog[open]")) return;
      const k = e.key.toLowerCase();
      if (k === "h") {
        e.preventDefault();
        void onHint();
      } else if (k === "u") {
        e.preventDefault();
        onUndo();
      }
    };
    window.addEventListener("keydown", onKey);
    return () => window.removeEventListener("keydown", onKey);
  });

  const last = view.handIndex;
  const result = last >= 0 ? view.results[last] : null;
  const hasSheet = result !== null && view.resigned === null;
  const defaultPanel: Panel = hasSheet ? "sheet" : view.finished ? "end" : null;
  const open = panel !== null && panel.version === view.version ? panel.open : defaultPanel;
  const show = (which: Panel) => setPanel({ version: view.version, open: which });
  const next = () => {
    if (view.finished) show("end");
    else update(session, dealNext(session));
  };
  // Between hands (and after the game) the bar offers the sheet, the next hand or the result.
  const between = result !== null && (view.phase === "hand-over" || view.phase === "finished");

  return (
    <Table
      main
      view={view}
      t={t}
      settings={settings}
      name={name}
      tag={(seat) => t(session.setup.levels[seat] ?? "easy")}
      act={onAct}
      autoPass={settings.autoPass}
      status={between ? t("handOver", { n: last + 1 }) : undefined}
      hint={hint && hint.version === view.version ? hint.move : null}
      menu={
        <TableMenu
          t={t}
          onNewGame={onNewGame}
          onResign={() => onAct({ type: "resign" })}
          onExport={onExport}
          finished={view.finished}
        />
      }
      actions={
        <>
          {between && open === null && (
            <>
              {hasSheet && (
                <button type="button" onClick={() => show("sheet")} data-testid="open-sheet">
                  {t("scoreSheet")}
                </button>
              )}
              <button type="button" class="primary" onClick={next} data-testid="bar-next">
                {view.finished ? t("seeResult") : t("nextHand")}
              </button>
            </>
          )}
          {practice && !between && (
            <>
              <button type="button" onClick={() => void onHint()} disabled={!myTurn} aria-keyshortcuts="H">
                {t("hint")}
              </button>
              <button type="button" onClick={onUndo} disabled={back === null} aria-keyshortcuts="U">
                {t("undo")}
              </button>
              <button type="button" onClick={reading.toggle} aria-pressed={reading.on} data-testid="read-toggle">
                {t("read.show")}
              </button>
            </>
          )}
        </>
      }
    >
      {open === "sheet" && result && (
        <ScoreSheet
          result={result}
          events={view.events}
          handIndex={last}
          rules={view.rules}
          finished={view.finished}
          viewer={HUMAN}
          t={t}
          name={name}
          settings={settings}
          onNext={next}
          onClose={() => show(null)}
          onReview={onReview && (() => onReview(last))}
        />
      )}
      {practice && reading.module && !between && (
        <reading.module.LiveRead t={t} game={session.game} seat={HUMAN} name={name} />
      )}
      {open === "end" && (
        <GameEnd
          view={view}
          viewer={HUMAN}
          t={t}
          name={name}
          onNewGame={onRematch}
          onExport={onExport}
          onClose={() => show(null)}
        />
      )}
    </Table>
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
  return (
    <nav class="table-menu" aria-label={t("menu")}>
      <button type="button" onClick={onNewGame}>
        {t("newGame")}
      </button>
      {!finished && <ResignButton t={t} onResign={onResign} />}
      <button type="button" onClick={onExport}>
        {t("exportRecord")}
      </button>
    </nav>
  );
}
