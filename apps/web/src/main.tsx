import { render } from "preact";
import { App } from "./app";
import { type Lang, loadTranslator, warmUp } from "./i18n";
import { readSettings } from "./settings";
import { readStored } from "./storage";
import "./styles.css";

// The dictionary of the saved (or the browser's) language is loaded before the first render.
const lang: Lang = readSettings(readStored().settings, navigator.languages ?? [navigator.language]).lang;
loadTranslator(lang)
  .then(
    (t) => ({ lang, t }),
    () => loadTranslator("en").then((t) => ({ lang: "en" as const, t })),
  )
  .then((language) => {
    render(<App {...language} />, document.getElementById("app") as HTMLElement);
    // The translator's Intl objects, made while nothing else happens (see warmUp).
    const idle = window.requestIdleCallback ?? ((f: () => void) => setTimeout(f, 300));
    idle(() => warmUp(language.t));
  });

// Offline play: the service worker caches the app on first visit (production builds only).
if ("serviceWorker" in navigator && import.meta.env.PROD) {
  window.addEventListener("load", () => {
    navigator.serviceWorker.register("./sw.js").catch(() => undefined);
  });
}
