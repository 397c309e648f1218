/**
 * History and stats: the finished games kept on this device (and the online guest's, on request),
 * the figures over them, and two plots. Loaded on demand, like the lessons.
 */

import { useEffect, useMemo, useState } from "preact/hooks";
import { decimal, GAME_KEYS, type Key, type T } from "../i18n";
import { loadHistory } from "../review/history";
import { aggregate, factsOf, type GameEntry, type Level, type ReviewEntry, withFacts } from "../review/stats";
import "../review/review.css";
import { downloadRecord } from "../ui/Records";
import { Chart } from "./Chart";

const LEVEL_KEYS: Readonly<Record<Level, Key>> = { easy: "easy", medium: "medium", hard: "hard" };

export interface StatsProps {
  t: T;
  lang: string;
  onBack: () => void;
  /** Opens a record in the replay viewer (where any hand can be reviewed). */
  onWatch: (record: string, gameId: string) => void;
}

export function Stats({ t, lang, onBack, onWatch }: StatsProps) {
  const [games, setGames] = useState<GameEntry[] | null>(null);
  const [reviews, setReviews] = useState<ReviewEntry[]>([]);
  const [online, setOnline] = useState<GameEntry[]>([]);
  const [onlineNote, setOnlineNote] = useState("");

  useEffect(() => {
    let live = true;
    loadHistory().then((h) => {
      if (!live) return;
      setGames(h.games);
      setReviews(h.reviews);
    });
    return () => {
      live = false;
    };
  }, []);

  const all = useMemo(() => [...(games ?? []), ...online], [games, online]);
  const stats = useMemo(() => aggregate(all, reviews), [all, reviews]);
  const date = (ms: number) => new Date(ms).toLocaleDateString(lang);

  const loadOnline = async () => {
    const api = await import("../online/api");
    const guest = api.savedGuest();
    if (!guest) {
      setOnlineNote(t("stats.onlineNone"));
      return;
    }
    try {
      const { games: list } = await api.myGames(guest);
      const entries: GameEntry[] = [];
      for (const g of list) {
        const seat = g.names.indexOf(guest.player.name);
        if (seat < 0) continue;
        const record: unknown = JSON.parse(await api.gameRecord(g.id));
        entries.push(
          withFacts({ id: `online-${g.id}`, finishedAt: g.finished, source: "online", level: null, seat, record }),
        );
      }
      setOnline(entries);
      setOnlineNote(entries.length === 0 ? t("stats.onlineNone") : "");
    } catch {
      setOnlineNote(t("stats.onlineNone"));
    }
  };

  const exportAll = () =>
    downloadRecord(
      JSON.stringify(
        all.map((g) => g.record),
        null,
        2,
      ),
      `crossbones-history-${all.length}.json`,
    );

  return (
    <main class="stats" aria-labelledby="stats-title" data-testid="stats">
      <h1 id="stats-title">{t("stats.title")}</h1>
      {games === null && <p class="loading">{t("loading")}</p>}
      {games !== null && all.length === 0 && <p data-testid="stats-empty">{t("stats.empty")}</p>}
      {all.length > 0 && (
        <section class="card">
          <table data-testid="stats-table">
            <thead>
              <tr>
                <th scope="col">{t("game")}</th>
                <th scope="col">{t("stats.level")}</th>
                <th scope="col">{t("stats.games")}</th>
                <th scope="col">{t("stats.wins")}</th>
              </tr>
            </thead>
            <tbody>
              {stats.byKind.map((row) => (
                <tr key={`${row.kind}/${row.level}`}>
                  <th scope="row">{t(GAME_KEYS[row.kind].name)}</th>
                  <td>{row.level ? t(LEVEL_KEYS[row.level]) : t("stats.people")}</td>
                  <td>{row.games}</td>
                  <td>{row.wins}</td>
                </tr>
              ))}
            </tbody>
          </table>
          {stats.frenchPointsPerHand !== null && (
            <p>{t("stats.french", { points: decimal(stats.frenchPointsPerHand), n: stats.frenchHands })}</p>
          )}
          <p>{t("stats.sixLove", { given: stats.sixLoveGiven, taken: stats.sixLoveTaken })}</p>
          <p data-testid="stats-mistakes">
            {stats.mistakesPerHand !== null
              ? t("stats.mistakes", { n: decimal(stats.mistakesPerHand) })
              : t("stats.noReviews")}
          </p>
        </section>
      )}
      <ChartCard
        t={t}
        date={date}
        title={t("stats.mistakesChart")}
        x={t("stats.axisReviews")}
        y={t("stats.axisMistakes")}
        testId="chart-mistakes"
        points={stats.mistakesOverTime.map((m) => ({ at: m.at, value: m.mistakes }))}
      />
      <ChartCard
        t={t}
        date={date}
        title={t("stats.frenchChart")}
        x={t("stats.axisGames")}
        y={t("stats.axisPoints")}
        testId="chart-french"
        points={stats.frenchOverTime.map((m) => ({ at: m.at, value: m.perHand }))}
      />
      {all.length > 0 && (
        <section class="card">
          <h2>{t("stats.history")}</h2>
          <ul class="history" data-testid="history">
            {all.map((g) => {
              const facts = factsOf(g);
              if (!facts) return null;
              return (
                <li key={g.id}>
                  {date(g.finishedAt)} · {t(GAME_KEYS[facts.kind].name)} ·{" "}
                  {facts.won ? t("stats.won") : t("stats.lost")}{" "}
                  <button type="button" class="small" onClick={() => onWatch(JSON.stringify(g.record), g.id)}>
                    {t("stats.watch")}
                  </button>
                </li>
              );
            })}
          </ul>
        </section>
      )}
      <div class="buttons">
        <button type="button" onClick={() => void loadOnline()}>
          {t("stats.loadOnline")}
        </button>
        {all.length > 0 && (
          <button type="button" onClick={exportAll} data-testid="export-all">
            {t("stats.exportAll")}
          </button>
        )}
        <button type="button" class="ghost" onClick={onBack}>
          {t("back")}
        </button>
      </div>
      {onlineNote && <p role="status">{onlineNote}</p>}
    </main>
  );
}

/** One plot over time in a card, labelled with what it shows; nothing without points. */
function ChartCard({
  t,
  date,
  title,
  x,
  y,
  testId,
  points,
}: {
  t: T;
  date: (ms: number) => string;
  title: string;
  /** The axes' titles. */
  x: string;
  y: string;
  testId: string;
  points: readonly { at: number; value: number }[];
}) {
  if (points.length === 0) return null;
  return (
    <section class="card">
      <h2>{title}</h2>
      <Chart
        testId={testId}
        points={points}
        x={x}
        y={y}
        num={t.num}
        label={t("stats.chartLabel", {
          title,
          n: points.length,
          first: date(points[0].at),
          last: date(points[points.length - 1].at),
        })}
      />
    </section>
  );
}
