/** End of a hand (the score sheet, every number explained) and end of the set or match. */

import { type GameEvent, type HandResult, makeBone, type Rules, sideOf, type TableView } from "@crossbones/engine";
import type { ComponentChildren } from "preact";
import type { T } from "../i18n";
import type { Settings } from "../settings";
import { about, sideName } from "../view/describe";
import { handSheet } from "../view/scoresheet";
import { lineText } from "../view/sheetText";
import { BoneShape } from "./Bone";
import { Modal } from "./Modal";

function MiniBones({ bones, settings }: { bones: readonly number[]; settings: Settings }) {
  return (
    <span class="mini-bones" aria-hidden="true">
      {bones.map((b) => {
        const [x, y] = makeBone(b).split("-").map(Number);
        return (
          <svg key={b} viewBox="-1 -0.5 2 1" class="mini-h" aria-hidden="true">
            <BoneShape a={x} b={y} vertical={false} pips={settings.pips} />
          </svg>
        );
      })}
    </span>
  );
}

/**
 * Where the focus goes when a sheet over a finished hand closes (the bone that ended the hand is
 * gone): the table bar's offer, Next hand or See the result (else its first button).
 */
function barButton(): HTMLElement | null {
  const actions = ".me-bar .actions button";
  return document.querySelector<HTMLElement>(`${actions}.primary`) ?? document.querySelector<HTMLElement>(actions);
}

export interface SheetProps {
  result: HandResult;
  /** The hand's events (to say whose play caused a board pass). */
  events: readonly GameEvent[];
  rules: Rules;
  /** The seat the sheet is shown to ("You score 1"; its team is "your team" in Partner), or null. */
  viewer: number | null;
  t: T;
  name: (seat: number) => string;
  settings: Settings;
}

/** The hand's headline: who won and how, in the viewer's grammar. */
export function sheetHeadline(t: T, result: HandResult, name: (seat: number) => string, viewer: number | null): string {
  if (result.winner === null) return t("noWinner");
  return result.end === "domino"
    ? about(t, result.winner, viewer, { other: "wonByDomino", you: "wonByDominoYou" }, {}, name)
    : about(t, result.winner, viewer, { other: "wonByBlock", you: "wonByBlockYou" }, {}, name);
}

/** The sheet itself (also shown by the replay viewer at a hand's last move). */
export function SheetBody({ result, events, rules, viewer, t, name, settings }: SheetProps) {
  const sheet = handSheet(result, rules, events);
  const side = (s: number) => sideName(t, rules, s, name, viewer);
  if (sheet.kind === "french") {
    return (
      <table class="sheet-table">
        <caption class="visually-hidden">{t("scoreSheet")}</caption>
        <thead>
          <tr>
            <th scope="col">{t("players")}</th>
            <th scope="col">{t("sheetDetail")}</th>
            <th scope="col" class="num">
              {t("handScore")}
            </th>
            <th scope="col" class="num">
              {t("penalties")}
            </th>
            <th scope="col" class="num">
              {t("after")}
            </th>
          </tr>
        </thead>
        <tbody>
          {sheet.rows.map((row) => (
            <tr key={row.seat} class={row.winner ? "winner" : ""} data-seat={row.seat}>
              <th scope="row">
                {name(row.seat)}
                {row.winner ? " ★" : ""}
              </th>
              <td>
                <MiniBones bones={result.french?.[row.seat]?.bones ?? []} settings={settings} />
                <ul class="why">
                  {row.lines.map((line, i) => (
                    <li key={i}>{lineText(t, line, name, viewer)}</li>
                  ))}
                </ul>
                <div class="formula" data-testid={`formula-${row.seat}`}>
                  {row.formula.map((equation) => (
                    <div key={equation}>{equation}</div>
                  ))}
                </div>
              </td>
              <td class="num" data-testid={`score-${row.seat}`}>
                {t.num(row.score)}
              </td>
              <td class="num" data-testid={`penalty-${row.seat}`}>
                {row.penalties > 0 ? `+${t.num(row.penalties)}` : t.num(0)}
              </td>
              <td class="num total" data-testid={`total-${row.seat}`}>
                <span class="before">
                  {t.num(row.before)} + {t.num(row.added)} =
                </span>{" "}
                <b>{t.num(row.after)}</b>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    );
  }
  const worth =
    sheet.side === null
      ? ""
      : sheet.oneAllPlayTwo
        ? sheet.teams || sheet.side !== viewer
          ? t("lineOneAllPlayTwoWon", { side: side(sheet.side) })
          : t("lineOneAllPlayTwoWonYou")
        : sheet.teams || sheet.side !== viewer
          ? t(sheet.worth > 1 ? "lineWorth2" : "lineWorth", { side: side(sheet.side), n: sheet.worth })
          : t(sheet.worth > 1 ? "lineWorth2You" : "lineWorthYou", { n: sheet.worth });
  return (
    <div class="line-sheet">
      <p>
        {t("counts")}:{" "}
        {sheet.counts.map((c, seat) => (
          <span key={seat} class="count" data-testid={`count-${seat}`}>
            {name(seat)} {t.num(c)}
            {seat < sheet.counts.length - 1 ? " · " : ""}
          </span>
        ))}
      </p>
      {sheet.draw && <p>{t("lineDraw")}</p>}
      {!sheet.draw && sheet.side !== null && <p data-testid="line-worth">{worth}</p>}
      {sheet.bruk && <p class="bruk">{t("lineBruk")}</p>}
      <table class="sheet-table">
        <caption class="visually-hidden">{t("points")}</caption>
        <thead>
          <tr>
            <th scope="col">{sheet.teams ? t("team", { n: "" }).trim() : t("players")}</th>
            <th scope="col" class="num">
              {t("before")}
            </th>
            <th scope="col" class="num">
              {t("handScore")}
            </th>
            <th scope="col" class="num">
              {t("after")}
            </th>
          </tr>
        </thead>
        <tbody>
          {sheet.after.map((after, s) => (
            <tr key={s} class={s === sheet.side ? "winner" : ""}>
              <th scope="row">{side(s)}</th>
              <td class="num">{t.num(sheet.before[s])}</td>
              <td class="num" data-testid={`points-${s}`}>
                {sheet.points[s] > 0 ? `+${t.num(sheet.points[s])}` : t.num(0)}
              </td>
              <td class="num total" data-testid={`total-${s}`}>
                {/* A reset (bruk, one all play two) shows what the hand reached before it. */}
                {sheet.reached[s] !== after && (
                  <>
                    <s class="reached">{t.num(sheet.reached[s])}</s>{" "}
                  </>
                )}
                <b>{t.num(after)}</b>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

export function ScoreSheet({
  handIndex,
  finished,
  onNext,
  onClose,
  onReview,
  ...props
}: SheetProps & {
  handIndex: number;
  /** The hand ended the set or match. */
  finished: boolean;
  /** The next hand, or the result. */
  onNext: () => void;
  /** Closes the sheet to look at the board (Esc). */
  onClose: () => void;
  /** Opens the review of this hand (absent: no review offered). */
  onReview?: () => void;
}) {
  const { t } = props;
  return (
    <Modal
      title={t("handOver", { n: handIndex + 1 })}
      onClose={onClose}
      id="score-sheet"
      className="sheet"
      returnTo={barButton}
    >
      <p class="headline">{sheetHeadline(t, props.result, props.name, props.viewer)}</p>
      <SheetBody {...props} />
      <div class="buttons">
        <button type="button" onClick={onClose} data-testid="close-sheet">
          {t("seeBoard")}
        </button>
        {onReview && (
          <button type="button" onClick={onReview} data-testid="review-hand">
            {t("review.open")}
          </button>
        )}
        <button type="button" class="primary" onClick={onNext} autofocus data-testid="next-hand">
          {finished ? t("seeResult") : t("nextHand")}
        </button>
      </div>
    </Modal>
  );
}

export function GameEnd({
  view,
  viewer,
  t,
  name,
  onNewGame,
  onExport,
  onClose,
  children,
}: {
  view: TableView;
  /** The seat the dialog is shown to ("You win the set"), or null for a watcher (names only). */
  viewer: number | null;
  t: T;
  name: (seat: number) => string;
  /** Play again (absent for a watcher). */
  onNewGame?: () => void;
  onExport: () => void;
  /** Closes the dialog to look at the final board (Esc). */
  onClose?: () => void;
  /** What the game changed beyond its totals (an online table's ratings), shown under them. */
  children?: ComponentChildren;
}) {
  const { winner, rules, sixLove, resigned } = view;
  const won = viewer !== null && winner === sideOf(rules, viewer);
  const winnerName = winner === null ? "" : sideName(t, rules, winner, name, viewer);
  const french = rules.game === "french";
  // "You win the set", but "Your team wins the match": only a player is "you".
  const youWon = won && rules.game !== "partner";
  // Ranked: French's lowest total wins, the line games' highest.
  const ranked = view.totals
    .map((total, side) => ({ side, total }))
    .sort((a, b) => (french ? a.total - b.total : b.total - a.total) || a.side - b.side);
  return (
    <Modal
      title={t("gameOver")}
      id="game-end"
      className={`end ${sixLove ? "six-love" : ""}`}
      onClose={onClose}
      returnTo={barButton}
    >
      {sixLove && (
        <div class="celebration" aria-hidden="true">
          {Array.from({ length: 24 }, (_, i) => (
            <span
              key={i}
              style={{
                left: `${(i * 37) % 100}%`,
                animationDelay: `${-((i * 0.37) % 2.4).toFixed(2)}s`,
                animationDuration: `${2 + (i % 5) * 0.35}s`,
                background: `hsl(${(i * 47) % 360} 80% 55%)`,
              }}
            />
          ))}
        </div>
      )}
      {resigned !== null && (
        <p class="headline">{resigned === viewer ? t("resigned") : t("otherResigned", { name: name(resigned) })}</p>
      )}
      {sixLove && <p class="six-love-title">{t("sixLove")}</p>}
      <p class={resigned === null ? "headline" : ""}>
        {youWon
          ? t(french ? "setWinnerYou" : "matchWinnerYou")
          : t(french ? "setWinner" : "matchWinner", { name: winnerName })}
      </p>
      {sixLove && <p>{youWon ? t("sixLoveTextYou") : t("sixLoveText", { name: winnerName })}</p>}
      {viewer !== null && <p>{won ? t("youWin") : t("youLose")}</p>}
      <h3>{t("finalTotals")}</h3>
      <ol class="final" data-testid="final-totals">
        {ranked.map(({ side, total }) => (
          <li key={side} class={side === winner ? "winner" : ""}>
            {sideName(t, rules, side, name, viewer)}: <b>{t.num(total)}</b>
          </li>
        ))}
      </ol>
      {children}
      <div class="buttons">
        {onClose && (
          <button type="button" onClick={onClose} data-testid="close-end">
            {t("seeBoard")}
          </button>
        )}
        <button type="button" onClick={onExport} autofocus={!onNewGame}>
          {t("exportRecord")}
        </button>
        {onNewGame && (
          <button type="button" class="primary" onClick={onNewGame} autofocus data-testid="play-again">
            {t("playAgain")}
          </button>
        )}
      </div>
    </Modal>
  );
}
