import { render } from "preact";
import { App } from "./app";
import "./styles.css";

render(<App />, document.getElementById("app") as HTMLElement);

// Offline play: the service worker caches the app on first visit (production builds only).
if ("serviceWorker" in navigator && import.meta.env.PROD) {
  window.addEventListener("load", () => {
    navigator.serviceWorker.register("./sw.js").catch(() => undefined);
  });
}
