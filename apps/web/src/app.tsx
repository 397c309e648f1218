/** The app: screens (home, table, settings, replay), saved state and the language. */

import { useEffect, useMemo, useState } from "preact/hooks";
import { type Lang, loadTranslator, type T } from "./i18n";
import { loadSession, newSession, type Session, type Setup, saveSession } from "./session";
import { readSettings, type Settings } from "./settings";
import { readStored, writeStored } from "./storage";
import { GameTable } from "./ui/GameTable";
import { Home } from "./ui/Home";
import { ExportDialog, Replay } from "./ui/Records";
import { SettingsScreen } from "./ui/SettingsScreen";

type Screen = "home" | "table" | "settings" | "replay" | "learn";

/** The lessons are loaded when first opened: they weigh nothing on the way to a game. */
type LearnModule = typeof import("./tutorial/Learn");
let learnModule: Promise<LearnModule> | null = null;
function loadLearn(): Promise<LearnModule> {
  learnModule ??= import("./tutorial/Learn");
  return learnModule;
}

function initial() {
  const stored = readStored();
  const settings = readSettings(stored.settings, navigator.languages ?? [navigator.language]);
  const session = loadSession(stored.session);
  const lastSetup = (stored.lastSetup as Setup | undefined) ?? session?.setup ?? null;
  let screen: Screen = (stored.screen as Screen) ?? "home";
  if (screen === "table" && !session) screen = "home";
  if (screen === "replay") screen = "home";
  return { settings, session, lastSetup, screen, lessons: stored.lessons };
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
  const [exporting, setExporting] = useState(false);
  const [lessons, setLessons] = useState<unknown>(start.lessons);
  const [learn, setLearn] = useState<LearnModule | null>(null);
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

  useEffect(() => {
    if (screen !== "learn" || learn) return;
    let live = true;
    loadLearn()
      .then((m) => {
        if (live) setLearn(m);
      })
      .catch(() => {
        if (live) setScreen("home");
      });
    return () => {
      live = false;
    };
  }, [screen, learn]);

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

  const go = (next: Screen) => {
    if (next === "settings") setReturnTo(screen === "settings" ? "home" : screen);
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
        <nav aria-label={t("menu")}>
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
        />
      )}
      {screen === "learn" && !learn && <p class="loading">{t("loading")}</p>}
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
      {screen === "table" && session && (
        <GameTable
          session={session}
          settings={settings}
          t={t}
          update={(expected, next) => setSession((cur) => (cur === expected ? next : cur))}
          onNewGame={() => go("home")}
          onExport={() => setExporting(true)}
        />
      )}
      {screen === "settings" && (
        <SettingsScreen t={t} settings={settings} onChange={setSettings} onBack={() => go(returnTo)} />
      )}
      {screen === "replay" && <Replay t={t} settings={settings} onBack={() => go("home")} />}
      {exporting && session && <ExportDialog t={t} session={session} onClose={() => setExporting(false)} />}
    </div>
  );
}
