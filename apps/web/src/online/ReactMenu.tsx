/**
 * The fixed reactions of an online table (docs/protocol.md, `react`), in the bar's React menu.
 * When the server would refuse one (a hand of Partner; the gap after the player's last reaction)
 * the buttons are disabled and the menu says why, before any tap; hiding others' reactions stays
 * possible.
 */

import type { SeatView } from "@crossbones/engine";
import { REACTIONS, type Reaction } from "@crossbones/protocol";
import type { Key, T } from "../i18n";
import { DropMenu } from "./DropMenu";
import { seconds } from "./frame";
import { reactionBlock } from "./reactions";
import { useNowUntil } from "./useNow";

export const REACTION_KEYS: Readonly<Record<Reaction, Key>> = {
  goodPlay: "react.goodPlay",
  wellPlayed: "react.wellPlayed",
  ouch: "react.ouch",
  hurryUp: "react.hurryUp",
  thanks: "react.thanks",
  sorry: "react.sorry",
};

export function ReactMenu({
  t,
  view,
  until,
  muted,
  onReact,
  onMute,
}: {
  t: T;
  view: SeatView;
  /** When the gap after the player's last reaction ends (this device's clock). */
  until: number;
  /** Others' reactions are hidden. */
  muted: boolean;
  onReact: (reaction: Reaction) => void;
  onMute: (muted: boolean) => void;
}) {
  const block = reactionBlock(view, until, useNowUntil(until));
  const why =
    block === null
      ? null
      : block.why === "table-talk"
        ? t("online.refusal.no-table-talk")
        : t("online.reactIn", { n: seconds(block.ms) });
  return (
    <DropMenu label={t("online.react")} class="online-react" testId="react-menu">
      {why && (
        <p class="online-react-why" id="react-why" data-testid="react-why">
          {why}
        </p>
      )}
      {REACTIONS.map((r) => (
        <button
          type="button"
          key={r}
          disabled={block !== null}
          aria-describedby={why ? "react-why" : undefined}
          onClick={() => onReact(r)}
          data-testid={`react-${r}`}
        >
          {t(REACTION_KEYS[r])}
        </button>
      ))}
      <button type="button" class="ghost" aria-pressed={muted} onClick={() => onMute(!muted)}>
        {muted ? t("online.unmute") : t("online.mute")}
      </button>
    </DropMenu>
  );
}
