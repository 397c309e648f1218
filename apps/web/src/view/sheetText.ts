/** Score-sheet lines in words, in the player's language. */

import { makeBone } from "@crossbones/engine";
import { PENALTY_KEYS, type T } from "../i18n";
import { playByText, type SeatName } from "./describe";
import type { SheetLine } from "./scoresheet";

const list = (bones: readonly number[]) => bones.map(makeBone).join(", ");

/**
 * A line in words, starting with a capital as a line of a list does ("Board pass: +10", never
 * "pase de mesa: +10"); `name` and `viewer` name the players a board pass followed ("Board pass
 * after 1-2 by Ines: +10", "… after your 1-2 …"), and the viewer's own lines speak to them.
 */
export function lineText(t: T, line: SheetLine, name?: SeatName, viewer?: number | null): string {
  const text = lineWords(t, line, name, viewer);
  return text.charAt(0).toLocaleUpperCase(t.locale) + text.slice(1);
}

function lineWords(t: T, line: SheetLine, name?: SeatName, viewer?: number | null): string {
  switch (line.kind) {
    case "count":
      return line.doubleBlank !== null
        ? t("line_countDoubleBlank", { bones: list(line.bones), n: line.count, v: line.doubleBlank })
        : t("line_count", { bones: list(line.bones), n: line.count });
    case "wentOut":
      return t(line.seat === viewer ? "line_wentOutYou" : "line_wentOut");
    case "heldFactor":
      return line.each
        ? t("line_heldEach", { doubles: list(line.doubles), factor: line.factor })
        : t("line_heldOnce", { doubles: list(line.doubles) });
    case "heldPips":
      return t("line_heldPips", { doubles: list(line.doubles), pips: line.pips });
    case "winnerDouble":
      return t("line_winnerDouble", { bone: makeBone(line.bone) });
    case "winnerDoubleOverridden":
      return t("line_winnerDoubleOverridden", { bone: makeBone(line.bone) });
    case "penalty": {
      const kind = t(PENALTY_KEYS[line.penalty]);
      if (line.after.length > 0 && name) {
        const plays = line.after.map((p) => playByText(t, p.bone, p.seat, name, viewer));
        return t("line_penaltyAfter", { kind, plays, points: line.points });
      }
      return line.times > 1
        ? t("line_penaltyTimes", { kind, times: line.times, points: line.points })
        : t("line_penalty", { kind, points: line.points });
    }
  }
}
