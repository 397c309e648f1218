/**
 * Who sits where at an online table, as a list (the waiting room, a table seen before sitting
 * down): each seat's player, a bot marked as a bot with its level, the viewer's partner, and what
 * the viewer may do at a seat: take an open one, or as the table's maker remove a person before
 * the first deal; another person's name may open what can be done with them (PlayerMenu).
 */

import { type Rules, seatsOf, sideOf } from "@crossbones/engine";
import type { SeatInfo, TableInfo } from "@crossbones/protocol";
import type { ComponentChildren } from "preact";
import type { T } from "../i18n";

/**
 * A seat's name at an online table: the player's, a bot's marked as a bot ("Ruby · bot": a bot
 * also plays the seat of a person who left, and a bot account plays its own), or "open seat".
 */
export function nameOf(info: TableInfo | null, seat: number, t: T): string {
  const s = info?.seats[seat];
  if (!s || s.kind === "open") return t("online.openSeat");
  return s.kind === "bot" || s.program ? t("online.botName", { name: s.name }) : s.name;
}

/** In Partner, whether `seat` is the viewer's partner (the engine's teams say which seat). */
export function partnerOf(rules: Rules, you: number | null, seat: number): boolean {
  return rules.game === "partner" && you !== null && seat !== you && sideOf(rules, seat) === sideOf(rules, you);
}

/** In Partner, who would partner whoever takes `seat` (a name), or null: another game, or nobody there yet. */
function partnerHere(info: TableInfo, rules: Rules, seat: number, t: T): string | null {
  if (rules.game !== "partner") return null;
  const other = seatsOf(rules, sideOf(rules, seat)).find((s) => s !== seat);
  return other === undefined || info.seats[other].kind === "open" ? null : nameOf(info, other, t);
}

export function SeatList({
  t,
  info,
  rules,
  onSit,
  onRemove,
  person,
}: {
  t: T;
  info: TableInfo;
  rules: Rules;
  /** Another person's name as something to open (add them as a friend, their profile), or null: as text. */
  person?: (seat: SeatInfo) => ComponentChildren | null;
  /** Take an open seat (a viewer who does not sit here yet). */
  onSit?: (seat: number) => void;
  /** Free a person's seat (the table's maker, before the first deal). */
  onRemove?: (seat: number) => void;
}) {
  const you = info.you;
  return (
    <ul class="online-seats">
      {info.seats.map((s) => {
        const partner = s.kind === "open" && you === null ? partnerHere(info, rules, s.seat, t) : null;
        return (
          <li key={s.seat} data-seat={s.seat}>
            <span>
              {s.seat === you ? t("you") : (person?.(s) ?? nameOf(info, s.seat, t))}
              {s.kind === "bot" && s.level ? ` (${t(s.level)})` : ""}
              {partnerOf(rules, you, s.seat) && <span class="seat-team">{t("partnerTag")}</span>}
              {partner && <span class="seat-team">{t("online.partnerOfName", { name: partner })}</span>}
            </span>
            {onSit && s.kind === "open" && (
              <button
                type="button"
                class="small primary"
                onClick={() => onSit(s.seat)}
                aria-label={t("online.sitHereSeat", { n: s.seat + 1 })}
                data-testid={`sit-${s.seat}`}
              >
                {t("online.sitHere")}
              </button>
            )}
            {onRemove && s.kind === "human" && s.seat !== you && (
              <button
                type="button"
                class="small"
                onClick={() => onRemove(s.seat)}
                aria-label={t("online.removeName", { name: s.name })}
                data-testid={`remove-${s.seat}`}
              >
                {t("online.remove")}
              </button>
            )}
          </li>
        );
      })}
    </ul>
  );
}
