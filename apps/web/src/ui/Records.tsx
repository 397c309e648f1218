/** Export the current game as a record, and watch an imported record replayed move by move. */

import {
  boneHigh,
  boneLow,
  bonesOf,
  dealtHands,
  type Game,
  makeRecord,
  parseRecord,
  replayRecord,
  spectatorView,
} from "@crossbones/engine";
import { useEffect, useMemo, useState } from "preact/hooks";
import type { T } from "../i18n";
import { type Session, seatNames } from "../session";
import type { Settings } from "../settings";
import { eventText } from "../view/describe";
import { boardMarks } from "../view/marks";
import { refusalText } from "../view/refusalText";
import { Board } from "./Board";
import { BoneShape } from "./Bone";
import { Modal } from "./Modal";
import { SheetBody, sheetHeadline } from "./ScoreSheet";

export function recordText(session: Session): string {
  return JSON.stringify(makeRecord(session.game, seatNames(session.setup.players)), null, 2);
}

/** Saves a record's text as a file named `name`. */
export function downloadRecord(text: string, name: string): void {
  const url = URL.createObjectURL(new Blob([text], { type: "application/json" }));
  const a = document.createElement("a");
  a.href = url;
  a.download = name;
  a.click();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

export function ExportDialog({ t, session, onClose }: { t: T; session: Session; onClose: () => void }) {
  const text = recordText(session);
  const [copied, setCopied] = useState(false);
  const download = () => downloadRecord(text, `crossbones-${session.setup.game}-${session.setup.seed}.json`);
  return (
    <Modal title={t("exportTitle")} onClose={onClose} id="export">
      <p>{t("exportText")}</p>
      <label class="visually-hidden" for="export-text">
        {t("recordText")}
      </label>
      <textarea id="export-text" readOnly rows={10} value={text} data-testid="export-text" />
      <div class="buttons">
        <button
          type="button"
          onClick={() => {
            void navigator.clipboard?.writeText(text).then(
              () => setCopied(true),
              () => setCopied(false),
            );
          }}
        >
          {copied ? t("copied") : t("copy")}
        </button>
        <button type="button" onClick={download}>
          {t("download")}
        </button>
        <button type="button" class="primary" onClick={onClose} autofocus>
          {t("close")}
        </button>
      </div>
    </Modal>
  );
}

/** A record that replayed, kept to step through it: its JSON, its final game and its names. */
interface Loaded {
  readonly json: unknown;
  readonly game: Game;
  readonly names: readonly string[] | null;
  /** The version at which each hand was dealt. */
  readonly starts: readonly number[];
}

/**
 * How a record's players are named on screen. A record this app wrote against its bots names them
 * "You", "Ruby", "Kofi", "Ines" (`seatNames`): its first seat is the app's player, shown as "you"
 * in the watcher's language, with the grammar of "you" ("Jij speelde 0-2…"); the bots keep their
 * names. Any other names are the record's own, shown as written; a record without names says
 * "Player 2".
 */
export function recordNaming(
  t: T,
  names: readonly string[] | null,
  players: number,
): { name: (seat: number) => string; viewer: number | null } {
  const defaults = seatNames(players);
  if (names && names.length === players && names.every((n, i) => n === defaults[i])) {
    return { name: (seat) => (seat === 0 ? t("you") : names[seat]), viewer: 0 };
  }
  return { name: (seat) => names?.[seat] ?? t("playerN", { n: seat + 1 }), viewer: null };
}

/** The names a record gives its seats, if it gives any. */
export function recordNames(record: unknown): readonly string[] | null {
  const names = (record as { names?: unknown } | null)?.names;
  return Array.isArray(names) && names.every((n) => typeof n === "string") ? names : null;
}

/** The names in a record's text (to name players in an error about it). */
function namesIn(source: string): readonly string[] | null {
  try {
    return recordNames(JSON.parse(source));
  } catch {
    return null;
  }
}

export function Replay({
  t,
  settings,
  onBack,
  initial,
  onReview,
}: {
  t: T;
  settings: Settings;
  onBack: () => void;
  /** A record to show at once (an online game from the lobby). */
  initial?: string;
  /** Opens the review of hand `hand` of the record (its JSON and the names it gives). */
  onReview?: (record: unknown, hand: number, names: readonly string[] | null) => void;
}) {
  const [text, setText] = useState(initial ?? "");
  const [error, setError] = useState("");
  const [loaded, setLoaded] = useState<Loaded | null>(null);
  /** The version on screen: 1 (the first deal) to the record's last. */
  const [version, setVersion] = useState(1);
  const [playing, setPlaying] = useState(false);

  const load = (source: string) => {
    const parsed = parseRecord(source);
    if (!parsed.ok) {
      const e = parsed.error;
      const names = namesIn(source);
      const message = refusalText(t, e, recordNaming(t, names, names?.length ?? 0).name);
      setError(
        e.hand !== null && e.move !== null
          ? t("importErrorAt", { hand: e.hand + 1, move: e.move + 1, message })
          : e.hand !== null
            ? t("importErrorHand", { hand: e.hand + 1, message })
            : t("importError", { message }),
      );
      return;
    }
    const game = parsed.value.game;
    if (game.hands.length === 0) {
      setError(t("importError", { message: t("refusal.no-hand") }));
      return;
    }
    const starts: number[] = [];
    let v = 0;
    for (const hand of game.hands) {
      starts.push(v + 1);
      v += 1 + hand.moves.length;
    }
    setError("");
    setLoaded({ json: JSON.parse(source), game, names: parsed.value.names, starts });
    setVersion(1);
  };

  // Only the record given when the viewer opened (the app keys the viewer by it).
  useEffect(() => {
    if (initial) load(initial);
  }, []);

  const last = loaded?.game.version ?? 1;
  useEffect(() => {
    if (!playing || !loaded) return;
    if (version >= last) {
      setPlaying(false);
      return;
    }
    const timer = setTimeout(() => setVersion(version + 1), 700);
    return () => clearTimeout(timer);
  }, [playing, version, loaded]);

  // The game at this point of the record, replayed by the engine, with every hand face up.
  const view = useMemo(() => {
    if (!loaded) return null;
    const at = replayRecord(loaded.json, { upTo: version });
    return at.ok ? spectatorView(at.value.game, { reveal: true }) : null;
  }, [loaded, version]);

  const { name, viewer } = recordNaming(t, loaded?.names ?? null, loaded?.game.config.players ?? 0);

  if (!loaded || !view) {
    return (
      <main class="replay card">
        <h1>{t("importTitle")}</h1>
        <p>{t("importText")}</p>
        <label for="record-input">{t("recordText")}</label>
        <textarea
          id="record-input"
          rows={10}
          value={text}
          onInput={(e) => setText((e.target as HTMLTextAreaElement).value)}
          data-testid="import-text"
        />
        <div class="buttons">
          <label class="button">
            {t("openFile")}
            <input
              type="file"
              accept="application/json,.json"
              class="visually-hidden"
              onChange={async (e) => {
                const f = (e.target as HTMLInputElement).files?.[0];
                if (f) {
                  const body = await f.text();
                  setText(body);
                  load(body);
                }
              }}
            />
          </label>
          <button type="button" class="ghost" onClick={onBack}>
            {t("back")}
          </button>
          <button type="button" class="primary" onClick={() => load(text)} data-testid="import-load">
            {t("load")}
          </button>
        </div>
        {error && (
          <p class="error" role="alert">
            {error}
          </p>
        )}
      </main>
    );
  }

  const { starts } = loaded;
  const hand = view.handIndex;
  const handMoves = (starts[hand + 1] ?? last + 1) - starts[hand] - 1;
  const events = view.events
    .map((e) => eventText(t, view.layout, e, name, viewer))
    .filter((x): x is string => x !== null);
  // At a hand's last move, its result: the score sheet's data, from the view.
  const result = view.results[hand] ?? null;
  return (
    <main class="replay replay-view">
      <h1 class="visually-hidden">{t("replay")}</h1>
      <div class="replay-bar card">
        <span data-testid="replay-position">
          {t("handOf", { n: hand + 1, total: starts.length })} ·{" "}
          {t("moveOf", { n: version - starts[hand], total: handMoves })}
        </span>
        <span class="buttons">
          <button type="button" onClick={() => setVersion(starts[hand - 1] ?? 1)} disabled={hand === 0}>
            «<span class="visually-hidden">{t("prevHand")}</span>
          </button>
          <button
            type="button"
            onClick={() => setVersion(Math.max(1, version - 1))}
            disabled={version <= 1}
            aria-label={t("prev")}
          >
            ‹
          </button>
          <button type="button" class="primary" onClick={() => setPlaying(!playing)} data-testid="replay-play">
            {playing ? t("pause") : t("play")}
          </button>
          <button
            type="button"
            onClick={() => setVersion(Math.min(last, version + 1))}
            disabled={version >= last}
            aria-label={t("next")}
            data-testid="replay-next"
          >
            ›
          </button>
          <button type="button" onClick={() => setVersion(starts[hand + 1] ?? last)} aria-label={t("nextHand2")}>
            »
          </button>
          {onReview && (
            <button type="button" onClick={() => onReview(loaded.json, hand, loaded.names)} data-testid="replay-review">
              {t("review.open")}
            </button>
          )}
          <button type="button" class="ghost" onClick={onBack}>
            {t("back")}
          </button>
        </span>
      </div>
      {/* The board and, at a hand's last move, its result over the board's foot: the board never shrinks. */}
      <div class="replay-stage">
        <Board
          board={view.board}
          players={view.players}
          bottom={viewer ?? 0}
          moveSeats={view.history.map((h) => h.seat)}
          pips={settings.pips}
          animMs={0}
          choices={[]}
          t={t}
          label={events[events.length - 1] ?? t("boardEmpty")}
          marks={boardMarks({ events: view.events, seat: null })}
        />
        {result && (
          <section class="replay-result card" data-testid="replay-result" aria-label={t("handOver", { n: hand + 1 })}>
            <h2 class="replay-title">{t("handOver", { n: hand + 1 })}</h2>
            <p class="headline">{sheetHeadline(t, result, name, viewer)}</p>
            <SheetBody
              result={result}
              events={view.events}
              rules={view.rules}
              viewer={viewer}
              t={t}
              name={name}
              settings={settings}
            />
          </section>
        )}
      </div>
      {/* Each hand as dealt, the bones already played dimmed: the rows keep their size all hand long. */}
      <div class="replay-hands">
        {(dealtHands(view) ?? view.hands.map((m) => m ?? 0)).map((dealt, seat) => (
          <div key={seat} class="replay-hand" data-seat={seat}>
            <b>{name(seat)}</b>
            <span class="mini-bones">
              {bonesOf(dealt).map((bone) => (
                <svg
                  key={bone}
                  viewBox="-0.5 -1 1 2"
                  class={`mini ${((view.hands[seat] ?? 0) & (1 << bone)) === 0 ? "played" : ""}`}
                  aria-hidden="true"
                >
                  <BoneShape a={boneLow(bone)} b={boneHigh(bone)} vertical pips={settings.pips} />
                </svg>
              ))}
            </span>
          </div>
        ))}
      </div>
      <p class="log-line" aria-live="polite" data-testid="replay-event">
        {events[events.length - 1] ?? ""}
      </p>
    </main>
  );
}
