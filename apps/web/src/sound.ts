/** A short wooden click for each play and a knock for a pass, made with Web Audio (no sound files). */

let ctx: AudioContext | null = null;

/** A short tone `at` seconds from now, its pitch falling from `from` to `to` Hz as it fades. */
interface Tone {
  readonly type: OscillatorType;
  readonly from: number;
  readonly to: number;
  readonly volume: number;
  /** Seconds until the pitch has fallen; the tone fades just after and stops just after that. */
  readonly fall: number;
  readonly at: number;
}

function play(enabled: boolean, tones: readonly Tone[]): void {
  if (!enabled || typeof AudioContext === "undefined") return;
  try {
    ctx ??= new AudioContext();
    if (ctx.state === "suspended") void ctx.resume();
    for (const tone of tones) {
      const now = ctx.currentTime + tone.at;
      const osc = ctx.createOscillator();
      const gain = ctx.createGain();
      osc.type = tone.type;
      osc.frequency.setValueAtTime(tone.from, now);
      osc.frequency.exponentialRampToValueAtTime(tone.to, now + tone.fall);
      gain.gain.setValueAtTime(tone.volume, now);
      gain.gain.exponentialRampToValueAtTime(0.001, now + tone.fall + 0.02);
      osc.connect(gain).connect(ctx.destination);
      osc.start(now);
      osc.stop(now + tone.fall + 0.03);
    }
  } catch {
    // Sound is a nicety: a browser that refuses audio just plays silently.
  }
}

/** A play: one quick, bright click. */
export function click(enabled: boolean): void {
  play(enabled, [{ type: "triangle", from: 520, to: 180, volume: 0.25, fall: 0.08, at: 0 }]);
}

/** Two low knocks on the table: a pass. */
export function knock(enabled: boolean): void {
  const knock = { type: "sine", from: 170, to: 90, volume: 0.35, fall: 0.07 } as const;
  play(enabled, [
    { ...knock, at: 0 },
    { ...knock, at: 0.13 },
  ]);
}
