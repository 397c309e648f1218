/** The app: screens (home, table, settings, replay), saved state and the language. */

import { makeRecord } from "@crossbones/engine";
import { useEffect, useMemo, useState } from "preact/hooks";
import { type Lang, loadTranslator, type T } from "./i18n";
import { guestKept } from "./online/guestKey";
import {
  HUMAN,
  loadSession,
  newSession,
  rematchSetup,
  type Session,
  type Setup,
  saveSession,
  seatNames,
} from "./session";
import { readSettings, type Settings } from "./settings";
import { readStored, writeStored } from "./storage";
import { Fairness } from "./ui/Fairness";
import { GameTable } from "./ui/GameTable";
import { Home } from "./ui/Home";
import { ExportDialog, Replay, recordNames, recordNaming } from "./ui/Records";
import { SettingsScreen } from "./ui/SettingsScreen";

type Screen =
  | "home"
  | "table"
  | "settings"
  | "replay"
  | "learn"
  | "online"
  | "fairness"
  | "review"
  | "stats"
  | "leaderboards"
  | "profile"
  | "tournaments";

/** The lessons are loaded when first opened: they weigh nothing on the way to a game. */
type LearnModule = typeof import("./tutorial/Learn");
let learnModule: Promise<LearnModule> | null = null;
function loadLearn(): Promise<LearnModule> {
  learnModule ??= import("./tutorial/Learn");
  return learnModule;
}

/** Online play is loaded when first opened, like the lessons. */
type OnlineModule = typeof import("./online/Online");
let onlineModule: Promise<OnlineModule> | null = null;
function loadOnline(): Promise<OnlineModule> {
  onlineModule ??= import("./online/Online");
  return onlineModule;
}

/**
 * Invitations away from the online screens: loaded once this device has played online, after the
 * screen is up (it weighs nothing on the way to a game).
 */
type AwayModule = typeof import("./online/Away");
let awayModule: Promise<AwayModule> | null = null;
function loadAway(): Promise<AwayModule> {
  awayModule ??= import("./online/Away");
  return awayModule;
}

/** Tournaments are loaded when first opened. */
type TournamentsModule = typeof import("./tournaments/Tournaments");
let tournamentsModule: Promise<TournamentsModule> | null = null;
function loadTournaments(): Promise<TournamentsModule> {
  tournamentsModule ??= import("./tournaments/Tournaments");
  return tournamentsModule;
}

/** The leaderboards and the profiles are loaded together, when either is first opened. */
type RatingsModule = typeof import("./ratings/pages");
let ratingsModule: Promise<RatingsModule> | null = null;
function loadRatings(): Promise<RatingsModule> {
  ratingsModule ??= import("./ratings/pages");
  return ratingsModule;
}

/** Hand review and the stats page are loaded when first opened too (with the review worker's client). */
type ReviewModule = typeof import("./review/Review");
let reviewModule: Promise<ReviewModule> | null = null;
function loadReview(): Promise<ReviewModule> {
  reviewModule ??= import("./review/Review");
  return reviewModule;
}
type StatsModule = typeof import("./stats/Stats");
let statsModule: Promise<StatsModule> | null = null;
function loadStats(): Promise<StatsModule> {
  statsModule ??= import("./stats/Stats");
  return statsModule;
}

/** A hand to review: a record, the hand, and whose decisions (and where to go back to). */
interface Reviewing {
  readonly record: unknown;
  readonly hand: number;
  readonly names: readonly string[] | null;
  /** The reviewer's own seat at an online table ("You played…"); else the record's naming says. */
  readonly seat?: number;
  readonly gameId?: string;
  readonly from: Screen;
}

/** How a reviewed hand names its players, and whose decisions are the reviewer's own. */
function reviewNaming(t: T, r: Reviewing): { name: (seat: number) => string; viewer: number | null } {
  const seat = r.seat;
  if (seat === undefined) return recordNaming(t, r.names, players(r.record));
  const names = recordNaming(t, r.names, players(r.record)).name;
  return { name: (s) => (s === seat ? t("you") : names(s)), viewer: seat };
}

/** The id a game against the bots has in history: its bots' seed is drawn afresh for each game. */
function historyId(session: Session): string {
  return `bots-${session.setup.seed}`;
}

/** Keeps a finished game against the bots in history (IndexedDB; loaded on demand). */
function keepFinished(session: Session): void {
  const levels = session.setup.levels.slice(1, session.setup.players);
  const order = ["easy", "medium", "hard"] as const;
  const level = order.filter((l) => levels.includes(l)).pop() ?? null;
  import("./review/history").then(
    (h) =>
      h.saveGame({
        id: historyId(session),
        finishedAt: Date.now(),
        source: "bots",
        level,
        seat: HUMAN,
        record: makeRecord(session.game, seatNames(session.setup.players)),
      }),
    () => undefined,
  );
}

/**
 * The online table in the page's address: `?t=K7QX2M` (the server sends an invite link
 * `/t/K7QX2M` there; the app's files are addressed relative to the page, so it lives at one path).
 * Online play checks the code (it has the protocol; this file stays light).
 */
function tableInAddress(): string | null {
  return new URLSearchParams(location.search).get("t")?.trim().toUpperCase() || null;
}

/**
 * The player whose profile is in the page's address: `?p=ID` (the server sends a profile link
 * `/p/ID` there, as it does an invite link); the server checks the id when it is asked for.
 */
function playerInAddress(): string | null {
  return new URLSearchParams(location.search).get("p")?.trim() || null;
}

/**
 * The tournament in the page's address: `?tournament=ID` (its page; `?tournament=`, the list), or
 * undefined when the address names none.
 */
function tournamentInAddress(): string | null | undefined {
  const params = new URLSearchParams(location.search);
  return params.has("tournament") ? params.get("tournament")?.trim() || null : undefined;
}

/** The number of players a record names (it replayed when it was loaded). */
function players(record: unknown): number {
  const p = (record as { players?: unknown } | null)?.players;
  return typeof p === "number" ? p : 0;
}

function initial() {
  const stored = readStored();
  const settings = readSettings(stored.settings, navigator.languages ?? [navigator.language]);
  const session = loadSession(stored.session);
  const lastSetup = (stored.lastSetup as Setup | undefined) ?? session?.setup ?? null;
  let screen: Screen = (stored.screen as Screen) ?? "home";
  if (screen === "table" && !session) screen = "home";
  if (screen === "replay" || screen === "review") screen = "home";
  const code = tableInAddress();
  if (code) screen = "online";
  const player = playerInAddress();
  if (player) screen = "profile";
  else if (screen === "profile") screen = "home";
  const tournament = tournamentInAddress();
  if (tournament !== undefined) screen = "tournaments";
  else if (screen === "tournaments") screen = "home";
  return {
    settings,
    session,
    lastSetup,
    screen,
    lessons: stored.lessons,
    code,
    player,
    tournament: tournament ?? null,
  };
}

/** A screen's module, loaded the first time the screen is shown (`onFail`: it could not be). */
function useScreenModule<M>(wanted: boolean, load: () => Promise<M>, onFail: () => void): M | null {
  const [module, setModule] = useState<M | null>(null);
  useEffect(() => {
    if (!wanted || module) return;
    let live = true;
    load().then(
      (m) => {
        if (live) setModule(m);
      },
      () => {
        if (live) onFail();
      },
    );
    return () => {
      live = false;
    };
  }, [wanted, module]);
  return module;
}

/** The language on screen and its translator (the next one is shown once its dictionary is loaded). */
interface Language {
  readonly lang: Lang;
  readonly t: T;
}

/** The app, given the translator of the language in its saved settings (see main.tsx). */
export function App(props: Language) {
  const start = useMemo(initial, []);
  const [settings, setSettings] = useState<Settings>(start.settings);
  const [session, setSession] = useState<Session | null>(start.session);
  const [lastSetup, setLastSetup] = useState<Setup | null>(start.lastSetup);
  const [screen, setScreen] = useState<Screen>(start.screen);
  const [returnTo, setReturnTo] = useState<Screen>("home");
  const [fairnessFrom, setFairnessFrom] = useState<Screen>("home");
  const [exporting, setExporting] = useState(false);
  const [lessons, setLessons] = useState<unknown>(start.lessons);
  const [tableCode, setTableCode] = useState<string | null>(start.code);
  const [profileId, setProfileId] = useState<string | null>(start.player);
  const [profileFrom, setProfileFrom] = useState<Screen>("home");
  const [tournamentId, setTournamentId] = useState<string | null>(start.tournament);
  const [watchRecord, setWatchRecord] = useState<string | undefined>(undefined);
  const [replayFrom, setReplayFrom] = useState<Screen>("home");
  const [reviewing, setReviewing] = useState<Reviewing | null>(null);
  const [language, setLanguage] = useState<Language>({ lang: props.lang, t: props.t });
  const t = language.t;

  useEffect(() => {
    if (language.lang === settings.lang) return;
    let live = true;
    const lang = settings.lang;
    loadTranslator(lang).then(
      (next) => {
        if (live) setLanguage({ lang, t: next });
      },
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, [settings.lang]);

  const learn = useScreenModule(screen === "learn", loadLearn, () => setScreen("home"));
  const online = useScreenModule(screen === "online", loadOnline, () => setScreen("home"));
  const review = useScreenModule(screen === "review", loadReview, () => setScreen("home"));
  const statsPage = useScreenModule(screen === "stats", loadStats, () => setScreen("home"));
  const ratings = useScreenModule(screen === "leaderboards" || screen === "profile", loadRatings, () =>
    setScreen("home"),
  );
  const tournaments = useScreenModule(screen === "tournaments", loadTournaments, () => setScreen("home"));
  // The online screens hold their own socket, invitations included.
  const reachable = screen !== "online" && guestKept();
  const away = useScreenModule(reachable, loadAway, () => undefined);

  /** The screens below loaded on demand, with their modules (null: still loading). */
  const onDemand: Partial<Record<Screen, unknown>> = {
    review,
    stats: statsPage,
    leaderboards: ratings,
    profile: ratings,
    tournaments,
  };

  // A finished game against the bots goes to history (once per game: the same id is kept once).
  const finished = session?.game.finished === true;
  useEffect(() => {
    if (session && finished) keepFinished(session);
  }, [finished, session?.setup.seed]);

  const openReview = (next: Omit<Reviewing, "from">) => {
    setReviewing({ ...next, from: screen });
    setScreen("review");
    window.scrollTo(0, 0);
  };

  // Back and forward between the lobby and online tables follow the address.
  useEffect(() => {
    const onPop = () => {
      const code = tableInAddress();
      const player = playerInAddress();
      const tournament = tournamentInAddress();
      setTableCode(code);
      setProfileId(player);
      if (tournament !== undefined) setTournamentId(tournament);
      if (code) setScreen("online");
      else if (player) setScreen("profile");
      else if (tournament !== undefined) setScreen("tournaments");
      else setScreen((s) => (s === "profile" ? profileFrom : s));
    };
    addEventListener("popstate", onPop);
    return () => removeEventListener("popstate", onPop);
  }, [profileFrom]);

  useEffect(() => {
    writeStored({
      settings,
      session: session ? saveSession(session) : undefined,
      lastSetup: lastSetup ?? undefined,
      screen,
      lessons,
    });
  }, [settings, session, lastSetup, screen, lessons]);

  useEffect(() => {
    document.documentElement.lang = language.lang;
    document.title = t("appName");
  }, [language]);

  const start_ = (setup: Setup) => {
    const s = newSession(setup);
    if ("code" in s) return;
    setLastSetup(setup);
    setSession(s);
    setScreen("table");
  };

  /** Opens an online table (or the lobby: null) and puts it in the page's address. */
  const openTable = (code: string | null) => {
    if (code !== tableCode) history.pushState(null, "", code ? `?t=${code}` : location.pathname);
    setTableCode(code);
  };

  /** Watches a record in the replay viewer, whose Back returns to `from`. */
  const watchFrom = (from: Screen) => (text: string) => {
    setReplayFrom(from);
    setWatchRecord(text);
    setScreen("replay");
    window.scrollTo(0, 0);
  };

  /** Opens player `id`'s profile, in the page's address too (`?p=ID`: a link to share). */
  const openProfile = (id: string) => {
    history.pushState(null, "", `?p=${id}`);
    setProfileFrom(screen);
    setProfileId(id);
    setScreen("profile");
    window.scrollTo(0, 0);
  };

  /** Opens a tournament's page (null: the list), in the page's address too (`?tournament=ID`). */
  const openTournament = (id: string | null) => {
    history.pushState(null, "", id ? `?tournament=${id}` : "?tournament=");
    setTournamentId(id);
    setScreen("tournaments");
    window.scrollTo(0, 0);
  };

  /** Opens an online table from outside the online screens (a tournament's, an invitation's). */
  const playAt = (code: string) => {
    go("online");
    openTable(code);
  };

  const go = (next: Screen) => {
    // Settings and the page on fair deals go back where they came from (an online table stays open).
    if (next === "settings" && screen !== "settings") setReturnTo(screen);
    if (next === "fairness" && screen !== "fairness" && screen !== "settings") setFairnessFrom(screen);
    const aside = next === "settings" || next === "fairness";
    if (screen === "online" && next !== "online" && !aside) openTable(null);
    // Back from a profile (or a tournament) to an online table: the table's address again.
    if ((screen === "profile" || screen === "tournaments") && next !== screen && !aside)
      history.pushState(null, "", next === "online" && tableCode ? `?t=${tableCode}` : location.pathname);
    if (next !== "replay" && next !== "review") setWatchRecord(undefined);
    setScreen(next);
    window.scrollTo(0, 0);
  };

  return (
    <div class={`app screen-${screen}`}>
      <header class="topbar">
        <button type="button" class="brand" onClick={() => go("home")} aria-label={`${t("appName")}: ${t("home")}`}>
          <span class="logo" aria-hidden="true">
            ✚
          </span>
          <span class="brand-name">{t("appName")}</span>
        </button>
        <nav aria-label={t("appMenu")}>
          {screen !== "table" && session && !session.game.finished && (
            <button type="button" onClick={() => go("table")}>
              {t("table")}
            </button>
          )}
          <button
            type="button"
            onClick={() => go(screen === "settings" ? returnTo : "settings")}
            data-testid="open-settings"
          >
            <span aria-hidden="true">⚙ </span>
            {t("settings")}
          </button>
        </nav>
      </header>
      {screen === "home" && (
        <Home
          t={t}
          saved={session}
          lastSetup={lastSetup}
          onContinue={() => go("table")}
          onStart={start_}
          onReplay={() => go("replay")}
          onLearn={() => go("learn")}
          onOnline={() => go("online")}
          onFairness={() => go("fairness")}
          onStats={() => go("stats")}
        />
      )}
      {screen === "learn" && !learn && (
        <main>
          <p class="loading">{t("loading")}</p>
        </main>
      )}
      {screen === "learn" && learn && (
        <learn.Learn
          t={t}
          settings={settings}
          progress={lessons}
          onProgress={setLessons}
          onPractice={(p) =>
            start_({
              game: p.game,
              players: p.players,
              options: p.options,
              levels: [...p.levels],
              practice: true,
              showHands: p.showHands,
              hints: p.hints,
              seed: crypto.getRandomValues(new Uint32Array(1))[0],
            })
          }
        />
      )}
      {screen === "online" && !online && (
        <main>
          <p class="loading">{t("loading")}</p>
        </main>
      )}
      {screen === "online" && online && (
        <online.Online
          t={t}
          settings={settings}
          code={tableCode}
          onOpen={openTable}
          onHome={() => go("home")}
          onWatchRecord={watchFrom("online")}
          onFairness={() => go("fairness")}
          onLeaderboards={() => go("leaderboards")}
          onTournaments={() => openTournament(null)}
          onProfile={openProfile}
          onReview={(record, hand, seat) => openReview({ record, hand, names: recordNames(record), seat })}
        />
      )}
      {screen === "table" && session && (
        <GameTable
          key={session.setup.seed}
          session={session}
          settings={settings}
          t={t}
          update={(expected, next) => setSession((cur) => (cur === expected ? next : cur))}
          onNewGame={() => go("home")}
          onRematch={() => start_(rematchSetup(session.setup))}
          onExport={() => setExporting(true)}
          onReview={(hand) =>
            openReview({
              record: makeRecord(session.game, seatNames(session.setup.players)),
              hand,
              names: seatNames(session.setup.players),
              gameId: historyId(session),
            })
          }
        />
      )}
      {screen === "settings" && (
        <SettingsScreen t={t} settings={settings} onChange={setSettings} onBack={() => go(returnTo)} />
      )}
      {screen === "fairness" && <Fairness t={t} onBack={() => go(fairnessFrom)} />}
      {screen === "replay" && (
        <Replay
          key={watchRecord ?? ""}
          t={t}
          settings={settings}
          initial={watchRecord}
          onBack={() => go(watchRecord === undefined ? "home" : replayFrom)}
          onReview={(record, hand, names) => {
            // The viewer comes back with the same record (a pasted one too).
            setWatchRecord(JSON.stringify(record));
            openReview({ record, hand, names });
          }}
        />
      )}
      {screen === "tournaments" && tournaments && (
        <tournaments.Tournaments
          t={t}
          id={tournamentId}
          onOpen={openTournament}
          onBack={() => go("online")}
          onTable={playAt}
          onRecord={watchFrom("tournaments")}
        />
      )}
      {screen === "leaderboards" && ratings && (
        <ratings.Leaderboards t={t} onBack={() => go("online")} onPlayer={openProfile} />
      )}
      {screen === "profile" && ratings && profileId && (
        <ratings.Profile
          key={profileId}
          t={t}
          id={profileId}
          onBack={() => go(profileFrom)}
          onWatch={watchFrom("profile")}
          onTournament={openTournament}
        />
      )}
      {screen in onDemand && onDemand[screen] === null && (
        <main>
          <p class="loading">{t("loading")}</p>
        </main>
      )}
      {screen === "review" && review && reviewing && (
        <review.Review
          key={`${reviewing.hand}`}
          t={t}
          settings={settings}
          record={reviewing.record}
          hand={reviewing.hand}
          naming={reviewNaming(t, reviewing)}
          gameId={reviewing.gameId}
          onBack={() => {
            setScreen(reviewing.from);
            window.scrollTo(0, 0);
          }}
        />
      )}
      {screen === "stats" && statsPage && (
        <statsPage.Stats t={t} lang={language.lang} onBack={() => go("home")} onWatch={watchFrom("stats")} />
      )}
      {exporting && session && <ExportDialog t={t} session={session} onClose={() => setExporting(false)} />}
      {reachable && away && <away.Away t={t} onJoin={playAt} />}
    </div>
  );
}
