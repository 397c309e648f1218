/** Export the current game as a record, and watch an imported record replayed move by move. */

import {
  applyMove,
  attemptIllegalPlay,
  createGame,
  type Game,
  makeRecord,
  parseMove,
  parseRecord,
  startHand,
  viewFor,
} from "@crossbones/engine";
import { useEffect, useState } from "preact/hooks";
import type { T } from "../i18n";
import { type Session, seatNames } from "../session";
import type { Settings } from "../settings";
import { eventText } from "../view/describe";
import { refusalText } from "../view/refusalText";
import { Board } from "./Board";
import { BoneShape } from "./Bone";
import { Modal } from "./Modal";

export function recordText(session: Session): string {
  return JSON.stringify(makeRecord(session.game, seatNames(session.setup.players)), null, 2);
}

export function ExportDialog({ t, session, onClose }: { t: T; session: Session; onClose: () => void }) {
  const text = recordText(session);
  const [copied, setCopied] = useState(false);
  const download = () => {
    const url = URL.createObjectURL(new Blob([text], { type: "application/json" }));
    const a = document.createElement("a");
    a.href = url;
    a.download = `crossbones-${session.setup.game}-${session.setup.seed}.json`;
    a.click();
    setTimeout(() => URL.revokeObjectURL(url), 1000);
  };
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

/** Every position of a replayed game, one per move, so the viewer can step both ways. */
export interface ReplayStep {
  readonly game: Game;
  readonly hand: number;
}

export function replaySteps(record: unknown): ReplayStep[] | string {
  // parseRecord validated it; rebuild move by move to keep each position.
  const r = record as {
    game: string;
    players: number;
    rules?: Record<string, unknown>;
    hands: { deal: string[][]; moves: string[] }[];
  };
  const parsed = parseRecord(JSON.stringify(record));
  if (!parsed.ok) return parsed.error.message;
  let game = createGame(parsed.value.game.rules);
  const steps: ReplayStep[] = [];
  r.hands.forEach((hand, h) => {
    const started = startHand(game, parsed.value.game.hands[h].deal);
    if (!started.ok) return;
    game = started.value;
    steps.push({ game, hand: h });
    for (const text of hand.moves) {
      const state = game.state;
      if (!state) return;
      const p = parseMove(state, text);
      if (!p.ok) return;
      const next =
        p.value.kind === "move"
          ? applyMove(game, p.value.move)
          : attemptIllegalPlay(game, p.value.bone, p.value.target);
      if (!next.ok) return;
      game = next.value;
      steps.push({ game, hand: h });
    }
  });
  return steps;
}

export function Replay({ t, settings, onBack }: { t: T; settings: Settings; onBack: () => void }) {
  const [text, setText] = useState("");
  const [error, setError] = useState("");
  const [steps, setSteps] = useState<ReplayStep[] | null>(null);
  const [names, setNames] = useState<readonly string[] | null>(null);
  const [index, setIndex] = useState(0);
  const [playing, setPlaying] = useState(false);

  const load = (source: string) => {
    const parsed = parseRecord(source);
    if (!parsed.ok) {
      const e = parsed.error;
      const message = refusalText(t, e, (seat) => t("playerN", { n: seat + 1 }));
      setError(
        e.hand !== null && e.move !== null
          ? t("importErrorAt", { hand: e.hand + 1, move: e.move + 1, message })
          : t("importError", { message }),
      );
      return;
    }
    const s = replaySteps(JSON.parse(source));
    if (typeof s === "string") {
      setError(t("importError", { message: s }));
      return;
    }
    setError("");
    setNames(parsed.value.names);
    setSteps(s);
    setIndex(0);
  };

  useEffect(() => {
    if (!playing || !steps) return;
    if (index >= steps.length - 1) {
      setPlaying(false);
      return;
    }
    const timer = setTimeout(() => setIndex(index + 1), 700);
    return () => clearTimeout(timer);
  }, [playing, index, steps]);

  const step = steps?.[index];
  const name = (seat: number) => names?.[seat] ?? t("playerN", { n: seat + 1 });
  const game = step?.game;
  const hand = game?.hands[game.hands.length - 1];
  const seats = hand?.seats ?? [];

  if (!steps || !game) {
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

  const handStart = (h: number) => steps.findIndex((s) => s.hand === h);
  const totalHands = steps[steps.length - 1].hand + 1;
  const handSteps = steps.filter((s) => s.hand === step.hand).length;
  const moveInHand = index - handStart(step.hand);
  const events = (hand?.events ?? []).map((e) => eventText(t, game, e, name)).filter((x): x is string => x !== null);
  const view = viewFor(game, 0);
  return (
    <main class="replay replay-view">
      <h1 class="visually-hidden">{t("replay")}</h1>
      <div class="replay-bar card">
        <span data-testid="replay-position">
          {t("handOf", { n: step.hand + 1, total: totalHands })} ·{" "}
          {t("moveOf", { n: moveInHand, total: handSteps - 1 })}
        </span>
        <span class="buttons">
          <button
            type="button"
            onClick={() => setIndex(Math.max(0, handStart(step.hand - 1)))}
            disabled={step.hand === 0}
          >
            «<span class="visually-hidden">{t("prevHand")}</span>
          </button>
          <button
            type="button"
            onClick={() => setIndex(Math.max(0, index - 1))}
            disabled={index === 0}
            aria-label={t("prev")}
          >
            ‹
          </button>
          <button type="button" class="primary" onClick={() => setPlaying(!playing)} data-testid="replay-play">
            {playing ? t("pause") : t("play")}
          </button>
          <button
            type="button"
            onClick={() => setIndex(Math.min(steps.length - 1, index + 1))}
            disabled={index === steps.length - 1}
            aria-label={t("next")}
            data-testid="replay-next"
          >
            ›
          </button>
          <button
            type="button"
            onClick={() => {
              const n = handStart(step.hand + 1);
              setIndex(n < 0 ? steps.length - 1 : n);
            }}
            aria-label={t("nextHand2")}
          >
            »
          </button>
          <button type="button" class="ghost" onClick={onBack}>
            {t("back")}
          </button>
        </span>
      </div>
      <Board
        board={view.board}
        players={game.config.players}
        moveSeats={seats}
        pips={settings.pips}
        animMs={0}
        choices={[]}
        t={t}
        label={events[events.length - 1] ?? t("boardEmpty")}
      />
      <div class="replay-hands">
        {Array.from({ length: game.config.players }, (_, seat) => (
          <div key={seat} class="replay-hand">
            <b>{name(seat)}</b>
            <span class="mini-bones">
              {bonesList(game.state ? game.state.hands[seat] : 0).map(([bone, a, b]) => (
                <svg key={bone} viewBox="-0.5 -1 1 2" class="mini" aria-hidden="true">
                  <BoneShape a={a} b={b} vertical pips={settings.pips} />
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

function bonesList(mask: number): [number, number, number][] {
  const out: [number, number, number][] = [];
  let i = 0;
  for (let a = 0; a <= 6; a++)
    for (let b = a; b <= 6; b++) {
      if ((mask & (1 << i)) !== 0) out.push([i, a, b]);
      i++;
    }
  return out;
}
