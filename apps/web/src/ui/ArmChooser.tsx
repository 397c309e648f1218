/**
 * The "which arm?" question, shared by the game table and the lessons: asked on the board (a tap
 * on a bone: its arms or ends carry large letters there) or in this dialog (the keyboard's and
 * screen reader's way). Letters and arrows answer it from anywhere on the page while it is open.
 */

import { CROSS, makeBone } from "@crossbones/engine";
import { useLayoutEffect } from "preact/hooks";
import type { T } from "../i18n";
import { targetName } from "../view/describe";
import { Modal } from "./Modal";

const ARROW_TO_ARM: Record<string, number> = { ArrowUp: 0, ArrowRight: 1, ArrowDown: 2, ArrowLeft: 3 };
const ARROW_TO_END: Record<string, number> = { ArrowLeft: 0, ArrowRight: 1 };

/**
 * While `active`, a letter (A–D, in the order of `targets`) or the arrow pointing at an arm or end
 * picks it, wherever the focus is.
 */
export function useChooserKeys(
  active: boolean,
  layout: number,
  targets: readonly number[],
  onPick: (target: number) => void,
): void {
  const onKey = (e: KeyboardEvent) => {
    const k = e.key.toUpperCase();
    const letter = k.length === 1 ? k.charCodeAt(0) - 65 : -1;
    if (letter >= 0 && letter < targets.length) {
      e.preventDefault();
      onPick(targets[letter]);
      return;
    }
    const arrow = (layout === CROSS ? ARROW_TO_ARM : ARROW_TO_END)[e.key];
    if (arrow !== undefined && targets.includes(arrow)) {
      e.preventDefault();
      onPick(arrow);
    }
  };
  // Listening before the page is painted, as the dialog (Modal) opens: a letter pressed as soon as
  // the chooser shows is never lost.
  useLayoutEffect(() => {
    if (!active) return;
    window.addEventListener("keydown", onKey);
    return () => window.removeEventListener("keydown", onKey);
  });
}

/** Which arm or end a bone goes on: buttons with letters A–D, or the arrow pointing at it. */
export function ArmChooser({
  id = "choose-arm",
  t,
  layout,
  bone,
  targets,
  ends,
  onPick,
  onCancel,
}: {
  id?: string;
  t: T;
  layout: number;
  bone: number;
  targets: readonly number[];
  ends: readonly number[];
  onPick: (target: number) => void;
  onCancel: () => void;
}) {
  // Letters and arrows work as soon as the chooser shows, wherever the focus is at that moment.
  useChooserKeys(true, layout, targets, onPick);
  return (
    <Modal title={t("chooseArm", { bone: makeBone(bone) })} onClose={onCancel} id={id} className="chooser">
      <div class="choices">
        {targets.map((target, i) => {
          const label =
            ends[target] === -1
              ? t("armEmpty", { arm: targetName(t, layout, target) })
              : t("armShows", { arm: targetName(t, layout, target), n: ends[target] });
          return (
            <button
              type="button"
              key={target}
              onClick={() => onPick(target)}
              aria-keyshortcuts={String.fromCharCode(65 + i)}
              autofocus={i === 0}
              data-target={target}
            >
              <kbd>{String.fromCharCode(65 + i)}</kbd> {label}
            </button>
          );
        })}
        <button type="button" class="ghost" onClick={onCancel}>
          {t("cancel")}
        </button>
      </div>
    </Modal>
  );
}
