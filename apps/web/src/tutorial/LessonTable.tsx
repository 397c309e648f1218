/**
 * A lesson's table: the prepared position drawn with the game's own board and bones (same
 * layout and styles as a real table), the other seats around it and the learner's hand at the
 * bottom. During a task every bone of the hand can be picked (a wrong one is explained rather
 * than greyed out); the target chooser works like the game's (letters, arrows, or the marks on
 * the board).
 */

import { bonesOf, CROSS, type Game, makeBone, parseBone, sideOf, viewFor } from "@crossbones/engine";
import { useEffect, useRef, useState } from "preact/hooks";
import type { Key, T } from "../i18n";
import { moveSeats } from "../session";
import { type Settings, timing } from "../settings";
import { ArmChooser } from "../ui/ArmChooser";
import { Board, seatSide } from "../ui/Board";
import { BoneBack, BoneShape } from "../ui/Bone";
import { endsText } from "../view/describe";
import { nextHandFocus } from "../view/handFocus";
import { LEARNER } from "./model";

export interface LessonTableProps {
  game: Game;
  /** Show every hand face up (a finished hand always shows its bones). */
  reveal: boolean;
  /** Hide totals and penalties until a prediction is made. */
  conceal: boolean;
  highlight: readonly string[];
  /** The learner may pick a bone or pass. */
  interactive: boolean;
  onBone: (bone: number) => void;
  onPass: () => void;
  /** Targets to choose from for `choosing`, or null. */
  choosing: { bone: number; targets: readonly number[] } | null;
  onChoose: (target: number) => void;
  onCancelChoice: () => void;
  settings: Settings;
  t: T;
}

function ends(bone: number): [number, number] {
  const [a, b] = makeBone(bone).split("-").map(Number);
  return [a, b];
}

const SEAT_KEYS: readonly Key[] = ["you", "seat_1", "seat_2", "seat_3"];

export function LessonTable(props: LessonTableProps) {
  const { game, settings, t } = props;
  const state = game.state;
  const players = game.config.players;
  const hand = game.hands[game.hands.length - 1];
  const view = viewFor(game, LEARNER);
  const layout = game.config.layout;
  const over = !!state?.over;
  const mine = bonesOf(state ? state.hands[LEARNER] : 0);
  const highlight = new Set(props.highlight.map((b) => parseBone(b)));
  const handRef = useRef<HTMLDivElement>(null);
  const [focus, setFocus] = useState(0);
  const { anim } = timing(settings.speed);

  useEffect(() => {
    if (focus >= mine.length) setFocus(Math.max(0, mine.length - 1));
  }, [mine.length]);

  // P passes during a task, as at the game table.
  useEffect(() => {
    if (!props.interactive) return;
    const onKey = (e: KeyboardEvent) => {
      if (e.ctrlKey || e.metaKey || e.altKey || document.querySelector("dialog[open]")) return;
      if (e.key.toLowerCase() === "p") {
        e.preventDefault();
        props.onPass();
      }
    };
    window.addEventListener("keydown", onKey);
    return () => window.removeEventListener("keydown", onKey);
  });

  const onHandKey = (e: KeyboardEvent) => {
    const i = nextHandFocus(e.key, focus, mine.length);
    if (i === null) return;
    e.preventDefault();
    setFocus(i);
    handRef.current?.querySelectorAll<HTMLButtonElement>("button.hand-bone")[i]?.focus();
  };

  const name = (seat: number) => t(SEAT_KEYS[seat]);
  const others = Array.from({ length: players }, (_, s) => s).filter((s) => s !== LEARNER);
  const canPlay = !!state && !over && state.turn === LEARNER && state.canPlay();
  const passLabel =
    canPlay && game.config.passWhenAblePenalty > 0
      ? t({ key: "passPenalty", params: { n: game.config.passWhenAblePenalty } })
      : t("pass");
  const boardLabel = view.table ? `${t("board")}: ${endsText(t, view.table, layout)}` : t("boardEmpty");

  return (
    <div
      class={`table lesson-table table-${players} ${layout === CROSS ? "is-cross" : "is-line"}`}
      data-hand={game.hands.length}
      data-moves={hand?.moves.length ?? 0}
    >
      <div class="tablebar">
        <Totals game={game} conceal={props.conceal} t={t} name={name} />
      </div>
      {others.map((seat) => {
        const mask = state ? state.hands[seat] : 0;
        const bones = bonesOf(mask);
        const side = seatSide(players, seat);
        const faces = props.reveal || over;
        const penalties = state && game.rules.game === "french" && !props.conceal ? state.penalties(seat) : 0;
        const partner = game.rules.game === "partner" && sideOf(game.rules, seat) === sideOf(game.rules, LEARNER);
        const active = !!state && !over && state.turn === seat;
        return (
          <section
            key={seat}
            class={`seat seat-${side} ${active ? "active" : ""}`}
            aria-label={name(seat)}
            data-seat={seat}
          >
            <div class="seat-head">
              <span class="seat-name">
                {name(seat)}
                {partner ? ` · ${t("ui_partnerTag")}` : ""}
              </span>
              <span class="seat-count">{t("bonesLeft", { n: bones.length })}</span>
              {penalties > 0 && <span class="seat-penalty">+{penalties}</span>}
            </div>
            {faces && <span class="visually-hidden">{bones.map(makeBone).join(", ")}</span>}
            <div
              class={`backs ${side === "left" || side === "right" ? "backs-v" : ""} ${faces ? "faces" : ""}`}
              aria-hidden="true"
            >
              {bones.map((bone) => (
                <svg
                  key={bone}
                  viewBox="-0.5 -1 1 2"
                  class={`mini ${highlight.has(bone) ? "highlight" : ""}`}
                  aria-hidden="true"
                  data-bone={makeBone(bone)}
                >
                  {faces ? (
                    <BoneShape a={ends(bone)[0]} b={ends(bone)[1]} vertical pips={settings.pips} />
                  ) : (
                    <BoneBack vertical />
                  )}
                </svg>
              ))}
            </div>
          </section>
        );
      })}
      <div class="center">
        <Board
          board={view.board}
          players={players}
          moveSeats={moveSeats(game)}
          pips={settings.pips}
          animMs={anim}
          choices={props.choosing?.targets ?? []}
          onChoose={props.onChoose}
          t={t}
          label={boardLabel}
        />
      </div>
      <section class={`me ${props.interactive ? "turn" : ""}`} aria-label={t("yourHand")}>
        <div class="me-bar">
          <span class="seat-name">{name(LEARNER)}</span>
          <span class="status">{props.interactive ? t("ui_yourTurn") : ""}</span>
          {state && game.rules.game === "french" && !props.conceal && state.penalties(LEARNER) > 0 && (
            <span class="seat-penalty">+{state.penalties(LEARNER)}</span>
          )}
          <span class="actions">
            {props.interactive && (
              <button type="button" onClick={props.onPass} aria-keyshortcuts="P" data-testid="pass">
                {passLabel}
              </button>
            )}
          </span>
        </div>
        <div class="hand" ref={handRef} role="toolbar" aria-label={t("yourHand")} onKeyDown={onHandKey} tabIndex={-1}>
          {mine.map((bone, i) =>
            props.interactive ? (
              <button
                type="button"
                key={bone}
                class={`hand-bone ${highlight.has(bone) ? "highlight" : ""}`}
                tabIndex={i === focus ? 0 : -1}
                aria-label={makeBone(bone)}
                data-bone={makeBone(bone)}
                onFocus={() => setFocus(i)}
                onClick={() => props.onBone(bone)}
              >
                <svg viewBox="-0.5 -1 1 2" aria-hidden="true">
                  <BoneShape a={ends(bone)[0]} b={ends(bone)[1]} vertical pips={settings.pips} />
                </svg>
              </button>
            ) : (
              <span
                key={bone}
                class={`hand-bone static ${highlight.has(bone) ? "highlight" : ""}`}
                role="img"
                aria-label={makeBone(bone)}
                data-bone={makeBone(bone)}
              >
                <svg viewBox="-0.5 -1 1 2" aria-hidden="true">
                  <BoneShape a={ends(bone)[0]} b={ends(bone)[1]} vertical pips={settings.pips} />
                </svg>
              </span>
            ),
          )}
        </div>
      </section>
      {props.choosing && state && (
        <ArmChooser
          id="choose-target"
          t={t}
          layout={layout}
          bone={props.choosing.bone}
          targets={props.choosing.targets}
          ends={Array.from(state.ends)}
          onPick={props.onChoose}
          onCancel={props.onCancelChoice}
        />
      )}
    </div>
  );
}

/** Totals (French) or match points (line games), hidden while a prediction is open. */
function Totals({ game, conceal, t, name }: { game: Game; conceal: boolean; t: T; name: (s: number) => string }) {
  const partner = game.rules.game === "partner";
  return (
    <div class="scores" data-testid="lesson-scores">
      <span class="scores-title">
        {t({ key: "handNumber", params: { n: game.hands.length } })} ·{" "}
        {t(game.rules.game === "french" ? "ui_totals" : "points")}
      </span>
      {game.totals.map((total, side) => (
        <span class="score" key={side} data-side={side}>
          <b>{partner ? t(side === 0 ? "yourTeam" : "team_1") : name(side)}</b> {conceal ? "?" : total}
        </span>
      ))}
    </div>
  );
}
