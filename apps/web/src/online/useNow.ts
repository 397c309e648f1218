import { useEffect, useState } from "preact/hooks";

/**
 * This device's clock (Date.now), read again every `period` ms while `active`: what a countdown
 * redraws with. Only the device's own clock is compared with itself (docs/web.md, "Online").
 */
export function useNow(active: boolean, period = 250): number {
  const [now, setNow] = useState(Date.now);
  useEffect(() => {
    if (!active) return;
    setNow(Date.now());
    const timer = setInterval(() => setNow(Date.now()), period);
    return () => clearInterval(timer);
  }, [active, period]);
  return now;
}

/**
 * This device's clock, read again every `period` ms until it reaches `deadline`, and once more
 * then: what a countdown to `deadline` redraws with (it stops by itself at the end).
 */
export function useNowUntil(deadline: number, period = 250): number {
  const [now, setNow] = useState(Date.now);
  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const tick = () => {
      const at = Date.now();
      setNow(at);
      if (at < deadline) timer = setTimeout(tick, Math.min(period, deadline - at));
    };
    tick();
    return () => clearTimeout(timer);
  }, [deadline, period]);
  return now;
}
