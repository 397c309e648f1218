/**
 * An online table as someone who does not sit at it first sees it (an invite link, a code): the
 * game, its rules, the clock, who sits where and whether it has started, with *Sit here* at each
 * open seat and *Just watch*. Nothing is asked of the server but to watch until a seat is chosen.
 */

import type { Rules, SeatView } from "@crossbones/engine";
import type { SeatInfo, TableInfo } from "@crossbones/protocol";
import type { ComponentChildren } from "preact";
import { GAME_KEYS, optionKeys, type T } from "../i18n";
import { changedOptions, presetOf } from "../view/presets";
import { SeatList } from "./Seats";

export interface PreviewProps {
  t: T;
  code: string;
  info: TableInfo;
  view: SeatView;
  /** A refusal in words (a seat taken meanwhile), or null. */
  message: string | null;
  /** A seat was asked for and the answer has not come yet. */
  seating: boolean;
  onSit: (seat: number) => void;
  /** Another person's name as something to open (SeatList's `person`). */
  person?: (seat: SeatInfo) => ComponentChildren | null;
  onWatch: () => void;
  onLobby: () => void;
}

export function TablePreview({ t, code, info, view, message, seating, onSit, person, onWatch, onLobby }: PreviewProps) {
  const rules = view.rules;
  const clock = info.setup.clock;
  return (
    <main class="online card online-preview" data-table={code} data-testid="preview">
      <h1>
        {t("online.table")} <b data-testid="table-code">{code}</b>
      </h1>
      <dl class="online-facts">
        <dt>{t("game")}</dt>
        <dd data-testid="preview-game">
          {t(GAME_KEYS[rules.game].name)} · {t("playersN", { n: rules.players })}
        </dd>
        <dt>{t("online.rulesLabel")}</dt>
        <dd data-testid="preview-rules">
          <RulesText t={t} rules={rules} />
        </dd>
        <dt>{t("online.clockLabel")}</dt>
        <dd data-testid="preview-clock">
          {clock ? t("online.clockIs", { move: clock.move, bank: clock.bank }) : t("online.noClock")}
        </dd>
        <dt>{t("online.statusLabel")}</dt>
        <dd data-testid="preview-status">{statusText(t, info, view)}</dd>
      </dl>
      <h2>{t("online.whoSits")}</h2>
      <SeatList t={t} info={info} rules={rules} onSit={seating ? undefined : onSit} person={person} />
      {seating && (
        <p role="status" data-testid="seating">
          {t("online.sitting")}
        </p>
      )}
      {message && (
        <p class="error" role="alert">
          {message}
        </p>
      )}
      <div class="buttons">
        <button type="button" onClick={onWatch} data-testid="just-watch">
          {t("online.justWatch")}
        </button>
        <button type="button" class="ghost" onClick={onLobby} data-testid="to-lobby">
          {t("online.lobby")}
        </button>
      </div>
    </main>
  );
}

/** Whether the game has started: waiting for people, the hand being played, or over. */
function statusText(t: T, info: TableInfo, view: SeatView): string {
  switch (info.status) {
    case "waiting":
      return t("online.waitingFor", { n: info.seats.filter((s) => s.kind === "open").length });
    case "playing":
      return t("online.playingHand", { n: Math.max(1, view.handIndex + 1) });
    default:
      return t("online.gameFinished");
  }
}

/**
 * The rules in a few words: the preset they are (online tables are made from presets), or else
 * each option that differs from the game's defaults, with its value.
 */
function RulesText({ t, rules }: { t: T; rules: Rules }) {
  const options = rules.options as unknown as Readonly<Record<string, unknown>>;
  const preset = presetOf(rules.game, options);
  if (preset) {
    return (
      <>
        <b>{t(preset.name)}</b> — {t(preset.desc)}
      </>
    );
  }
  return (
    <ul class="online-options">
      {changedOptions(rules.game, options).map(({ spec, value }) => {
        const keys = optionKeys(spec.name);
        const label = keys ? t(keys.label) : spec.name;
        const enumKey = typeof value === "string" ? keys?.values?.[value] : undefined;
        const shown =
          typeof value === "boolean" ? t(value ? "on" : "off") : enumKey ? t(enumKey) : t.num(Number(value));
        return (
          <li key={spec.name}>
            {label}: {shown}
          </li>
        );
      })}
    </ul>
  );
}
