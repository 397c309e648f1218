/** End of a hand (the score sheet, every number explained) and end of the set or match. */

import { type Game, makeBone, sideOf } from "@crossbones/engine";
import type { T } from "../i18n";
import { HUMAN } from "../session";
import type { Settings } from "../settings";
import { sideName } from "../view/describe";
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

export function ScoreSheet({
  game,
  handIndex,
  t,
  name,
  settings,
  onNext,
}: {
  game: Game;
  handIndex: number;
  t: T;
  name: (seat: number) => string;
  settings: Settings;
  onNext: () => void;
}) {
  const sheet = handSheet(game, handIndex);
  if (!sheet) return null;
  const headline =
    sheet.winner === null
      ? t("noWinner")
      : sheet.end === "domino"
        ? t("wonByDomino", { name: name(sheet.winner) })
        : t("wonByBlock", { name: name(sheet.winner) });
  return (
    <Modal title={t("handOver", { n: handIndex + 1 })} onClose={onNext} id="score-sheet" className="sheet">
      <p class="headline">{headline}</p>
      {sheet.kind === "french" ? (
        <table class="sheet-table">
          <caption class="visually-hidden">{t("scoreSheet")}</caption>
          <thead>
            <tr>
              <th scope="col">{t("players")}</th>
              <th scope="col">{t("scoreSheet")}</th>
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
                  <MiniBones bones={game.hands[handIndex].result?.french?.[row.seat].bones ?? []} settings={settings} />
                  <ul class="why">
                    {row.lines.map((line, i) => (
                      <li key={i}>{lineText(t, line)}</li>
                    ))}
                  </ul>
                  <div class="formula" data-testid={`formula-${row.seat}`}>
                    {row.formula}
                  </div>
                </td>
                <td class="num" data-testid={`score-${row.seat}`}>
                  {row.score}
                </td>
                <td class="num" data-testid={`penalty-${row.seat}`}>
                  {row.penalties > 0 ? `+${row.penalties}` : "0"}
                </td>
                <td class="num total" data-testid={`total-${row.seat}`}>
                  <span class="before">
                    {row.before} + {row.added} =
                  </span>{" "}
                  <b>{row.after}</b>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      ) : (
        <div class="line-sheet">
          <p>
            {t("counts")}:{" "}
            {sheet.counts.map((c, seat) => (
              <span key={seat} class="count" data-testid={`count-${seat}`}>
                {name(seat)} {c}
                {seat < sheet.counts.length - 1 ? " · " : ""}
              </span>
            ))}
          </p>
          {sheet.draw && <p>{t("lineDraw")}</p>}
          {!sheet.draw && sheet.side !== null && (
            <p>
              {sheet.oneAllPlayTwo
                ? t("lineOneAllPlayTwoWon", { side: sideName(t, game, sheet.side, name) })
                : t(sheet.worth > 1 ? "lineWorth2" : "lineWorth", {
                    side: sideName(t, game, sheet.side, name),
                    n: sheet.worth,
                  })}
            </p>
          )}
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
                  {t("after")}
                </th>
              </tr>
            </thead>
            <tbody>
              {sheet.after.map((after, side) => (
                <tr key={side} class={side === sheet.side ? "winner" : ""}>
                  <th scope="row">{sideName(t, game, side, name)}</th>
                  <td class="num">{sheet.before[side]}</td>
                  <td class="num total" data-testid={`total-${side}`}>
                    <b>{after}</b>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      <div class="buttons">
        <button type="button" class="primary" onClick={onNext} autofocus data-testid="next-hand">
          {game.finished ? t("seeResult") : t("nextHand")}
        </button>
      </div>
    </Modal>
  );
}

export function GameEnd({
  game,
  resigned,
  t,
  name,
  onNewGame,
  onExport,
}: {
  game: Game;
  resigned: boolean;
  t: T;
  name: (seat: number) => string;
  onNewGame: () => void;
  onExport: () => void;
}) {
  const winner = game.winner;
  const mySide = sideOf(game.rules, HUMAN);
  const won = !resigned && winner === mySide;
  const winnerName = winner === null ? "" : sideName(t, game, winner, name);
  const french = game.rules.game === "french";
  return (
    <Modal title={t("gameOver")} id="game-end" className={`end ${game.sixLove ? "six-love" : ""}`}>
      {game.sixLove && (
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
      {resigned ? (
        <p class="headline">{t("resigned")}</p>
      ) : (
        <>
          {game.sixLove && <p class="six-love-title">{t("sixLove")}</p>}
          <p class="headline">
            {french ? t("setWinner", { name: winnerName }) : t("matchWinner", { name: winnerName })}
          </p>
          {game.sixLove && <p>{t("sixLoveText", { name: winnerName })}</p>}
          <p>{won ? t("youWin") : t("youLose")}</p>
        </>
      )}
      <h3>{t("finalTotals")}</h3>
      <ul class="final">
        {game.totals.map((total, side) => (
          <li key={side} class={side === winner ? "winner" : ""}>
            {sideName(t, game, side, name)}: <b>{total}</b>
          </li>
        ))}
      </ul>
      <div class="buttons">
        <button type="button" onClick={onExport}>
          {t("exportRecord")}
        </button>
        <button type="button" class="primary" onClick={onNewGame} autofocus>
          {t("playAgain")}
        </button>
      </div>
    </Modal>
  );
}
