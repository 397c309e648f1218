/**
 * The "Read the table" toggle of practice games and lessons: the panel's module is loaded the
 * first time it is shown (never with the table), and the toggle says whether it is on.
 */

import { useState } from "preact/hooks";

export type LiveReadModule = typeof import("./LiveRead");
let loading: Promise<LiveReadModule> | null = null;

export function useLiveRead(): { readonly on: boolean; readonly module: LiveReadModule | null; toggle(): void } {
  // "off", loading (null) or the loaded module.
  const [state, setState] = useState<LiveReadModule | null | "off">("off");
  const toggle = () => {
    if (state !== "off") {
      setState("off");
      return;
    }
    setState(null);
    loading ??= import("./LiveRead");
    loading.then(
      (m) => setState((cur) => (cur === "off" ? cur : m)),
      () => setState("off"),
    );
  };
  return { on: state !== "off", module: state === "off" ? null : state, toggle };
}
