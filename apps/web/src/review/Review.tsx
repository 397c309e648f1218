/**
 * Hand review: the seat's decisions in one hand, each graded by the hard search from the seat's
 * view only (in the review worker, with progress and cancel), stepped through on the board as
 * it was and after the better move, with the table read at that moment.
 */

import { type Layout, type Move, makeBone } from "@crossbones/engine";
import { useEffect, useMemo, useRef, useState } from "preact/hooks";
import { decimal, type Key, type T } from "../i18n";
import type { Settings } from "../settings";
import { Board } from "../ui/Board";
import { moveText } from "../view/describe";
import { boardMarks } from "../view/marks";
import { type DecisionReview, type HandReview, REVIEW_SEED } from "./analyse";
import { type ReviewRun, startReview } from "./client";
import type { Grade } from "./grade";
import { saveReview } from "./history";
import type { ReviewedDecision } from "./protocol";
import { ReadTablePanel } from "./ReadTable";
import type { Reason } from "./reasons";
import "./review.css";

/** The grades a hand's summary counts, each by its own name ("1 inaccuracy", never "1 mistake"). */
const COUNTED: readonly { readonly grade: Grade; readonly key: Key }[] = [
  { grade: "inaccuracy", key: "review.count.inaccuracy" },
  { grade: "mistake", key: "review.count.mistake" },
  { grade: "blunder", key: "review.count.blunder" },
];

const GRADE_KEYS: Readonly<Record<Grade, Key>> = {
  best: "review.grade.best",
  good: "review.grade.good",
  inaccuracy: "review.grade.inaccuracy",
  mistake: "review.grade.mistake",
  blunder: "review.grade.blunder",
};

export interface ReviewProps {
  t: T;
  settings: Settings;
  /** The game record (docs/record-format.md). */
  record: unknown;
  hand: number;
  /**
   * How the record's players are named, and which seat is the watcher's own ("You played…"): its
   * decisions are reviewed; a record of others' game lets the watcher choose whose.
   */
  naming: { readonly name: (seat: number) => string; readonly viewer: number | null };
  /** The game's id in history, to keep the review's summary for the stats (none: not kept). */
  gameId?: string;
  onBack: () => void;
}

/** The number of players a record names. */
function players(record: unknown): number {
  const n = (record as { players?: unknown } | null)?.players;
  return typeof n === "number" ? n : 0;
}

type Status = "finding" | "running" | "done" | "cancelled" | "error";

function reasonText(t: T, r: Reason, name: (seat: number) => string): string {
  switch (r.kind) {
    case "passCost":
      return t("review.reason.passCost", { cost: r.cost });
    case "boardPass":
      return t("review.reason.boardPass", { bone: makeBone(r.bone) });
    case "noAnswer":
      return t("review.reason.noAnswer", { bone: makeBone(r.bone), name: name(r.seat) });
    case "double":
      return t("review.reason.double", { bone: makeBone(r.bone) });
    case "closes":
      return t("review.reason.closes", { bone: makeBone(r.bone), n: r.n, name: name(r.seat) });
    case "heavier":
      return t("review.reason.heavier", { bone: makeBone(r.bone), pips: r.pips });
  }
}

/** French values are minus the expected points: shown as points, one decimal. Line: a percentage. */
function valueText(t: T, d: DecisionReview, value: number): string {
  return d.unit === "points" ? t.num(-value, { digits: 1 }) : t.num(Math.round(value * 100) / 100, { percent: true });
}

function lossText(t: T, d: DecisionReview): string {
  return d.unit === "points"
    ? t("review.lostPoints", { n: decimal(d.loss) })
    : t("review.lostChance", { n: Math.round(d.loss * 100) });
}

export function Review({ t, settings, record, hand, naming, gameId, onBack }: ReviewProps) {
  const { name, viewer } = naming;
  const [seat, setSeat] = useState(viewer ?? 0);
  const seats = players(record);
  const [layout, setLayout] = useState<Layout>(0);
  const [status, setStatus] = useState<Status>("finding");
  const [total, setTotal] = useState(0);
  const [reviews, setReviews] = useState<ReviewedDecision[]>([]);
  const [summary, setSummary] = useState<HandReview | null>(null);
  const [error, setError] = useState("");
  const [at, setAt] = useState(0);
  const [better, setBetter] = useState(false);
  const [runs, setRuns] = useState(0);
  const run = useRef<ReviewRun | null>(null);

  useEffect(() => {
    setStatus("finding");
    setReviews([]);
    setSummary(null);
    setAt(0);
    const collected: ReviewedDecision[] = [];
    const begun = performance.now();
    run.current = startReview(
      { record, hand, seat, options: { seed: REVIEW_SEED } },
      {
        onStart: (n, l) => {
          setTotal(n);
          setLayout(l);
          setStatus("running");
        },
        onDecision: (r) => {
          collected.push(r);
          setReviews([...collected]);
        },
        onDone: (r) => {
          // The review's time shows in the browser's performance timeline (and in the benchmark).
          performance.measure("review-hand", { start: begun });
          setSummary(r);
          setStatus("done");
          // Kept for the stats: only the player's own decisions, in a game history keeps.
          if (gameId !== undefined && seat === viewer) {
            void saveReview({
              gameId,
              hand,
              at: Date.now(),
              unit: r.unit,
              decisions: r.decisions.length,
              mistakes: r.mistakes,
              lost: r.lost,
            });
          }
        },
        onError: (message) => {
          setError(message);
          setStatus("error");
        },
      },
    );
    return () => run.current?.cancel();
  }, [record, hand, seat, runs]);

  const cancel = () => {
    run.current?.cancel();
    setStatus("cancelled");
  };

  // Keyboard: ←/→ the previous or next decision, B the board after the better move or as played.
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (e.ctrlKey || e.metaKey || e.altKey || document.querySelector("dialog[open]")) return;
      // In a form field the keys are the field's (arrows choose a radio button or an option).
      const field = (e.target as HTMLElement | null)?.closest("select, input, textarea");
      if (field && (e.key.startsWith("Arrow") || !(field instanceof HTMLInputElement) || field.type !== "radio"))
        return;
      if (e.key === "ArrowLeft") setAt((a) => Math.max(0, a - 1));
      else if (e.key === "ArrowRight") setAt((a) => Math.min(Math.max(0, reviews.length - 1), a + 1));
      else if (e.key.toLowerCase() === "b") setBetter((b) => !b);
      else return;
      e.preventDefault();
    };
    window.addEventListener("keydown", onKey);
    return () => window.removeEventListener("keydown", onKey);
  }, [reviews.length]);

  const shown = reviews[Math.min(at, reviews.length - 1)] ?? null;
  const current = shown?.review ?? null;
  // The board and the panel are the same vnodes until the decision or the board shown changes,
  // so a re-render (a key, a status) does not diff them again.
  // "After the better move" is offered only where there was a better move than the one played.
  const improvable = current !== null && current.grade !== "best" && current.best !== current.played;
  const scene = shown ? (better && improvable ? shown.better : shown.played) : null;
  const boardElement = useMemo(
    () =>
      scene && (
        <Board
          board={scene.board}
          players={scene.players}
          bottom={seat}
          moveSeats={scene.moveSeats}
          pips={settings.pips}
          animMs={0}
          choices={[]}
          t={t}
          label={better ? t("review.showBetter") : t("review.showPlayed")}
          marks={boardMarks({ events: scene.events, seat: null })}
        />
      ),
    [scene, seat, settings.pips, t],
  );
  const readElement = useMemo(() => shown && <ReadTablePanel t={t} read={shown.read} name={name} />, [shown, t]);
  // While the worker analyses, the page shows only the progress: the decisions, the board and the
  // panel are drawn once it is over (done, cancelled or failed), in three tasks (the decision,
  // then the board, then the panel). Drawn as each decision arrived, the first layouts and paints
  // of the screen ran to 60-110 ms on a loaded machine, competing with the analysis itself.
  const [stage, setStage] = useState(0);
  const ready = shown !== null && status !== "running" && status !== "finding";
  useEffect(() => {
    if (!ready) {
      setStage(0);
      return;
    }
    let timer = setTimeout(() => {
      setStage(1);
      timer = setTimeout(() => {
        setStage(2);
        timer = setTimeout(() => setStage(3), 0);
      }, 0);
    }, 0);
    return () => clearTimeout(timer);
  }, [ready]);

  const move = (m: Move, pose: boolean) => moveText(t, layout, m, pose);
  const played = (d: DecisionReview) => {
    const params = { move: move(d.played, d.pose), grade: t(GRADE_KEYS[d.grade]) };
    return seat === viewer ? t("review.youPlayed", params) : t("review.theyPlayed", { ...params, name: name(seat) });
  };

  const graded = summary
    ? COUNTED.filter((c) => summary.grades[c.grade] > 0).map((c) => t(c.key, { n: summary.grades[c.grade] }))
    : [];
  const lost = summary
    ? summary.unit === "points"
      ? t("review.lostSumPoints", { lost: decimal(summary.lost) })
      : t("review.lostSumChance", { lost: Math.round(summary.lost * 100) })
    : "";

  return (
    <main class="review" aria-labelledby="review-title">
      <div class="review-bar card">
        <h1 id="review-title">{t("review.title", { n: hand + 1 })}</h1>
        <p class="review-intro">{t("review.intro")}</p>
        <p class="review-keys">{t("review.keys")}</p>
        <div role="status" aria-live="polite" data-testid="review-status">
          {status === "finding" && t("review.finding")}
          {status === "running" && (
            <>
              <label for="review-progress">
                {t("review.progress", { done: Math.min(reviews.length + 1, total), total })}
              </label>{" "}
              <progress id="review-progress" max={total} value={reviews.length} />
            </>
          )}
          {status === "cancelled" && t("review.cancelled")}
          {status === "error" && t("review.failed", { message: error })}
          {status === "done" && summary && summary.decisions.length === 0 && t("review.none")}
          {status === "done" && summary && summary.decisions.length > 0 && (
            <span data-testid="review-summary">
              {t("review.summary", {
                decisions: t("review.decisions", { n: summary.decisions.length }),
                graded: graded.length > 0 ? graded : t("review.clean"),
                lost,
              })}
            </span>
          )}
        </div>
        {viewer === null && (
          <p>
            <label for="review-seat">{t("review.seat")}</label>{" "}
            <select
              id="review-seat"
              value={seat}
              onChange={(e) => setSeat(Number((e.target as HTMLSelectElement).value))}
            >
              {Array.from({ length: seats }, (_, s) => (
                <option key={s} value={s}>
                  {name(s)}
                </option>
              ))}
            </select>
          </p>
        )}
        <div class="buttons">
          {(status === "running" || status === "finding") && (
            <button type="button" onClick={cancel} data-testid="review-cancel">
              {t("review.cancel")}
            </button>
          )}
          {(status === "cancelled" || status === "error") && (
            <button type="button" onClick={() => setRuns(runs + 1)}>
              {t("review.again")}
            </button>
          )}
          <button type="button" class="ghost" onClick={onBack}>
            {t("back")}
          </button>
        </div>
      </div>
      {current && stage >= 1 && (
        <div class="review-body">
          <section class="review-decision card" aria-labelledby="decision-title" data-testid="review-decision">
            <div class="review-steps">
              <button
                type="button"
                onClick={() => setAt(Math.max(0, at - 1))}
                disabled={at === 0}
                aria-label={t("review.prev")}
              >
                ‹
              </button>
              <h2 id="decision-title">
                {t("review.decisionOf", { n: at + 1, total: Math.max(total, reviews.length) })}
              </h2>
              <button
                type="button"
                onClick={() => setAt(Math.min(reviews.length - 1, at + 1))}
                disabled={at >= reviews.length - 1}
                aria-label={t("review.next")}
                data-testid="review-next"
              >
                ›
              </button>
            </div>
            <p class={`grade grade-${current.grade}`} aria-live="polite" data-testid="review-grade">
              {played(current)}
            </p>
            {current.best !== current.played && current.grade !== "best" && (
              <p>{t("review.better", { move: move(current.best, current.pose), lost: lossText(t, current) })}</p>
            )}
            {current.reason && <p class="reason">{reasonText(t, current.reason, name)}</p>}
            <table class="review-options">
              <thead>
                <tr>
                  <th scope="col">{t("review.move")}</th>
                  <th scope="col" class="num">
                    {t(current.unit === "points" ? "review.valuePoints" : "review.valueChance")}
                  </th>
                  <th scope="col">{t("review.grade")}</th>
                </tr>
              </thead>
              <tbody>
                {current.options.map((o) => (
                  <tr key={o.move} class={o.move === current.played ? "played" : ""}>
                    <th scope="row">{move(o.move, current.pose)}</th>
                    <td class="num">{valueText(t, current, o.value)}</td>
                    <td>{t(GRADE_KEYS[o.grade])}</td>
                  </tr>
                ))}
              </tbody>
            </table>
            {improvable && (
              <fieldset class="review-board-choice">
                <legend class="visually-hidden">{t("review.showBetter")}</legend>
                <label>
                  <input type="radio" name="review-board" checked={!better} onChange={() => setBetter(false)} />{" "}
                  {t("review.showPlayed")}
                </label>
                <label>
                  <input
                    type="radio"
                    name="review-board"
                    checked={better}
                    onChange={() => setBetter(true)}
                    data-testid="review-show-better"
                  />{" "}
                  {t("review.showBetter")}
                </label>
              </fieldset>
            )}
          </section>
          {stage >= 2 && boardElement ? boardElement : <div class="board" />}
          {stage >= 3 && readElement}
        </div>
      )}
    </main>
  );
}
