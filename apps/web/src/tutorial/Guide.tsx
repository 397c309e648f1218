/**
 * Mango, the lessons' guide: a green parrot on a perch, drawn as a small SVG with a few moods
 * (wave, talk, think, oops, cheer). Decorative by default; give `label` to announce it.
 */

import { GUIDE } from "./guide";
import type { Mood } from "./model";

export interface GuideProps {
  mood: Mood;
  /** Pixel size of the square drawing. */
  size?: number;
  /** Accessible name; without it the drawing is hidden from screen readers. */
  label?: string;
}

const C = GUIDE.colours;

export function Guide({ mood, size = 96, label }: GuideProps) {
  const wingUp = mood === "wave" || mood === "cheer";
  const beakOpen = mood === "talk" || mood === "cheer" || mood === "wave";
  const look = mood === "think" ? -1.6 : mood === "oops" ? 0.8 : 0;
  return (
    <svg
      class={`guide guide-${mood}`}
      viewBox="0 0 100 100"
      width={size}
      height={size}
      role={label ? "img" : undefined}
      aria-label={label}
      aria-hidden={label ? undefined : "true"}
      focusable="false"
    >
      {/* perch and feet */}
      <rect x="22" y="89" width="60" height="5" rx="2.5" fill="#8b5a2b" />
      <path d="M47 86 v4 M53 86 v4 M57 86 v4 M63 86 v4" stroke="#6b6b6b" stroke-width="2" stroke-linecap="round" />
      {/* tail */}
      <path d="M42 72 L30 97 L39 95 L48 78 Z" fill={C.wing} />
      <path d="M46 74 L40 98 L47 96 L52 79 Z" fill="#2a6fb5" />
      {/* body and belly */}
      <ellipse cx="54" cy="63" rx="19" ry="25" fill={C.body} />
      <ellipse cx="58" cy="69" rx="10" ry="15" fill={C.belly} />
      {/* wing */}
      {wingUp ? (
        <path class="guide-wing" d="M42 55 Q24 38 22 20 Q38 30 52 52 Z" fill={C.wing} />
      ) : (
        <path class="guide-wing" d="M40 52 Q32 70 44 86 Q54 72 52 54 Z" fill={C.wing} />
      )}
      {/* head */}
      <circle cx="58" cy="31" r="17" fill={C.body} />
      <circle cx="64" cy="38" r="4" fill={C.cheek} opacity="0.75" />
      {/* eye */}
      {mood === "cheer" ? (
        <path d="M57 28 Q61 23 65 28" fill="none" stroke={C.eye} stroke-width="2.2" stroke-linecap="round" />
      ) : (
        <g>
          <circle cx="61" cy="28" r="5.2" fill="#fff" />
          <circle cx={62 + look / 2} cy={28 + look} r="2.7" fill={C.eye} />
        </g>
      )}
      {mood === "oops" && <path d="M56 20 L66 22" stroke={C.eye} stroke-width="1.8" stroke-linecap="round" />}
      {/* beak: upper hook, lower jaw (dropped when speaking) */}
      <path d="M72 27 Q85 29 80 43 Q76 37 70 37 Z" fill={C.beak} />
      <path d={beakOpen ? "M70 40 Q76 42 77 47 Q71 47 68 42 Z" : "M70 38 Q76 39 77 43 Q71 44 68 40 Z"} fill="#d99a00" />
      {/* mood marks */}
      {mood === "think" && (
        <g fill="#9aa0a6">
          <circle cx="82" cy="14" r="2" />
          <circle cx="88" cy="9" r="2.6" />
          <circle cx="95" cy="4" r="3.2" />
        </g>
      )}
      {mood === "oops" && <path d="M44 20 q-3 5 0 7 q3 -2 0 -7 Z" fill="#6fb7e9" />}
      {mood === "cheer" && (
        <g fill={C.beak}>
          <path d="M86 14 l1.5 4 4 1.5 -4 1.5 -1.5 4 -1.5 -4 -4 -1.5 4 -1.5 Z" />
          <path d="M16 46 l1 3 3 1 -3 1 -1 3 -1 -3 -3 -1 3 -1 Z" />
        </g>
      )}
    </svg>
  );
}
